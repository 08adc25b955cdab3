package dev.execd.output;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Matches a {@code wait_for} pattern incrementally against text as it arrives: each scan
 * covers the new text plus a bounded overlap, not the whole history, and runs under a
 * step budget so a catastrophic pattern cannot pin a CPU.
 */
public final class PatternScanner {

	/** How much earlier text a match may reach back into. */
	static final int OVERLAP = 64 * 1024;

	/**
	 * Character reads one scan may make before it is abandoned: a fixed allowance plus a
	 * multiple of the text scanned, so ordinary patterns never hit it and a backtracking
	 * one is stopped in well under a second.
	 */
	static final long STEP_BUDGET = 1_000_000;

	static final long STEPS_PER_CHAR = 64;

	private final Pattern pattern;

	private final @Nullable AnsiStripper stripper;

	private final StringBuilder text = new StringBuilder();

	private int scannedTo;

	/** 1 once old text was dropped: index 0 is context, not text to match. */
	private int firstScannable;

	private boolean matched;

	public PatternScanner(Pattern pattern, boolean stripAnsi) {
		this.pattern = pattern;
		this.stripper = stripAnsi ? new AnsiStripper() : null;
	}

	/**
	 * Adds decoded text and scans it.
	 * @return whether the pattern has matched
	 * @throws StepBudgetExceededException when a scan ran out of steps or of stack
	 */
	public boolean feed(String chunk) {
		if (this.matched || chunk.isEmpty()) {
			return this.matched;
		}
		this.text.append((this.stripper != null) ? this.stripper.strip(chunk) : chunk);
		int from = Math.max(this.firstScannable, this.scannedTo - OVERLAP);
		// Without anchoring bounds, ^ and lookbehinds at the region's start see the text
		// before it, so a scan that starts mid-line does not anchor there.
		long budget = STEP_BUDGET + STEPS_PER_CHAR * (this.text.length() - from);
		Matcher matcher = this.pattern.matcher(new Budgeted(this.text, budget))
			.useAnchoringBounds(false)
			.useTransparentBounds(true)
			.region(from, this.text.length());
		try {
			this.matched = matcher.find();
		}
		catch (StackOverflowError ex) {
			// java.util.regex recurses once per repetition of a group such as (.|\n)*:
			// a few kilobytes of output exhaust the stack of the thread that scans.
			throw new StepBudgetExceededException("wait_for pattern recursed too deeply for the output");
		}
		this.scannedTo = this.text.length();
		if (this.text.length() > 4 * OVERLAP) {
			// Keep one character before the overlap as context for ^ and \b.
			int drop = this.text.length() - OVERLAP - 1;
			this.text.delete(0, drop);
			this.scannedTo -= drop;
			this.firstScannable = 1;
		}
		return this.matched;
	}

	public boolean matched() {
		return this.matched;
	}

	/**
	 * Matches a pattern against a whole text, such as a rendered screen, under the same
	 * step budget as a scan of that much new text.
	 * @throws StepBudgetExceededException when it ran out of steps or of stack
	 */
	public static boolean matches(Pattern pattern, CharSequence text, String what) {
		long budget = STEP_BUDGET + STEPS_PER_CHAR * text.length();
		try {
			return pattern.matcher(new Budgeted(text, budget)).find();
		}
		catch (StepBudgetExceededException ex) {
			throw new StepBudgetExceededException(what + " pattern exceeded its step budget");
		}
		catch (StackOverflowError ex) {
			throw new StepBudgetExceededException(what + " pattern recursed too deeply for the text");
		}
	}

	/**
	 * Thrown when a pattern needs more steps than the budget allows, or more stack than
	 * the scanning thread has.
	 */
	public static final class StepBudgetExceededException extends RuntimeException {

		StepBudgetExceededException() {
			this("wait_for pattern exceeded its step budget");
		}

		StepBudgetExceededException(String message) {
			super(message, null, false, false);
		}

	}

	/**
	 * Counts every character the regex engine reads.
	 */
	private static final class Budgeted implements CharSequence {

		private final CharSequence text;

		private final long[] left;

		Budgeted(CharSequence text, long budget) {
			this(text, new long[] { budget });
		}

		private Budgeted(CharSequence text, long[] left) {
			this.text = text;
			this.left = left;
		}

		@Override
		public char charAt(int index) {
			if (--this.left[0] < 0) {
				throw new StepBudgetExceededException();
			}
			return this.text.charAt(index);
		}

		@Override
		public int length() {
			return this.text.length();
		}

		@Override
		public CharSequence subSequence(int start, int end) {
			return new Budgeted(this.text.subSequence(start, end), this.left);
		}

		@Override
		public String toString() {
			return this.text.toString();
		}

	}

}
