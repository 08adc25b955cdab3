package dev.execd.session;

import java.util.List;
import java.util.regex.Pattern;

import dev.execd.output.LineMatcher;
import dev.execd.output.LineText;
import dev.execd.output.LogScan;
import dev.execd.output.SearchBudget;
import org.jspecify.annotations.Nullable;

/**
 * One search request over session logs: what it looks for, the context it reports, and
 * the time and byte budget every log it scans shares. Results carry the text of the
 * matching lines, read after the scan.
 */
public final class SessionSearch {

	private final LineMatcher matcher;

	private final int context;

	private final SearchBudget budget;

	private SessionSearch(LineMatcher matcher, int context, long budgetNanos, long budgetBytes) {
		this.matcher = matcher;
		this.context = context;
		this.budget = new SearchBudget(budgetNanos, budgetBytes);
	}

	/**
	 * A regular expression, matched line by line under the step budget of
	 * {@code wait_for}.
	 * @param context lines to report before and after each match
	 * @param budgetNanos how long the whole request may scan
	 * @param budgetBytes how many bytes it may read
	 */
	public static SessionSearch regex(Pattern pattern, int context, long budgetNanos, long budgetBytes) {
		return new SessionSearch(LineMatcher.regex(pattern), context, budgetNanos, budgetBytes);
	}

	/** A literal; see {@link LineMatcher#literal}. */
	public static SessionSearch literal(String text, boolean ignoreCase, int context, long budgetNanos,
			long budgetBytes) {
		return new SessionSearch(LineMatcher.literal(text, ignoreCase), context, budgetNanos, budgetBytes);
	}

	/** Whether the budget ran out. */
	public boolean spent() {
		return this.budget.spent();
	}

	/**
	 * Searches {@code [from, to)} of one session's output.
	 * @param to the end, or null for the output so far
	 * @param maxMatches most matching lines
	 * @throws dev.execd.output.OutputException.OffsetOutOfRange when {@code from} is past
	 * the end
	 * @throws SessionException.Busy when too many searches wait for a thread already
	 */
	public Result search(SessionReads reads, long from, @Nullable Long to, int maxMatches) {
		// The budget counts from the request: time waiting for a thread is spent too.
		return CpuThreads.call(() -> scan(reads, from, to, maxMatches));
	}

	private Result scan(SessionReads reads, long from, @Nullable Long to, int maxMatches) {
		LogScan scan = reads.search(this.matcher, from, to, maxMatches, this.context, this.budget);
		List<Match> matches = scan.hits().stream().map((hit) -> {
			LineText.Excerpt line = reads.lineText(hit.line(), hit.offset());
			return new Match(hit.offset(), hit.line().from(), line.text(), line.truncated(), texts(reads, hit.before()),
					texts(reads, hit.after()));
		}).toList();
		List<Gap> gaps = scan.gaps().stream().map((gap) -> new Gap(gap.from(), gap.to())).toList();
		String stop = (scan.stop() == null) ? null : switch (scan.stop()) {
			case MAX_MATCHES -> "max_matches";
			case BUDGET -> "budget";
		};
		return new Result(matches, scan.next(), stop, scan.scanned(), gaps, scan.overBudgetLines());
	}

	private static List<String> texts(SessionReads reads, List<LogScan.Span> lines) {
		return lines.stream().map((line) -> reads.lineText(line, line.from()).text()).toList();
	}

	/**
	 * What a search of one log found.
	 *
	 * @param matches the matching lines, in log order
	 * @param next where a further search goes on
	 * @param truncatedBy {@code max_matches} or {@code budget} when it stopped early
	 * @param scanned bytes read
	 * @param gaps ranges skipped because the log no longer keeps them
	 * @param overBudgetLines lines on which the pattern ran out of steps
	 */
	public record Result(List<Match> matches, long next, @Nullable String truncatedBy, long scanned, List<Gap> gaps,
			long overBudgetLines) {

	}

	/**
	 * A matching line.
	 *
	 * @param offset where its first match starts
	 * @param lineOffset where it starts
	 * @param line its text, at most 1 KiB
	 * @param lineTruncated whether the text leaves part of it out
	 * @param before context lines before it
	 * @param after context lines after it
	 */
	public record Match(long offset, long lineOffset, String line, boolean lineTruncated, List<String> before,
			List<String> after) {

	}

	/**
	 * Offsets {@code [from, to)} skipped.
	 *
	 * @param from the first
	 * @param to the end, exclusive
	 */
	public record Gap(long from, long to) {

	}

}
