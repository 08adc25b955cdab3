package dev.execd.session;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import dev.execd.output.AnsiStripper;
import dev.execd.output.Excerpt;
import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.ReadStarts;
import dev.execd.output.StreamSlice;
import dev.execd.output.StreamTag;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Where the previous poll ended: polls, stdin calls and {@code GET /output} without an
 * offset continue from it and advance it; a read with an offset leaves it alone. Either
 * way the bytes come from the one log, so all offsets agree.
 */
final class DeliveryCursor {

	private final OutputLog log;

	private final OutputWaiter waiter;

	private final BooleanSupplier ended;

	private final Supplier<SessionSnapshot> snapshot;

	/** Serializes cursor reads, so two polls never both return the same bytes' cut. */
	private final Object lock = new Object();

	// Guarded by lock.
	private long cursor;

	// Guarded by lock: an escape sequence may span two polls.
	private final AnsiStripper stripper = new AnsiStripper();

	/**
	 * @param ended whether the process ended and its output drained
	 * @param snapshot the session's state, reported with every read
	 */
	DeliveryCursor(OutputLog log, OutputWaiter waiter, BooleanSupplier ended, Supplier<SessionSnapshot> snapshot) {
		this.log = log;
		this.waiter = waiter;
		this.ended = ended;
		this.snapshot = snapshot;
	}

	/**
	 * Waits per {@code spec}, then returns the output since the cursor and advances it.
	 * @param owed whether the call already took effect (see {@link Excerpt#owed}); if
	 * not, a log that cannot be read for want of a descriptor refuses it for now
	 * ({@link OutputException.ResourcesExhausted}) and the cursor stays
	 */
	ExecOutcome poll(WaitSpec spec, long startedNanos, boolean owed) throws InterruptedException {
		long start = cursor();
		OutputWaiter.Result waited = this.waiter.await(start, startedNanos + spec.yieldNanos(), spec, false);
		synchronized (this.lock) {
			// Bytes no longer kept stand as a gap marker in the excerpt, and the cursor
			// moves past them.
			start = this.cursor;
			boolean done = this.ended.getAsBoolean();
			long end = Math.max(start, this.waiter.textEnd(this.log.total(), done));
			SessionSnapshot snapshot = snapshot(waited);
			AnsiStripper stripper = spec.stripAnsi() ? this.stripper : null;
			String logUrl = SessionUrls.log(snapshot);
			Excerpt excerpt = owed
					? Excerpt.owed(this.log, start, end, spec.maxOutputBytes(), spec.truncation(), stripper, logUrl)
					: Excerpt.of(this.log, start, end, spec.maxOutputBytes(), spec.truncation(), stripper, logUrl);
			this.cursor = end;
			long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
			return new ExecOutcome(excerpt.text(), start, end, excerpt.omitted(), wall, waited.matched(),
					waited.endedBy(), snapshot);
		}
	}

	/**
	 * Reads by offset ({@code null}: from the cursor, advancing it), after waiting per
	 * {@code wait} (its yield is the wait; without a pattern or settle time the first new
	 * byte the read can return also ends it). A read from the cursor claims its range as
	 * a poll does: two of them never return the same bytes.
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 */
	ReadOutcome read(@Nullable Long offset, int maxBytes, WaitSpec wait, boolean base64, @Nullable StreamTag stream)
			throws InterruptedException {
		long startedNanos = System.nanoTime();
		boolean fromCursor = (offset == null);
		// From the cursor, bytes no longer kept are skipped: output_offset says so.
		long start = fromCursor ? next() : offset;
		if (start > this.log.total()) {
			throw new OutputException.OffsetOutOfRange(start, this.log.total());
		}
		if (start < this.log.firstAvailable()) {
			throw new OutputException.OutputUnavailable(start);
		}
		long deadline = startedNanos + wait.yieldNanos();
		OutputWaiter.Result waited = this.waiter.await(start, deadline, wait, true);
		Cut cut = cut(start, maxBytes, base64, stream, fromCursor);
		// Output the read cannot return yet does not end a wait for the first byte: the
		// other stream's, or the first bytes of a character whose last ones are to come.
		while (cut.isEmpty() && !cut.done() && waited.endedBy() == EndedBy.OUTPUT && System.nanoTime() < deadline) {
			waited = this.waiter.await(cut.total(), deadline, wait, true);
			cut = cut(start, maxBytes, base64, stream, fromCursor);
		}
		if (!fromCursor) {
			// An offset may be inside a sequence: the stripper starts in the state there.
			String text = (cut.text() != null && wait.stripAnsi())
					? ReadStarts.stripperAt(this.log, cut.first(), stream).strip(cut.text()) : cut.text();
			return cut.outcome(text, this.log.total(), waited, snapshot(waited));
		}
		synchronized (this.lock) {
			long claimed = this.log.nextAvailable(this.cursor);
			if (claimed != start) {
				// Another read or a poll took bytes from the cursor meanwhile.
				cut = cut(claimed, maxBytes, base64, stream, true);
			}
			if (this.log.gap(this.cursor, cut.first()) != null) {
				// Escape state does not carry over bytes skipped.
				this.stripper.reset();
			}
			this.cursor = cut.next();
			String text = (cut.text() != null && wait.stripAnsi()) ? this.stripper.strip(cut.text()) : cut.text();
			return cut.outcome(text, this.log.total(), waited, snapshot(waited));
		}
	}

	/**
	 * {@link #cut(long, int, boolean, StreamTag)}; one from the cursor skips bytes the
	 * window dropped meanwhile instead of refusing them.
	 */
	private Cut cut(long start, int maxBytes, boolean base64, @Nullable StreamTag stream, boolean fromCursor) {
		for (long at = start;;) {
			try {
				return cut(at, maxBytes, base64, stream);
			}
			catch (OutputException.OutputUnavailable ex) {
				long next = this.log.nextAvailable(at);
				if (!fromCursor || next <= at) {
					throw ex;
				}
				at = next;
			}
		}
	}

	/**
	 * The bytes a read from {@code start} returns: text starts and ends on character
	 * boundaries, and while the process runs, a character whose last bytes are still to
	 * come is left for the next read.
	 */
	private Cut cut(long start, int maxBytes, boolean base64, @Nullable StreamTag stream) {
		boolean done = this.ended.getAsBoolean();
		long total = this.log.total();
		StreamSlice slice = (stream != null) ? StreamSlice.read(this.log, start, total, maxBytes + 3, stream) : null;
		byte[] bytes = (slice != null) ? slice.bytes() : this.log.read(start, maxBytes + 3);
		int from = 0;
		int to = Math.min(maxBytes, bytes.length);
		if (!base64) {
			// Only a read that starts on a continuation byte can be inside a character:
			// the bytes before are read for those alone, not for every poll.
			from = (Utf8.leadingContinuations(bytes, Math.min(1, bytes.length)) == 0) ? 0
					: Utf8.insideAtStart(ReadStarts.before(this.log, start, stream, false), bytes, bytes.length);
			to = Math.max(from, to);
			to += Utf8.completionAfter(bytes, from, to, bytes.length);
			long end = (slice != null) ? slice.offsetOf(to) : start + to;
			if (!done && end == total) {
				to -= Math.min(to - from, Utf8.incompleteTail(bytes, to));
			}
		}
		long first = (slice != null) ? slice.offsetOf(from) : start + from;
		long next = (slice != null) ? slice.offsetOf(to) : start + to;
		String text = base64 ? null : Utf8.decode(bytes, from, to - from);
		byte[] exact = base64 ? Arrays.copyOfRange(bytes, from, to) : null;
		return new Cut(text, exact, first, next, done, total);
	}

	/**
	 * One cut of the log.
	 *
	 * @param done whether the process had ended and its output drained when it was made
	 * @param total the log's length then
	 */
	private record Cut(@Nullable String text, byte @Nullable [] bytes, long first, long next, boolean done,
			long total) {

		boolean isEmpty() {
			return this.next == this.first;
		}

		ReadOutcome outcome(@Nullable String text, long total, OutputWaiter.Result waited, SessionSnapshot snapshot) {
			boolean eof = this.done && this.next == total;
			return new ReadOutcome(text, this.bytes, this.first, this.next, eof, waited.matched(), waited.endedBy(),
					snapshot);
		}

	}

	/**
	 * The session's state; a wait that ended on input says so whatever the hint says,
	 * unless the process ended since: an exited session waits for nothing.
	 */
	private SessionSnapshot snapshot(OutputWaiter.Result waited) {
		SessionSnapshot snapshot = this.snapshot.get();
		return (waited.endedBy() == EndedBy.INPUT && snapshot.running()) ? snapshot.awaitingInput() : snapshot;
	}

	/**
	 * Where a read from the cursor would start now, bytes no longer kept skipped; a read
	 * given it as its offset answers the same bytes and moves nothing.
	 */
	long next() {
		return this.log.nextAvailable(cursor());
	}

	private long cursor() {
		synchronized (this.lock) {
			return this.cursor;
		}
	}

}
