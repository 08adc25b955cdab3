package dev.execd.session;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.execd.output.AnsiStripper;
import dev.execd.output.Excerpt;
import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Reads of a session's output. The delivery cursor is where the previous poll ended:
 * polls, stdin calls and {@code GET /output} without an offset continue from it; reads
 * with an offset are stateless. Either way the bytes come from the one log, so all
 * offsets agree.
 */
public final class SessionReads {

	private final Session session;

	private final OutputLog log;

	private final OutputWaiter waiter;

	/** Serializes cursor reads, so two polls never both return the same bytes' cut. */
	private final Object cursorLock = new Object();

	// Guarded by cursorLock.
	private long cursor;

	private final AnsiStripper cursorStripper = new AnsiStripper();

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
