package dev.execd.session;

import dev.execd.output.AnsiStripper;
import dev.execd.output.OutputException;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * One stream's view of a session's output: replays from an offset, then follows it live,
 * as ready-to-send events with the text already decoded (a chunk never splits a UTF-8
 * character) and, if asked, stripped of escape sequences, or as bytes for the caller to
 * encode. It reads the one log at its own offset, so nothing is queued for it: a slow
 * stream holds at most what it read ahead ({@value ReadAhead#STREAM_BYTES} bytes). Not
 * thread-safe: one stream, one thread. Closing it ends its subscription.
 */
public final class LiveOutput implements AutoCloseable {

	/** Most bytes of one output event. */
	public static final int CHUNK_BYTES = 16 * 1024;

	private final Session session;

	private final SessionReads reads;

	private final AutoCloseable subscription;

	/** Chunks end on character boundaries. */
	private final boolean text;

	/** Chunks come as {@link LiveEvent.Text}, else as {@link LiveEvent.Bytes}. */
	private final boolean decode;

	private final boolean stripAnsi;

	// Made where the stream's text starts, in the state the output before leaves.
	private @Nullable AnsiStripper stripper;

	private final ReadAhead ahead = new ReadAhead(ReadAhead.STREAM_BYTES);

	private long offset;

	/** Whether {@link #offset} is where the stream's text may start. */
	private boolean aligned;

	private long version;

	private LiveOutput(Session session, AutoCloseable subscription, long from, boolean text, boolean decode,
			boolean stripAnsi) {
		this.session = session;
		this.reads = session.reads();
		this.subscription = subscription;
		this.offset = from;
		this.aligned = !text;
		this.text = text;
		this.decode = decode;
		this.stripAnsi = stripAnsi;
	}

	/**
	 * Starts following a session's output at {@code from}.
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 * @throws SessionException.TooManySubscribers past {@code maxSubscribers}
	 */
	public static LiveOutput follow(Session session, long from, boolean base64, boolean stripAnsi, int maxSubscribers,
			Subscriber subscriber) {
		session.reads().checkOffset(from);
		return new LiveOutput(session, session.reads().subscribe(maxSubscribers, subscriber), from, !base64, !base64,
				stripAnsi);
	}

	/**
	 * Starts following a session's output at {@code from} as {@link #follow}, every chunk
	 * as {@link LiveEvent.Bytes}: the caller encodes them itself, without a string per
	 * chunk.
	 * @param text whether chunks end on character boundaries, as text needs them
	 */
	public static LiveOutput followBytes(Session session, long from, boolean text, int maxSubscribers,
			Subscriber subscriber) {
		session.reads().checkOffset(from);
		return new LiveOutput(session, session.reads().subscribe(maxSubscribers, subscriber), from, text, false, false);
	}

	/**
	 * Starts following a running session's output for a client that also types into it
	 * (the attach channel), as {@link #follow}.
	 * @param from where to start, or null for the end of the output so far
	 * @throws SessionException.Exited when the session no longer runs
	 */
	public static LiveOutput attach(Session session, @Nullable Long from, boolean base64, boolean stripAnsi,
			int maxSubscribers, Subscriber subscriber) {
		if (!session.isRunning()) {
			throw new SessionException.Exited(session.snapshot());
		}
		long start = (from != null) ? from : session.reads().total();
		return follow(session, start, base64, stripAnsi, maxSubscribers, subscriber);
	}

	/**
	 * The next event that is ready now.
	 * @return the event, or null when there is nothing to send yet: {@link #await} then
	 * waits for more. After {@link LiveEvent.End} there are no more.
	 * @throws OutputException.ResourcesExhausted when the log cannot be read for want of
	 * a descriptor, for now
	 */
	public @Nullable LiveEvent next() {
		if (this.session.removed()) {
			return end();
		}
		this.version = this.reads.version();
		SessionReads.Chunk chunk;
		try {
			if (!this.aligned) {
				// Text that starts inside a character starts at the next boundary.
				long start = this.reads.textStart(this.offset);
				if (start < 0) {
					return null;
				}
				this.offset = start;
				this.aligned = true;
				// A resumed stream may start inside an escape sequence.
				this.stripper = this.stripAnsi ? this.reads.stripperAt(start) : null;
			}
			chunk = this.reads.chunk(this.offset, CHUNK_BYTES, this.text, this.ahead);
		}
		catch (OutputException.OutputUnavailable ex) {
			// Past the log cap only the memory window is kept: say what is skipped.
			long resume = this.reads.nextAvailable(this.offset);
			if (this.session.removed() || resume <= this.offset) {
				return end();
			}
			LiveEvent.Gap gap = new LiveEvent.Gap(this.offset, resume);
			this.offset = resume;
			return gap;
		}
		catch (OutputException.ResourcesExhausted ex) {
			// The bytes are kept: no end, the reader may come back for them.
			throw ex;
		}
		catch (OutputException ex) {
			return end();
		}
		if (chunk == null) {
			return this.reads.finishedAt(this.offset) ? end() : null;
		}
		this.offset = chunk.next();
		// More output already waiting goes into the same flush.
		boolean caughtUp = chunk.next() >= this.reads.total();
		String stream = chunk.tag().wireName();
		if (!this.decode) {
			return new LiveEvent.Bytes(chunk.offset(), chunk.next(), stream, chunk.buffer(), chunk.from(), caughtUp);
		}
		String text = Utf8.decode(chunk.buffer(), chunk.from(), chunk.length());
		if (this.stripper != null) {
			text = this.stripper.strip(text);
		}
		return new LiveEvent.Text(chunk.offset(), chunk.next(), stream, text, caughtUp);
	}

	/** See {@link OutputListener}; closing the result stops it. */
	public AutoCloseable onChange(OutputListener listener) {
		return this.reads.onChange(listener::changed);
	}

	/** Whether anything changed since the last {@link #next}, which may have more now. */
	public boolean changedSinceNext() {
		return this.reads.version() != this.version;
	}

	/** Where the stream goes on: the end of what {@link #next} returned last. */
	public long offset() {
		return this.offset;
	}

	/**
	 * Waits until output, an exit or a removal changed anything since the last
	 * {@link #next}, or until the deadline.
	 */
	public void await(long deadlineNanos) throws InterruptedException {
		this.reads.awaitChange(this.version, deadlineNanos);
	}

	private LiveEvent.End end() {
		return new LiveEvent.End(this.session.snapshot());
	}

	@Override
	public void close() throws Exception {
		this.subscription.close();
	}

}
