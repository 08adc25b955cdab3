package dev.execd.output;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * One watch's pattern, matched line by line under the step budget of
 * {@link PatternScanner}: the budget is set per chunk of output from its size, shared by
 * the chunk's lines, so a catastrophic pattern costs a reader thread a bounded time per
 * read however the output is cut into lines. One matcher is reused for every line (and
 * one more for empty lines, see {@link EmptyLines}).
 */
public final class WatchMatcher {

	private final Matcher lines;

	/** For an empty line, see {@link EmptyLines}. */
	private final Matcher emptyLine;

	/** The one the last line went to, for the groups of its match. */
	private Matcher matcher;

	private final BudgetedLine line = new BudgetedLine();

	private long left;

	public WatchMatcher(Pattern pattern) {
		this.lines = pattern.matcher("");
		this.emptyLine = EmptyLines.pattern(pattern).matcher("");
		this.matcher = this.lines;
	}

	/** Sets the budget for the lines of {@code bytes} bytes of output. */
	public void budget(long bytes) {
		this.left = PatternScanner.STEP_BUDGET + PatternScanner.STEPS_PER_CHAR * bytes;
	}

	/**
	 * Finds the pattern's first match in {@code text} (the line, without its end).
	 * @return the character index where it starts, or -1
	 * @throws PatternScanner.StepBudgetExceededException when the chunk's budget ran out
	 * or the pattern recursed too deeply
	 */
	public int find(CharSequence text) {
		this.line.text = text;
		this.matcher = (text.isEmpty()) ? this.emptyLine : this.lines;
		this.matcher.reset(this.line);
		try {
			return this.matcher.find() ? this.matcher.start() : -1;
		}
		catch (StackOverflowError ex) {
			throw new PatternScanner.StepBudgetExceededException("watch pattern recursed too deeply for the output");
		}
	}

	/**
	 * The capture groups of the last match, each cut to {@link TextLine#MAX_TEXT} bytes;
	 * null for a group that did not take part.
	 */
	public List<@Nullable String> groups() {
		List<@Nullable String> groups = new ArrayList<>(this.matcher.groupCount());
		for (int i = 1; i <= this.matcher.groupCount(); i++) {
			int start = this.matcher.start(i);
			groups.add((start < 0) ? null : TextLine.capped(this.line.text.subSequence(start, this.matcher.end(i))));
		}
		return groups;
	}

	/** The line as the regex engine reads it: every character read costs a step. */
	private final class BudgetedLine implements CharSequence {

		private CharSequence text = "";

		@Override
		public char charAt(int index) {
			if (--WatchMatcher.this.left < 0) {
				throw new PatternScanner.StepBudgetExceededException("watch pattern exceeded its step budget");
			}
			return this.text.charAt(index);
		}

		@Override
		public int length() {
			return this.text.length();
		}

		@Override
		public CharSequence subSequence(int start, int end) {
			return this.text.subSequence(start, end);
		}

		@Override
		public String toString() {
			return this.text.toString();
		}

	}

}
