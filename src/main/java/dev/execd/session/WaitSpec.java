package dev.execd.session;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.execd.output.Truncation;
import org.jspecify.annotations.Nullable;

/**
 * How a call waits for and shapes output.
 *
 * @param yieldNanos how long to wait at most
 * @param waitFor ends the wait early when the returned text matches, or null
 * @param waitForScreen ends the wait early when the rendered screen matches, or null
 * @param settleNanos ends the wait once output came and then nothing for this long; 0 off
 * @param inputQuietNanos ends the wait once the foreground process is blocked reading its
 * input and no output came for this long; 0 off
 * @param maxOutputBytes cap on the returned output
 * @param truncation what to keep over the cap
 * @param stripAnsi whether to remove escape sequences from the text
 */
public record WaitSpec(long yieldNanos, @Nullable Pattern waitFor, @Nullable Pattern waitForScreen, long settleNanos,
		long inputQuietNanos, int maxOutputBytes, Truncation truncation, boolean stripAnsi) {

	/** {@code input_quiet_ms} when none is given. */
	public static final long DEFAULT_INPUT_QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

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
		return new WaitSpec(yieldNanos, waitFor, null, 0, DEFAULT_INPUT_QUIET_NANOS, maxOutputBytes, kept, stripAnsi);
	}

	/** This wait with the screen pattern and the settle and input conditions given. */
	public WaitSpec until(@Nullable Pattern screen, long settle, long inputQuiet) {
		return new WaitSpec(this.yieldNanos, this.waitFor, screen, settle, inputQuiet, this.maxOutputBytes,
				this.truncation, this.stripAnsi);
	}

	/** Whether a pattern was given, so the response's {@code matched} is not null. */
	boolean hasPattern() {
		return this.waitFor != null || this.waitForScreen != null;
	}

}
