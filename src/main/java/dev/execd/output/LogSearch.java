package dev.execd.output;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Scans a range of a log for lines that match, reading it in chunks of
 * {@link LogChunks#CHUNK} bytes into one reused buffer: the log is never loaded whole,
 * and at most one chunk plus one line is in memory.
 * <p>
 * Lines end at {@code \n}, and the {@code \r}s at a line's end go with it: the pattern
 * sees the line as it is shown, as a watch sees it. A line longer than {@link #MAX_LINE}
 * bytes is matched as pieces of that size, so memory stays bounded and a long line is
 * still searched through. The scan starts at its first offset as if a line began there.
 * Bytes the log no longer keeps (past the log cap, before the memory window) end the line
 * before them and are skipped as a gap. A line is reported once, at its first match.
 * Without context lines, a literal (or, for a regular expression, a literal every match
 * contains and the DFA that passes over lines it cannot match) is first searched over all
 * the complete lines of the chunk at once, without finding line ends.
 */
public final class LogSearch {

	/**
	 * The longest line matched whole; longer lines are matched in pieces of this size.
	 */
	public static final int MAX_LINE = 64 * 1024;

	/** Lines between two looks at the clock. */
	private static final int CHECK_EVERY = 16;

	private final LineMatcher matcher;

	private final int maxMatches;

	private final int context;

	private final SearchBudget budget;

	private final boolean skipping;

	private final LogChunks chunks;

	private long cursor;

	private final List<LogScan.Hit> hits = new ArrayList<>();

	private final ArrayDeque<LogScan.Span> recent = new ArrayDeque<>();

	private final List<LogScan.Hit> pending = new ArrayList<>();

	private long overBudgetLines;

	private LogScan.@Nullable Stop stop;

	private long next;

	private LogSearch(OutputLog log, LineMatcher matcher, long from, long to, int maxMatches, int context,
			SearchBudget budget) {
		this.matcher = matcher;
		this.maxMatches = maxMatches;
		this.context = context;
		this.budget = budget;
		this.skipping = matcher.skips() && context == 0;
		this.chunks = new LogChunks(log, from, to, budget, this.skipping);
		this.cursor = from;
		this.next = to;
	}

	/**
	 * Scans {@code [from, to)}, which must lie within the log.
	 * @param maxMatches stop after this many matching lines (then only context lines)
	 * @param context lines before and after each match to report
	 */
	public static LogScan scan(OutputLog log, LineMatcher matcher, long from, long to, int maxMatches, int context,
			SearchBudget budget) {
		return new LogSearch(log, matcher, from, to, maxMatches, context, budget).run();
	}

	private LogScan run() {
		LogChunks c = this.chunks;
		for (int lines = 1;; lines++) {
			if (lines % CHECK_EVERY == 0 && this.budget.spent()) {
				stopForBudget();
				break;
			}
			int at = (int) (this.cursor - c.start);
			if (this.skipping && this.stop == null && at < c.complete) {
				int hit = this.matcher.candidate(c.buf, at, c.complete - 1);
				if (hit < 0) {
					this.cursor = c.start + c.complete;
					continue;
				}
				at = Newlines.lastIndexOf(c.buf, at, hit) + 1;
			}
			// The newline may be just past a full piece: it ends that piece, not an empty
			// line after it.
			int limit = Math.min(c.len, at + MAX_LINE);
			int newline = Newlines.indexOf(c.buf, at, Math.min(c.len, limit + 1));
			if (newline >= 0) {
				line(at, newline, newline + 1);
			}
			else if (limit - at == MAX_LINE && (limit < c.len || c.ended)) {
				line(at, limit, limit);
			}
			else if (!c.ended) {
				this.cursor = c.start + at;
				if (!c.refill(this.cursor)) {
					stopForBudget();
					break;
				}
				this.matcher.newChunk();
			}
			else if (at < c.len) {
				line(at, c.len, c.len);
			}
			else if (c.nextSegment()) {
				this.cursor = c.start;
				this.recent.clear();
				this.pending.clear();
			}
			else {
				break;
			}
			if (this.stop == LogScan.Stop.MAX_MATCHES && this.pending.isEmpty()) {
				break;
			}
		}
		return new LogScan(this.hits, this.next, this.stop, c.scanned, c.gaps, this.overBudgetLines);
	}

	private void stopForBudget() {
		if (this.stop == null) {
			this.stop = LogScan.Stop.BUDGET;
			this.next = this.cursor;
		}
	}

	/** One line, {@code buf[at, end)}; the next starts at {@code after}. */
	private void line(int at, int end, int after) {
		long base = this.chunks.start;
		LogScan.Span span = new LogScan.Span(base + at, base + end);
		this.cursor = base + after;
		if (!this.pending.isEmpty()) {
			this.pending.removeIf((hit) -> {
				hit.after().add(span);
				return hit.after().size() >= this.context;
			});
		}
		if (this.stop == null) {
			int hit;
			try {
				byte[] b = this.chunks.buf;
				hit = this.matcher.find(b, at, Newlines.withoutReturns(b, at, end));
			}
			catch (PatternScanner.StepBudgetExceededException ex) {
				this.overBudgetLines++;
				hit = -1;
			}
			if (hit >= 0) {
				LogScan.Hit found = new LogScan.Hit(base + hit, span, List.copyOf(this.recent));
				this.hits.add(found);
				if (this.context > 0) {
					this.pending.add(found);
				}
				if (this.hits.size() >= this.maxMatches) {
					this.stop = LogScan.Stop.MAX_MATCHES;
					this.next = this.cursor;
				}
			}
		}
		if (this.context > 0) {
			this.recent.addLast(span);
			if (this.recent.size() > this.context) {
				this.recent.removeFirst();
			}
		}
	}

}
