package dev.execd.session;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;

import dev.execd.output.AnsiStripper;
import dev.execd.output.ChangeListener;
import dev.execd.output.LineMatcher;
import dev.execd.output.LineText;
import dev.execd.output.LogScan;
import dev.execd.output.LogSearch;
import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.SearchBudget;
import dev.execd.output.StreamSlice;
import dev.execd.output.StreamTag;
import org.jspecify.annotations.Nullable;

/**
 * Reads of a session's output, as the api sees them: polls and reads at the
 * {@link DeliveryCursor}, streams through the {@link OutputFollower}, and stateless reads
 * and copies by offset straight from the log. All come from the one log, so all offsets
 * agree.
 */
public final class SessionReads {

	private static final int COPY_BYTES = 64 * 1024;

	private final OutputLog log;

	private final DeliveryCursor cursor;

	private final OutputFollower follower;

	SessionReads(OutputLog log, DeliveryCursor cursor, OutputFollower follower) {
		this.log = log;
		this.cursor = cursor;
		this.follower = follower;
	}

	/** See {@link DeliveryCursor#poll}: refused for now when the log cannot be read. */
	public ExecOutcome poll(WaitSpec spec, long startedNanos) throws InterruptedException {
		return this.cursor.poll(spec, startedNanos, false);
	}

	/**
	 * See {@link DeliveryCursor#poll}, for a call that already took effect: never refused
	 * for want of a descriptor (see {@code Excerpt#owed}).
	 */
	public ExecOutcome pollOwed(WaitSpec spec, long startedNanos) throws InterruptedException {
		return this.cursor.poll(spec, startedNanos, true);
	}

	/** See {@link DeliveryCursor#read}. */
	public ReadOutcome read(@Nullable Long offset, int maxBytes, WaitSpec wait, boolean base64, @Nullable String stream)
			throws InterruptedException {
		return this.cursor.read(offset, maxBytes, wait, base64, StreamSlice.parse(stream));
	}

	/** See {@link DeliveryCursor#next}. */
	public long cursor() {
		return this.cursor.next();
	}

	/**
	 * Checks a stream filter for {@link #read}: {@code stdout}, {@code stderr} or null.
	 * @throws IllegalArgumentException for any other value
	 */
	public static void checkStream(@Nullable String stream) {
		StreamSlice.parse(stream);
	}

	/** See {@link OutputFollower#subscribe}. */
	public AutoCloseable subscribe(int max, Subscriber subscriber) {
		return this.follower.subscribe(max, subscriber);
	}

	/** How many streams are open, which counts as activity. */
	public int subscribers() {
		return this.follower.subscribers();
	}

	/** See {@link OutputFollower#chunk(long, int, boolean)}. */
	public @Nullable Chunk chunk(long offset, int max, boolean text) {
		return this.follower.chunk(offset, max, text);
	}

	/** See {@link OutputFollower#chunk(long, int, boolean, ReadAhead)}. */
	@Nullable Chunk chunk(long offset, int max, boolean text, ReadAhead ahead) {
		return this.follower.chunk(offset, max, text, ahead);
	}

	/** See {@link OutputFollower#textStart}. */
	long textStart(long from) {
		return this.follower.textStart(from);
	}

	/** See {@link OutputFollower#stripperAt}. */
	AnsiStripper stripperAt(long from) {
		return this.follower.stripperAt(from);
	}

	/** See {@link OutputFollower#finishedAt}. */
	public boolean finishedAt(long offset) {
		return this.follower.finishedAt(offset);
	}

	/**
	 * Checks that a stream or read may start at {@code offset}.
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 */
	public void checkOffset(long offset) {
		long total = this.log.total();
		if (offset > total) {
			throw new OutputException.OffsetOutOfRange(offset, total);
		}
		if (offset < this.log.firstAvailable()) {
			throw new OutputException.OutputUnavailable(offset);
		}
	}

	/**
	 * Where a stream at {@code offset} can go on: see {@link OutputLog#nextAvailable}.
	 */
	public long nextAvailable(long offset) {
		return this.log.nextAvailable(offset);
	}

	/** Bytes written so far. */
	public long total() {
		return this.log.total();
	}

	/** Where a whole-log download ends: the total, or the log cap when it was hit. */
	public long logEnd() {
		return this.log.truncated() ? this.log.fileBytes() : this.log.total();
	}

	/**
	 * Copies {@code [from, to)} of the output to {@code out}.
	 * @throws OutputException.OutputUnavailable when part of it is no longer kept
	 */
	public void copy(long from, long to, OutputStream out) throws IOException {
		if (!this.log.isAvailable(from, to)) {
			throw new OutputException.OutputUnavailable(from);
		}
		// One buffer for the whole copy, not an array per read.
		byte[] buf = new byte[(int) Math.min(COPY_BYTES, Math.max(0, to - from))];
		for (long at = from; at < to;) {
			int n = this.log.read(at, buf, 0, (int) Math.min(buf.length, to - at));
			if (n == 0) {
				throw new OutputException.OutputUnavailable(at);
			}
			out.write(buf, 0, n);
			at += n;
		}
	}

	/**
	 * The log file when it holds all of {@code [from, to)}, at those offsets; null when
	 * some of it is only in memory or the file is gone. The file's bytes below that
	 * length never change.
	 */
	public @Nullable Path fileHolding(long from, long to) {
		return (from < to && to <= this.log.fileBytes()) ? this.log.path() : null;
	}

	/**
	 * Where the bytes kept from {@code from} on end within {@code [from, to)}: at
	 * {@code to}, or where a gap past the log cap begins. Checked up front, so a refusal
	 * can still be an error response.
	 * @throws OutputException.OutputUnavailable when the byte at {@code from} is no
	 * longer kept
	 */
	public long keptEnd(long from, long to) {
		LogScan.Span gap = this.log.gap(from, to);
		if (gap != null && gap.from() == from) {
			throw new OutputException.OutputUnavailable(from);
		}
		return (gap != null) ? gap.from() : to;
	}

	/**
	 * Searches {@code [from, to)} of the output, skipping what is no longer kept; see
	 * {@link LogSearch}.
	 * @param to the end, or null for the output so far (later bytes are clamped away)
	 * @throws OutputException.OffsetOutOfRange when {@code from} is past the end
	 */
	LogScan search(LineMatcher matcher, long from, @Nullable Long to, int maxMatches, int context,
			SearchBudget budget) {
		long total = this.log.total();
		if (from > total) {
			throw new OutputException.OffsetOutOfRange(from, total);
		}
		long end = (to == null) ? total : Math.min(to, total);
		return LogSearch.scan(this.log, matcher, from, Math.max(from, end), maxMatches, context, budget);
	}

	/** The text a search shows of a line; see {@link LineText#around}. */
	LineText.Excerpt lineText(LogScan.Span line, long match) {
		return LineText.around(this.log, line, match);
	}

	/** The change version of the output; see {@link #awaitChange}. */
	public long version() {
		return this.log.version();
	}

	/** See {@link OutputLog#onChange}. */
	AutoCloseable onChange(ChangeListener listener) {
		return this.log.onChange(listener);
	}

	/** Waits until output, an exit or a removal changed the version, or the deadline. */
	public void awaitChange(long version, long deadlineNanos) throws InterruptedException {
		this.log.awaitChange(version, deadlineNanos);
	}

	/**
	 * Bytes of one output stream at an offset, in a buffer that may hold more.
	 *
	 * @param offset where they start
	 * @param next where they end
	 * @param tag the stream they came from
	 * @param buffer holds them
	 * @param from the index of the first in {@code buffer}
	 */
	public record Chunk(long offset, long next, StreamTag tag, byte[] buffer, int from) {

		public int length() {
			return (int) (this.next - this.offset);
		}

		/** The bytes alone: the buffer itself when it holds exactly them. */
		public byte[] bytes() {
			int length = length();
			return (this.from == 0 && this.buffer.length == length) ? this.buffer
					: Arrays.copyOfRange(this.buffer, this.from, this.from + length);
		}

	}

}
