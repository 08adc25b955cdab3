package dev.execd.session;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import dev.execd.output.AnsiStripper;
import dev.execd.output.OutputLog;
import dev.execd.output.ReadStarts;
import dev.execd.output.StreamRun;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Follows a session's output for streams: counts them (an open stream is activity) and
 * cuts the log into chunks of one output stream each that never end inside a character
 * that may still be completed.
 */
final class OutputFollower {

	private final OutputLog log;

	private final BooleanSupplier ended;

	private final LongSupplier outputAtExit;

	private final SubscriberSlots slots;

	/**
	 * @param ended whether the process ended and its output drained
	 * @param outputAtExit the output total when the exit was reported, or -1
	 * @param touch records activity on the session
	 */
	OutputFollower(OutputLog log, BooleanSupplier ended, LongSupplier outputAtExit, Runnable touch) {
		this.log = log;
		this.ended = ended;
		this.outputAtExit = outputAtExit;
		this.slots = new SubscriberSlots(touch);
	}

	/**
	 * Registers a stream.
	 * @return closing it ends the registration
	 * @throws SessionException.TooManySubscribers past {@code max}, once the streams
	 * whose clients are gone were let go (see {@link SubscriberSlots})
	 */
	AutoCloseable subscribe(int max, Subscriber subscriber) {
		return this.slots.take(max, subscriber);
	}

	int subscribers() {
		return this.slots.count();
	}

	/**
	 * The next chunk at {@code offset}: at most {@code max} bytes of one output stream;
	 * as text it never ends inside a character that may still be completed.
	 * @return the chunk, in a new array, or null when there is nothing to send yet
	 */
	SessionReads.@Nullable Chunk chunk(long offset, int max, boolean text) {
		return chunk(offset, max, text, new ReadAhead(max));
	}

	/**
	 * The next chunk at {@code offset} as {@link #chunk(long, int, boolean)}, in the
	 * buffer of {@code ahead}: valid until its next use.
	 */
	SessionReads.@Nullable Chunk chunk(long offset, int max, boolean text, ReadAhead ahead) {
		boolean done = this.ended.getAsBoolean();
		long total = this.log.total();
		if (offset >= total) {
			return null;
		}
		StreamRun run = this.log.runAt(offset);
		long want = Math.min(Math.min(total, run.end()), offset + max);
		long end = Math.min(want, ahead.fill(this.log, offset, want, total));
		byte[] buf = ahead.buffer();
		int from = ahead.indexOf(offset);
		int length = (int) (end - offset);
		if (text) {
			boolean more = (end == total) ? !done : end < run.end();
			int tail = Utf8.incompleteTail(buf, from, length);
			if (more && tail > 0 && tail < length) {
				length -= tail;
			}
			else if (more && tail == length && end == total) {
				return null;
			}
		}
		return new SessionReads.Chunk(offset, offset + length, run.tag(), buf, from);
	}

	/**
	 * Where text that starts at {@code from} begins: past the bytes there of a character
	 * that began before it in the same run, as a read by offset starts; a stray
	 * continuation byte is a boundary, shown as U+FFFD.
	 * @return the boundary, or -1 while the bytes that came do not tell yet and more may
	 */
	long textStart(long from) {
		boolean done = this.ended.getAsBoolean();
		int have = (int) Math.min(3, this.log.total() - from);
		byte[] head = (have > 0) ? this.log.read(from, have) : new byte[0];
		// Chunks decode each run on their own, so a character never spans two.
		int skip = (Utf8.leadingContinuations(head, Math.min(1, head.length)) == 0) ? 0
				: Utf8.insideAtStart(ReadStarts.before(this.log, from, null, true), head, head.length);
		return (skip == head.length && have < 3 && !done) ? -1 : from + skip;
	}

	/** See {@link ReadStarts#stripperAt}. */
	AnsiStripper stripperAt(long from) {
		return ReadStarts.stripperAt(this.log, from, null);
	}

	/** Whether a stream that reached {@code offset} has sent all output of the exit. */
	boolean finishedAt(long offset) {
		long atExit = this.outputAtExit.getAsLong();
		return atExit >= 0 && offset >= atExit;
	}

}
