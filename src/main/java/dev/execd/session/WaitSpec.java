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

}
