package dev.execd.api;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import dev.execd.session.Session;
import dev.execd.session.SessionException;
import dev.execd.session.WaitSpec;
import org.jspecify.annotations.Nullable;

/**
 * How a call waits, from its wire fields: the checks and clamps that start, stdin and
 * output calls share, so the three take {@code wait_for_screen}, {@code settle_ms} and
 * {@code input_quiet_ms} the same way.
 */
public final class Waits {

	static final long MAX_SETTLE_MS = 30_000;

	static final long DEFAULT_INPUT_QUIET_MS = 300;

	static final long MAX_INPUT_QUIET_MS = 60_000;

	private Waits() {
	}

	/**
	 * The wait conditions beyond the yield and {@code wait_for}.
	 *
	 * @param waitForScreen a regular expression for the rendered screen, or null
	 * @param settleMs end once output came and then nothing for this long; null or 0 off
	 * @param inputQuietMs end once the process reads its input after this much quiet;
	 * null: 300, 0 off
	 */
	public record Until(@Nullable String waitForScreen, @Nullable Long settleMs, @Nullable Long inputQuietMs) {

		/** Every default. */
		public static final Until DEFAULTS = new Until(null, null, null);

		/** {@code base} with these conditions, checked. */
		WaitSpec applyTo(WaitSpec base) {
			long settle = Inputs.inRange(this.settleMs, 0, 0, MAX_SETTLE_MS, "settle_ms");
			long quiet = Inputs.inRange(this.inputQuietMs, DEFAULT_INPUT_QUIET_MS, 0, MAX_INPUT_QUIET_MS,
					"input_quiet_ms");
			return base.until(pattern(this.waitForScreen, "wait_for_screen"), TimeUnit.MILLISECONDS.toNanos(settle),
					TimeUnit.MILLISECONDS.toNanos(quiet));
		}

	}

	/** The wait of a call that returns output since the delivery cursor. */
	static WaitSpec of(long yieldMs, @Nullable String waitFor, Until until, @Nullable Long maxOutputBytes,
			@Nullable String truncation, @Nullable Boolean stripAnsi) {
		WaitSpec base = WaitSpec.of(TimeUnit.MILLISECONDS.toNanos(yieldMs), pattern(waitFor, "wait_for"),
				(int) Inputs.clamp(maxOutputBytes, 32768, 256, 1048576, "max_output_bytes"), truncation,
				Inputs.flag(stripAnsi));
		return until.applyTo(base);
	}

	/**
	 * A regular expression as {@code wait_for} takes it: at most 1024 characters, Java
	 * syntax, MULTILINE.
	 * @throws ApiException 400 {@code invalid_request} otherwise
	 */
	static @Nullable Pattern pattern(@Nullable String regex, String field) {
		return (regex != null) ? pattern(regex, field, 0) : null;
	}

	/** As {@link #pattern(String, String)}, with more flags. */
	static Pattern pattern(String regex, String field, int flags) {
		if (Inputs.characters(regex) > Inputs.MAX_WAIT_FOR_LENGTH) {
			throw ApiException.invalid(field + " is longer than " + Inputs.MAX_WAIT_FOR_LENGTH + " characters");
		}
		try {
			return Pattern.compile(regex, Pattern.MULTILINE | flags);
		}
		catch (PatternSyntaxException ex) {
			throw ApiException.invalid(field + " is not a valid regular expression: " + ex.getDescription());
		}
	}

	/**
	 * Refuses a screen pattern for a session without a screen.
	 * @throws SessionException.NotATerminal for a pipe session
	 */
	static void checkScreen(WaitSpec wait, Session session) {
		if (wait.waitForScreen() != null) {
			ScreenService.requireTerminal(session);
		}
	}

}
