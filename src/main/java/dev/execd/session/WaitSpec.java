package dev.execd.session;

import java.util.regex.Pattern;

import dev.execd.output.Truncation;
import org.jspecify.annotations.Nullable;

/**
 * How a call waits for and shapes output.
 *
 * @param yieldNanos how long to wait at most
 * @param waitFor ends the wait early when the returned text matches, or null
 * @param maxOutputBytes cap on the returned output
 * @param truncation what to keep over the cap
 * @param stripAnsi whether to remove escape sequences from the text
 */
public record WaitSpec(long yieldNanos, @Nullable Pattern waitFor, int maxOutputBytes, Truncation truncation,
		boolean stripAnsi) {

	/**
	 * A wait whose truncation is given by its wire name: {@code head_tail} (also when
	 * null), {@code tail} or {@code head}.
	 * @throws SessionException.InvalidRequest for any other name
	 */
	public static WaitSpec of(long yieldNanos, @Nullable Pattern waitFor, int maxOutputBytes,
			@Nullable String truncation, boolean stripAnsi) {
		Truncation kept = switch ((truncation != null) ? truncation : "head_tail") {
			case "head_tail" -> Truncation.HEAD_TAIL;
			case "tail" -> Truncation.TAIL;
			case "head" -> Truncation.HEAD;
			default -> throw new SessionException.InvalidRequest("truncation must be head_tail, tail or head");
		};
		return new WaitSpec(yieldNanos, waitFor, maxOutputBytes, kept, stripAnsi);
	}

}
