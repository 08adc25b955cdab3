package dev.execd.session;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import dev.execd.output.AnsiStripper;
import dev.execd.output.Excerpt;
import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Reads of a session's output. The delivery cursor is where the previous poll ended:
 * polls, stdin calls and {@code GET /output} without an offset continue from it; reads
 * with an offset are stateless. Either way the bytes come from the one log, so all
 * offsets agree.
 */
public final class SessionReads {

	private static final int COPY_BYTES = 64 * 1024;

	private final Session session;

	private final OutputLog log;

	private final OutputWaiter waiter;

	/** Serializes cursor reads, so two polls never both return the same bytes' cut. */
	private final Object cursorLock = new Object();

	// Guarded by cursorLock.
	private long cursor;

	private final AnsiStripper cursorStripper = new AnsiStripper();

	private final AtomicInteger subscribers = new AtomicInteger();

	SessionReads(Session session, OutputLog log, OutputWaiter waiter) {
		this.session = session;
		this.log = log;
		this.waiter = waiter;
	}

	/**
	 * Waits per {@code spec}, then returns the output since the delivery cursor and
	 * advances it.
	 */
	public ExecOutcome poll(WaitSpec spec, long startedNanos) throws InterruptedException {
		long start = cursor();
		Boolean matched = this.waiter.await(start, startedNanos + spec.yieldNanos(), spec.waitFor(), spec.stripAnsi(),
				false);
		synchronized (this.cursorLock) {
			start = Math.max(this.cursor, this.log.firstAvailable());
			boolean done = !this.session.isRunning();
			long end = Math.max(start, this.waiter.textEnd(this.log.total(), done));
			SessionSnapshot snapshot = this.session.snapshot();
			Excerpt excerpt = Excerpt.of(this.log, start, end, spec.maxOutputBytes(), spec.truncation(),
					spec.stripAnsi() ? this.cursorStripper : null, SessionUrls.log(snapshot));
			this.cursor = end;
			long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
			return new ExecOutcome(excerpt.text(), start, end, excerpt.omitted(), wall, matched, snapshot);
		}
	}

	/**
	 * Reads by offset ({@code null}: from the delivery cursor, advancing it), after
	 * waiting for a byte, a match, the exit or the deadline.
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 */
	public ReadOutcome read(@Nullable Long offset, int maxBytes, long waitNanos, @Nullable Pattern waitFor,
			boolean base64, boolean stripAnsi) throws InterruptedException {
		long startedNanos = System.nanoTime();
		boolean fromCursor = (offset == null);
		long start = fromCursor ? Math.max(cursor(), this.log.firstAvailable()) : offset;
		if (start > this.log.total()) {
			throw new OutputException.OffsetOutOfRange(start, this.log.total());
		}
		if (start < this.log.firstAvailable()) {
			throw new OutputException.OutputUnavailable(start);
		}
		Boolean matched = this.waiter.await(start, startedNanos + waitNanos, waitFor, stripAnsi, true);
		boolean done = !this.session.isRunning();
		long total = this.log.total();
		byte[] bytes = this.log.read(start, maxBytes + 3);
		int from = 0;
		int to = Math.min(maxBytes, bytes.length);
		if (!base64) {
			from = Utf8.leadingContinuations(bytes, bytes.length);
			to = Math.max(from, to);
			to += Utf8.completionAfter(bytes, to, bytes.length);
			if (!done && start + to == total) {
				to -= Math.min(to - from, Utf8.incompleteTail(bytes, to));
			}
		}
		long next = start + to;
		String text = null;
		if (!base64) {
			text = Utf8.decode(bytes, from, to - from);
			if (stripAnsi) {
				text = fromCursor ? stripAtCursor(text) : AnsiStripper.stripAll(text);
			}
		}
		if (fromCursor) {
			synchronized (this.cursorLock) {
				this.cursor = Math.max(this.cursor, next);
			}
		}
		byte[] exact = base64 ? java.util.Arrays.copyOfRange(bytes, from, to) : null;
		boolean eof = done && next == this.log.total();
		return new ReadOutcome(text, exact, start + from, next, eof, matched, this.session.snapshot());
	}

	/**
	 * Registers a stream reader.
	 * @return closing it ends the registration
	 * @throws SessionException.TooManySubscribers past {@code max}
	 */
	public AutoCloseable subscribe(int max) {
		if (this.subscribers.incrementAndGet() > max) {
			this.subscribers.decrementAndGet();
			throw new SessionException.TooManySubscribers(max);
		}
		this.session.touch();
		return () -> {
			this.subscribers.decrementAndGet();
			this.session.touch();
		};
	}

	/** How many streams are open, which counts as activity. */
	public int subscribers() {
		return this.subscribers.get();
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
	public void copy(long from, long to, java.io.OutputStream out) throws java.io.IOException {
		if (!this.log.isAvailable(from, to)) {
			throw new OutputException.OutputUnavailable(from);
		}
		for (long at = from; at < to;) {
			byte[] bytes = this.log.read(at, (int) Math.min(COPY_BYTES, to - at));
			if (bytes.length == 0) {
				throw new OutputException.OutputUnavailable(at);
			}
			out.write(bytes);
			at += bytes.length;
		}
	}

	/**
	 * Checks up front that {@code [from, to)} is kept, so a refusal can still be an error
	 * response.
	 */
	public void checkAvailable(long from, long to) {
		if (!this.log.isAvailable(from, to)) {
			throw new OutputException.OutputUnavailable(from);
		}
	}

	/** The change version of the output; see {@link #awaitChange}. */
	public long version() {
		return this.log.version();
	}

	/** Waits until output, an exit or a removal changed the version, or the deadline. */
	public void awaitChange(long version, long deadlineNanos) throws InterruptedException {
		this.log.awaitChange(version, deadlineNanos);
	}

	/**
	 * The next chunk of a stream at {@code offset}: at most {@code max} bytes of one
	 * output stream; as text it never ends inside a character that may still be
	 * completed.
	 * @return the chunk, or null when there is nothing to send yet
	 */
	public @Nullable Chunk chunk(long offset, int max, boolean text) {
		boolean done = !this.session.isRunning();
		long total = this.log.total();
		if (offset >= total) {
			return null;
		}
		OutputLog.StreamRun run = this.log.runAt(offset);
		long end = Math.min(Math.min(total, run.end()), offset + max);
		byte[] bytes = this.log.read(offset, (int) (end - offset));
		int length = bytes.length;
		if (text) {
			boolean more = (offset + length == total) ? !done : offset + length < run.end();
			int tail = Utf8.incompleteTail(bytes, length);
			if (more && tail > 0 && tail < length) {
				length -= tail;
			}
			else if (more && tail == length && offset + length == total) {
				return null;
			}
		}
		byte[] data = (length == bytes.length) ? bytes : java.util.Arrays.copyOf(bytes, length);
		return new Chunk(offset, offset + length, run.tag(), data);
	}

	/**
	 * Whether a stream that reached {@code offset} has sent all output of the exit.
	 */
	public boolean finishedAt(long offset) {
		long atExit = this.session.outputAtExit();
		return atExit >= 0 && offset >= atExit;
	}

	/**
	 * Bytes of one output stream at an offset.
	 *
	 * @param offset where they start
	 * @param next where they end
	 * @param tag the stream they came from
	 * @param bytes the bytes
	 */
	public record Chunk(long offset, long next, StreamTag tag, byte[] bytes) {

	}

	private String stripAtCursor(String text) {
		synchronized (this.cursorLock) {
			return this.cursorStripper.strip(text);
		}
	}

	private long cursor() {
		synchronized (this.cursorLock) {
			return this.cursor;
		}
	}

}
