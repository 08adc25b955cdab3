package dev.execd.session;

import java.util.ArrayDeque;

import dev.execd.output.OutputException;
import org.jspecify.annotations.Nullable;

/**
 * One reader's view of a session's output as records: replays from an offset (taken as
 * the start of a line, unless it is inside a character), then follows it live, framing
 * chunks of the log into whole lines. Like {@link LiveOutput} it reads the one log at its
 * own offset, so nothing is queued for it beyond the line being assembled. Not
 * thread-safe: one reader, one thread.
 */
public final class LiveRecords implements AutoCloseable {

	/** Bytes read from the log at a time; also the largest stderr piece. */
	static final int CHUNK_BYTES = RecordFramer.STDERR_PIECE;

	private final Session session;

	private final SessionReads reads;

	private final AutoCloseable subscription;

	private final RecordFramer framer;

	private final ArrayDeque<Item> ready = new ArrayDeque<>();

	private long offset;

	/** Where reading began, until the first chunk was framed. */
	private long start;

	private long version;

	private boolean ended;

	private LiveRecords(Session session, AutoCloseable subscription, long from, RecordFramer framer) {
		this.session = session;
		this.reads = session.reads();
		this.subscription = subscription;
		this.offset = from;
		this.start = from;
		this.framer = framer;
	}

	/**
	 * Starts following a session's records at {@code from}.
	 * @param maxSubscribers the stream limit, or 0 for a poll, which is not a subscriber
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 * @throws SessionException.TooManySubscribers past {@code maxSubscribers}
	 */
	public static LiveRecords follow(Session session, long from, RecordFramer framer, int maxSubscribers,
			Subscriber subscriber) {
		session.reads().checkOffset(from);
		AutoCloseable subscription = (maxSubscribers > 0) ? session.reads().subscribe(maxSubscribers, subscriber)
				: () -> {
				};
		return new LiveRecords(session, subscription, from, framer);
	}

	/**
	 * The next item that is ready now.
	 * @return the item, or null when there is nothing yet: {@link #await} then waits for
	 * more. After {@link End} there are no more.
	 * @throws OutputException.ResourcesExhausted when the log cannot be read for want of
	 * a descriptor, for now
	 */
	public @Nullable Item next() {
		while (this.ready.isEmpty() && !this.ended) {
			if (this.session.removed()) {
				end();
				break;
			}
			this.version = this.reads.version();
			SessionReads.Chunk chunk;
			try {
				chunk = this.reads.chunk(this.offset, CHUNK_BYTES, false);
			}
			catch (OutputException.OutputUnavailable ex) {
				long resume = this.reads.nextAvailable(this.offset);
				if (this.session.removed() || resume <= this.offset) {
					end();
					break;
				}
				this.framer.gap(this.offset, resume);
				this.ready.add(new Gap(this.offset, resume));
				this.offset = resume;
				break;
			}
			catch (OutputException.ResourcesExhausted ex) {
				// The bytes are kept: no end (a poll's eof), the reader comes back for
				// them.
				throw ex;
			}
			catch (OutputException ex) {
				end();
				break;
			}
			if (chunk == null) {
				if (this.reads.finishedAt(this.offset)) {
					this.framer.finish(this.offset, (e) -> this.ready.add(new Framed(e)));
					end();
				}
				break;
			}
			this.offset = chunk.next();
			byte[] bytes = chunk.bytes();
			if (this.start > 0 && chunk.offset() == this.start && this.reads.textStart(this.start) != this.start) {
				// Inside a character no line starts: the read goes on at the next line,
				// as a read of raw output goes on at the next character.
				this.framer.startInside(this.start, chunk.tag());
			}
			this.start = -1;
			this.framer.feed(chunk.offset(), chunk.tag(), bytes, (e) -> this.ready.add(new Framed(e)));
		}
		return this.ready.poll();
	}

	/** Whether nothing more is ready now: a stream flushes then. */
	public boolean caughtUp() {
		return this.ready.isEmpty() && this.offset >= this.reads.total();
	}

	/** Where reading stopped: every byte before it was framed. */
	public long position() {
		return this.offset;
	}

	/**
	 * Where a reader that stops taking items resumes without losing any: the first byte
	 * of the oldest line not handed out yet, whole or still being assembled.
	 */
	public long resumePoint() {
		long at = this.offset;
		long pending = this.framer.pendingStart();
		if (pending >= 0) {
			at = Math.min(at, pending);
		}
		for (Item item : this.ready) {
			if (item instanceof Framed framed) {
				at = Math.min(at, RecordEvent.offsetOf(framed.event()));
			}
		}
		return at;
	}

	/** Waits until anything changed since the last {@link #next}, or the deadline. */
	public void await(long deadlineNanos) throws InterruptedException {
		this.reads.awaitChange(this.version, deadlineNanos);
	}

	private void end() {
		this.ended = true;
		this.ready.add(new End(this.session.snapshot()));
	}

	@Override
	public void close() throws Exception {
		this.subscription.close();
	}

	/** What a reader gets. */
	public sealed interface Item {

	}

	/**
	 * A framed line.
	 *
	 * @param event the record, error or stderr line
	 */
	public record Framed(RecordEvent event) implements Item {

	}

	/**
	 * Bytes {@code [from, to)} are no longer kept.
	 *
	 * @param from the first byte skipped
	 * @param to where reading goes on
	 */
	public record Gap(long from, long to) implements Item {

	}

	/**
	 * The session ended and all of its output was framed, or it was removed.
	 *
	 * @param session its state now
	 */
	public record End(SessionSnapshot session) implements Item {

	}

}
