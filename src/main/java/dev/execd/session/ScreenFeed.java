package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.util.Deque;
import java.util.List;

import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.screen.Emulator;
import dev.execd.screen.PlainRuns;

/**
 * Feeds a live screen from the log: in order, resized at the offsets where the terminal
 * was, over gaps a log cap left, and past the head of long runs of plain lines, which
 * would only scroll away ({@link PlainRuns}). Each catch-up scans the new bytes first,
 * then feeds all but what may be skipped. Not thread-safe: {@link SessionScreen} holds
 * its lock.
 */
final class ScreenFeed {

	/** Bytes read from the log at a time. */
	private static final int READ_BYTES = 64 * 1024;

	private final OutputLog log;

	private final Emulator emulator;

	private final int scrollbackLines;

	private final PlainRuns runs = new PlainRuns();

	/**
	 * The log offset the emulator was fed up to; read without the lock to tell how far
	 * behind the log the screen is.
	 */
	private volatile long offset;

	private int rows;

	/** Bytes the emulator parsed, for tests and metrics: the rest was skipped. */
	private long fed;

	/**
	 * A resize of the terminal.
	 *
	 * @param at the log offset from which output was written at the new size
	 * @param cols the new width
	 * @param rows the new height
	 */
	record Resize(long at, int cols, int rows) {

	}

	ScreenFeed(OutputLog log, Emulator emulator, long offset, int rows, int scrollbackLines) {
		this.log = log;
		this.emulator = emulator;
		this.offset = offset;
		this.rows = rows;
		this.scrollbackLines = scrollbackLines;
	}

	Emulator emulator() {
		return this.emulator;
	}

	long offset() {
		return this.offset;
	}

	long fed() {
		return this.fed;
	}

	/**
	 * Feeds up to the log's end now, taking each resize when its offset is reached. A
	 * resize moves from {@code resizes} to {@code applied} once the emulator took it, so
	 * one it threw on is still there for a replay.
	 */
	void catchUp(Deque<Resize> resizes, Deque<Resize> applied) {
		long total = this.log.total();
		while (true) {
			while (!resizes.isEmpty() && resizes.peekFirst().at() <= this.offset) {
				Resize resize = resizes.peekFirst();
				this.emulator.resize(resize.cols(), resize.rows());
				this.rows = resize.rows();
				applied.addLast(resizes.removeFirst());
			}
			if (this.offset >= total) {
				return;
			}
			long end = resizes.isEmpty() ? total : Math.min(total, resizes.peekFirst().at());
			if (!feed(end)) {
				return;
			}
		}
	}

	/**
	 * Feeds {@code [offset, end)}, or up to a gap and over it.
	 * @return whether the offset moved
	 */
	private boolean feed(long end) {
		long start = this.offset;
		this.runs.begin(start, this.rows, this.scrollbackLines);
		long scanned = start;
		while (scanned < end) {
			byte[] bytes = read(scanned, end);
			if (bytes.length == 0) {
				break;
			}
			this.runs.scan(bytes, 0, bytes.length, scanned);
			scanned += bytes.length;
		}
		List<PlainRuns.Skip> skips = this.runs.end(scanned);
		for (PlainRuns.Skip skip : skips) {
			feedRange(skip.from());
			this.offset = skip.to();
			byte[] style = skip.style().getBytes(StandardCharsets.US_ASCII);
			this.emulator.feed(style, 0, style.length);
		}
		feedRange(scanned);
		if (this.offset < end) {
			// A gap: what is missing is lost to the screen as well. The scanner no longer
			// knows which sequence it is in.
			long next = this.log.nextAvailable(this.offset);
			this.runs.lost();
			this.offset = Math.max(this.offset, Math.min(next, end));
		}
		return this.offset > start;
	}

	/** Feeds the log from the offset up to {@code to} to the emulator. */
	private void feedRange(long to) {
		while (this.offset < to) {
			byte[] bytes = read(this.offset, to);
			if (bytes.length == 0) {
				// Dropped from memory between the scan and now (past the log cap).
				this.runs.lost();
				this.offset = to;
				return;
			}
			this.emulator.feed(bytes, 0, bytes.length);
			this.offset += bytes.length;
			this.fed += bytes.length;
		}
	}

	private byte[] read(long from, long to) {
		try {
			return this.log.read(from, (int) Math.min(READ_BYTES, to - from));
		}
		catch (OutputException ex) {
			return new byte[0];
		}
	}

}
