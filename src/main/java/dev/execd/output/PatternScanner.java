package dev.execd.output;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Matches a {@code wait_for} pattern incrementally against text as it arrives, with the
 * result a search of the whole text so far would have, without searching it all again.
 * <p>
 * Each start position is tried once, as the engine would in a search. A try that fails
 * without reading the end of the text fails whatever follows, and is never made again;
 * one that read to the end ({@link Matcher#hitEnd()}) is made again with the next chunk.
 * A literal pattern therefore costs about one try per character, while one such as
 * {@code START.*END} tries its start again for as long as the end is missing, as a search
 * would. Scans run under a step budget so a catastrophic pattern cannot pin a CPU.
 */
public final class PatternScanner {

	/**
	 * How much text a match may start in: the newest this many characters; older text is
	 * let go as more arrives.
	 */
	public static final int WINDOW = 1024 * 1024;

	/** Characters kept before the window for {@code ^}, {@code \b} and lookbehinds. */
	public static final int CONTEXT = 4096;

	/** How far the text may outgrow the window before it is cut back to it. */
	private static final int SLACK = WINDOW / 4;

	/**
	 * Character reads one scan may make before it is abandoned: a fixed allowance plus a
	 * multiple of the text scanned, so ordinary patterns never hit it and a backtracking
	 * one is stopped in well under a second.
	 */
	static final long STEP_BUDGET = 1_000_000;

	static final long STEPS_PER_CHAR = 64;

	private final Pattern pattern;

	private final boolean stripAnsi;

	private @Nullable AnsiStripper stripper;

	private final StringBuilder text = new StringBuilder();

	private final BudgetedText budgeted = new BudgetedText(this.text, 0);

	private final Matcher matcher;

	/**
	 * The text a plain literal pattern stands for, found with a string search; else null.
	 */
	private final @Nullable String literal;

	/** Start positions, ascending, whose last try read to the end of the text. */
	private int[] open = new int[16];

	private int openCount;

	/** The first start position not tried yet. */
	private int next;

	/** Where the text to match starts; what comes before is context. */
	private int first;

	private boolean matched;

	public PatternScanner(Pattern pattern, boolean stripAnsi) {
		this.pattern = StartAnchor.rewrite(pattern);
		this.stripAnsi = stripAnsi;
		this.stripper = stripAnsi ? new AnsiStripper() : null;
		// Without anchoring bounds, ^ and lookbehinds at a try's start see the text
		// before
		// it, so a try that starts mid-line does not anchor there.
		this.matcher = this.pattern.matcher(this.budgeted).useAnchoringBounds(false).useTransparentBounds(true);
		this.literal = LiteralPattern.text(this.pattern);
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
		String visible = (this.stripper != null) ? this.stripper.strip(chunk) : chunk;
		if (visible.isEmpty()) {
			return false;
		}
		this.text.append(visible);
		int end = this.text.length();
		if (this.literal != null) {
			// Only the starts a literal could not yet be decided at are tried again: the
			// last of its length minus one. A search finds it many times faster than a
			// try at every start.
			int from = Math.max(this.first, this.next - this.literal.length());
			this.matched = this.text.indexOf(this.literal, from) >= 0;
			return finish(end);
		}
		int from = (this.openCount > 0) ? this.open[0] : this.next;
		this.budgeted.budget(STEP_BUDGET + STEPS_PER_CHAR * (end - from));
		try {
			int tried = this.openCount;
			this.openCount = 0;
			for (int k = 0; k < tried && !this.matched; k++) {
				attempt(this.open[k], end);
			}
			for (int at = this.next; at <= end && !this.matched; at++) {
				attempt(at, end);
			}
		}
		catch (StackOverflowError ex) {
			// java.util.regex recurses once per repetition of a group such as (.|\n)*:
			// a few kilobytes of output exhaust the stack of the thread that scans.
			throw new StepBudgetExceededException("wait_for pattern recursed too deeply for the output");
		}
		return finish(end);
	}

	private boolean finish(int end) {
		this.next = end + 1;
		if (end - this.first > WINDOW + SLACK) {
			cut(end - WINDOW - CONTEXT);
		}
		return this.matched;
	}

	/**
	 * Starts over after text that was not fed: matches cannot span the gap.
	 * @param context the text just before the next chunk, for {@code ^}, {@code \b} and
	 * lookbehinds; it is not matched itself
	 */
	public void restart(String context) {
		this.stripper = this.stripAnsi ? new AnsiStripper() : null;
		this.text.setLength(0);
		this.text.append((this.stripper != null) ? this.stripper.strip(context) : context);
		this.openCount = 0;
		this.first = this.text.length();
		this.next = this.first;
	}

	public boolean matched() {
		return this.matched;
	}

	private void attempt(int at, int end) {
		this.matched = this.matcher.region(at, end).lookingAt();
		if (!this.matched && (this.matcher.hitEnd() || this.matcher.requireEnd())) {
			if (this.openCount == this.open.length) {
				this.open = Arrays.copyOf(this.open, 2 * this.openCount);
			}
			this.open[this.openCount++] = at;
		}
	}

	/** Drops the text before {@code drop}, keeping {@link #CONTEXT} characters of it. */
	private void cut(int drop) {
		this.text.delete(0, drop);
		this.next -= drop;
		this.first = CONTEXT;
		int kept = 0;
		for (int k = 0; k < this.openCount; k++) {
			if (this.open[k] - drop >= this.first) {
				this.open[kept++] = this.open[k] - drop;
			}
		}
		this.openCount = kept;
	}

	/**
	 * Matches a pattern against a whole text, such as a rendered screen, under the same
	 * step budget as a scan of that much new text.
	 * @throws StepBudgetExceededException when it ran out of steps or of stack
	 */
	public static boolean matches(Pattern pattern, CharSequence text, String what) {
		long budget = STEP_BUDGET + STEPS_PER_CHAR * text.length();
		try {
			return pattern.matcher(new BudgetedText(text, budget)).find();
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

}
