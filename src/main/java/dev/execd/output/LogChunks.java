package dev.execd.output;

import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a log range as a {@link LogSearch} reads them: one reused buffer of
 * {@link #CHUNK} bytes refilled by large positional reads, the unread rest of a line
 * moved to its front, and the ranges the log no longer keeps skipped as gaps.
 */
final class LogChunks {

	static final int CHUNK = 1 << 20;

	private final OutputLog log;

	private final long to;

	private final SearchBudget budget;

	private final boolean trackComplete;

	final byte[] buf = new byte[CHUNK];

	/** buf holds {@code [start, start + len)}. */
	long start;

	int len;

	/** The index after the buffer's last newline (tracked only when asked for). */
	int complete;

	/** The bytes read are all there is before the range's end or a gap. */
	boolean ended;

	private long readAt;

	long scanned;

	final List<LogScan.Span> gaps = new ArrayList<>();

	LogChunks(OutputLog log, long from, long to, SearchBudget budget, boolean trackComplete) {
		this.log = log;
		this.to = to;
		this.budget = budget;
		this.trackComplete = trackComplete;
		this.start = from;
		this.readAt = from;
	}

	/**
	 * Keeps the bytes from {@code keep} on, at the buffer's front, and reads more after
	 * them.
	 * @return false when the budget allows no more reading
	 */
	boolean refill(long keep) {
		int at = (int) (keep - this.start);
		System.arraycopy(this.buf, at, this.buf, 0, this.len - at);
		this.len -= at;
		this.start = keep;
		this.complete = 0;
		int room = (int) Math.min(this.buf.length - this.len, this.to - this.readAt);
		if (room == 0) {
			this.ended = true;
			return true;
		}
		if (this.budget.spent()) {
			return false;
		}
		int n;
		try {
			n = this.log.read(this.readAt, this.buf, this.len, Math.min(room, this.budget.bytesLeft()));
		}
		catch (OutputException.OutputUnavailable ex) {
			n = 0;
		}
		if (n == 0) {
			// A gap (the bytes are no longer kept) or a file that can no longer be read.
			this.ended = true;
			return true;
		}
		this.len += n;
		this.readAt += n;
		this.scanned += n;
		this.budget.spend(n);
		if (this.trackComplete) {
			this.complete = Newlines.lastIndexOf(this.buf, 0, this.len) + 1;
		}
		return true;
	}

	/**
	 * Skips to the next bytes the log keeps after a gap; the buffer is then empty at
	 * {@link #start}.
	 * @return false at the end of the range
	 */
	boolean nextSegment() {
		if (this.readAt >= this.to) {
			return false;
		}
		long resume = this.log.nextAvailable(this.readAt);
		// A kept byte that cannot be read (a failing file): nothing further is readable.
		resume = (resume <= this.readAt) ? this.to : Math.min(resume, this.to);
		this.gaps.add(new LogScan.Span(this.readAt, resume));
		this.start = resume;
		this.readAt = resume;
		this.len = 0;
		this.complete = 0;
		this.ended = false;
		return resume < this.to;
	}

}
