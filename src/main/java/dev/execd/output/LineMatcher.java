package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What a log search looks for in one line of raw bytes: a literal (a byte search, no
 * decoding) or a regular expression (the line decoded, matched under the step budget of
 * {@code wait_for}).
 */
public sealed interface LineMatcher permits LiteralMatcher, RegexMatcher {

	/**
	 * Where the first match in {@code b[from, to)} starts, or -1.
	 * @throws PatternScanner.StepBudgetExceededException when a regular expression ran
	 * out of steps or of stack on this text
	 */
	int find(byte[] b, int from, int to);

	/**
	 * Whether {@link #candidate} can pass over lines that cannot match, many at once.
	 */
	boolean skips();

	/**
	 * Where in {@code b[from, to)}, many complete lines, the first line that may match
	 * has a byte (no line before it matches), or -1 when none may: for a literal without
	 * a newline, its first occurrence; for a regular expression, a byte of the first line
	 * that holds a literal every match contains and that its DFA does not pass over. Only
	 * when {@link #skips()}.
	 */
	int candidate(byte[] b, int from, int to);

	/** The bytes of the buffer {@link #candidate} searches changed. */
	default void newChunk() {
	}

	/**
	 * A literal: its UTF-8 bytes searched as they are, or with ASCII letters folded when
	 * {@code ignoreCase}; a literal with other letters and {@code ignoreCase} is matched
	 * as a Unicode case-insensitive regular expression instead.
	 */
	static LineMatcher literal(String text, boolean ignoreCase) {
		boolean ascii = text.chars().allMatch((c) -> c < 0x80);
		if (ignoreCase && !ascii) {
			return new RegexMatcher(
					Pattern.compile(text, Pattern.LITERAL | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
		}
		return new LiteralMatcher(text.getBytes(StandardCharsets.UTF_8), ignoreCase);
	}

	/** A regular expression, matched against one decoded line at a time. */
	static LineMatcher regex(Pattern pattern) {
		return new RegexMatcher(pattern);
	}

}
