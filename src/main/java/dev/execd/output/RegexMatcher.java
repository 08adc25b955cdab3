package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.execd.output.dfa.ByteDfa;
import org.jspecify.annotations.Nullable;

/**
 * A regular expression matched against one line at a time: the line's bytes decoded into
 * a reused buffer (an invalid byte becomes one U+FFFD, so every character maps back to
 * its bytes exactly) and read by the engine through a counter, the step budget of a
 * {@code wait_for} scan of that much text.
 * <p>
 * Two filters keep lines that cannot match from the engine: the literals every match
 * contains ({@link RegexLiterals}) and a DFA over the line's bytes ({@link ByteDfa}).
 * With both, the literals find the next line worth a look and the DFA reads on from
 * there, to the end of a line at least {@link #DFA_RUN} bytes on, a run that doubles each
 * time it finds nothing and starts short again when the literal jumps further: a literal
 * on most lines costs the DFA's rate, a rare one the literal search's.
 */
final class RegexMatcher implements LineMatcher {

	static final int DFA_RUN = 4096;

	private final Matcher matcher;

	/** For an empty line, see {@link EmptyLines}. */
	private final Matcher emptyLine;

	private final CountedChars text = new CountedChars();

	/** Literals one of which every match contains; null when unknown. */
	private final LiteralMatcher @Nullable [] literals;

	/** Per literal, its next occurrence in the current chunk: -1 none, -2 unknown. */
	private final int[] next;

	private final @Nullable ByteDfa dfa;

	/** How far the DFA reads on after the next literal hit. */
	private int run = DFA_RUN;

	RegexMatcher(Pattern pattern) {
		this.matcher = pattern.matcher("");
		this.emptyLine = EmptyLines.pattern(pattern).matcher("");
		boolean ignoreCase = (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0;
		List<String> required = ((pattern.flags() & Pattern.LITERAL) != 0) ? null
				: RegexLiterals.of(pattern.pattern(), ignoreCase);
		this.literals = (required == null) ? null
				: required.stream()
					.map((literal) -> new LiteralMatcher(literal.getBytes(StandardCharsets.US_ASCII), ignoreCase))
					.toArray(LiteralMatcher[]::new);
		this.next = new int[(this.literals != null) ? this.literals.length : 0];
		this.dfa = ByteDfa.of(pattern);
		newChunk();
	}

	@Override
	public boolean skips() {
		return this.literals != null || this.dfa != null;
	}

	@Override
	public void newChunk() {
		Arrays.fill(this.next, -2);
	}

	@Override
	public int candidate(byte[] b, int from, int to) {
		if (this.dfa == null) {
			return literalCandidate(b, from, to);
		}
		if (this.literals == null) {
			return this.dfa.scan(b, from, to);
		}
		for (int at = from; at < to;) {
			int hit = literalCandidate(b, at, to);
			if (hit < 0) {
				return -1;
			}
			int line = Newlines.lastIndexOf(b, at, hit) + 1;
			this.run = (hit - at > this.run) ? DFA_RUN : this.run;
			int end = Newlines.indexOf(b, (int) Math.min(to, (long) hit + this.run), to);
			end = (end < 0) ? to : end;
			int found = this.dfa.scan(b, line, end);
			if (found >= 0) {
				return found;
			}
			this.run = Math.min(2 * this.run, LogChunks.CHUNK);
			at = end;
		}
		return -1;
	}

	private int literalCandidate(byte[] b, int from, int to) {
		int first = -1;
		for (int k = 0; k < this.next.length; k++) {
			if (this.next[k] != -1 && this.next[k] < from) {
				this.next[k] = this.literals[k].find(b, from, to);
			}
			if (this.next[k] >= 0 && (first < 0 || this.next[k] < first)) {
				first = this.next[k];
			}
		}
		return first;
	}

	@Override
	public int find(byte[] b, int from, int to) {
		if ((this.literals != null && !anyLiteral(b, from, to))
				|| (this.dfa != null && this.dfa.scan(b, from, to) < 0)) {
			return -1;
		}
		boolean ascii = this.text.decode(b, from, to);
		this.text.budget(PatternScanner.STEP_BUDGET + PatternScanner.STEPS_PER_CHAR * this.text.length());
		boolean found;
		try {
			found = ((from == to) ? this.emptyLine : this.matcher).reset(this.text).find();
		}
		catch (StackOverflowError ex) {
			throw new PatternScanner.StepBudgetExceededException("the pattern recursed too deeply for a line");
		}
		if (!found) {
			return -1;
		}
		if (from == to) {
			return from;
		}
		int start = this.matcher.start();
		return ascii ? from + start : byteIndex(b, from, to, start);
	}

	private boolean anyLiteral(byte[] b, int from, int to) {
		for (LiteralMatcher literal : this.literals) {
			if (literal.find(b, from, to) >= 0) {
				return true;
			}
		}
		return false;
	}

	/** The byte where the {@code chars}-th decoded character starts. */
	private static int byteIndex(byte[] b, int from, int to, int chars) {
		int i = from;
		for (int n = 0; n < chars && i < to;) {
			int len = sequence(b, i, to);
			n += (len == 4) ? 2 : 1;
			i += len;
		}
		return i;
	}

	/**
	 * The length of the valid UTF-8 sequence at {@code i}, or 1 for a byte that starts
	 * none.
	 */
	static int sequence(byte[] b, int i, int to) {
		int len = Utf8.sequenceLength(b[i]);
		if (len <= 1 || i + len > to) {
			return 1;
		}
		for (int k = 1; k < len; k++) {
			if (!Utf8.isContinuation(b[i + k])) {
				return 1;
			}
		}
		return len;
	}

	/**
	 * A decoded line, read through a step counter.
	 */
	private static final class CountedChars implements CharSequence {

		private char[] chars = new char[256];

		private int length;

		private long left;

		void budget(long steps) {
			this.left = steps;
		}

		/**
		 * @return whether the line is ASCII: character and byte indexes agree
		 */
		boolean decode(byte[] b, int from, int to) {
			if (this.chars.length < to - from) {
				this.chars = new char[Math.max(to - from, this.chars.length * 2)];
			}
			char[] out = this.chars;
			int n = 0;
			int i = from;
			while (i < to && b[i] >= 0) {
				out[n++] = (char) b[i++];
			}
			boolean ascii = i == to;
			while (i < to) {
				int len = sequence(b, i, to);
				if (len == 1) {
					out[n++] = (b[i] >= 0) ? (char) b[i] : '\uFFFD';
				}
				else {
					int cp = b[i] & (0xFF >> (len + 1));
					for (int k = 1; k < len; k++) {
						cp = (cp << 6) | (b[i + k] & 0x3F);
					}
					n += Character.toChars(Math.min(cp, Character.MAX_CODE_POINT), out, n);
				}
				i += len;
			}
			this.length = n;
			return ascii;
		}

		@Override
		public char charAt(int index) {
			if (--this.left < 0) {
				throw new PatternScanner.StepBudgetExceededException("the pattern exceeded its step budget on a line");
			}
			return this.chars[index];
		}

		@Override
		public int length() {
			return this.length;
		}

		@Override
		public CharSequence subSequence(int start, int end) {
			return new String(this.chars, start, end - start);
		}

		@Override
		public String toString() {
			return new String(this.chars, 0, this.length);
		}

	}

}
