package dev.execd.session;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * One stream's view of a PTY session's screen: the screen whenever it changed, at most
 * once per {@link #MIN_INTERVAL_NANOS}, so a flood of output costs a stream twenty
 * screens a second however much is printed; what changed meanwhile is in the next one. It
 * wakes on the log's change version (output, an exit, a resize, a removal) and reads the
 * screen, which is caught up with the log, so nothing is queued for it. Not thread-safe:
 * one stream, one thread. Closing it ends its subscription.
 */
public final class LiveScreen implements AutoCloseable {

	/** The least time between two screens of one stream. */
	public static final long MIN_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	private final Session session;

	private final SessionReads reads;

	private final AutoCloseable subscription;

	/** The change version the last screen read saw. */
	private long version = -1;

	private @Nullable ScreenSnapshot last;

	private long lastSentNanos;

	/** Whether a change was seen that the interval held back. */
	private boolean due;

	private LiveScreen(Session session, AutoCloseable subscription) {
		this.session = session;
		this.reads = session.reads();
		this.subscription = subscription;
	}

	/**
	 * Starts following a session's screen.
	 * @throws SessionException.NotATerminal on a pipe session
	 * @throws SessionException.TooManySubscribers past {@code maxSubscribers}, counted
	 * with the session's output streams
	 */
	public static LiveScreen follow(Session session, int maxSubscribers, Subscriber subscriber) {
		SessionSnapshot snapshot = session.snapshot();
		if (!snapshot.tty()) {
			throw new SessionException.NotATerminal(snapshot);
		}
		return new LiveScreen(session, session.reads().subscribe(maxSubscribers, subscriber));
	}

	/**
	 * The next thing to send now.
	 * @return the screen when it differs from the last one returned (the first call
	 * always returns one), the end once the session ended and its last screen was
	 * returned, or null when there is nothing to send yet: {@link #await} then waits.
	 */
	public @Nullable Event next() {
		if (this.session.removed()) {
			return new End(this.session.snapshot());
		}
		long version = this.reads.version();
		if (version != this.version) {
			if (this.last != null && System.nanoTime() - this.lastSentNanos < MIN_INTERVAL_NANOS) {
				this.due = true;
				return null;
			}
			this.due = false;
			this.version = version;
			ScreenSnapshot screen = this.session.screen(0);
			boolean changed = this.last == null || !sameScreen(this.last, screen);
			this.last = screen;
			if (changed) {
				this.lastSentNanos = System.nanoTime();
				return new Frame(screen);
			}
		}
		// The exit comes after the screen that shows all of the output.
		if (this.last != null && this.reads.finishedAt(this.last.offset())) {
			return new End(this.session.snapshot());
		}
		return null;
	}

	/**
	 * Waits until anything changed since the last {@link #next}, or until the interval
	 * lets a held-back change go, or until the deadline.
	 */
	public void await(long deadlineNanos) throws InterruptedException {
		if (!this.due) {
			this.reads.awaitChange(this.version, deadlineNanos);
			return;
		}
		long wait = Math.min(deadlineNanos, this.lastSentNanos + MIN_INTERVAL_NANOS) - System.nanoTime();
		if (wait > 0) {
			TimeUnit.NANOSECONDS.sleep(wait);
		}
	}

	/** Whether two screens look the same: the offset alone may differ. */
	private static boolean sameScreen(ScreenSnapshot a, ScreenSnapshot b) {
		return a.cols() == b.cols() && a.rows() == b.rows() && a.lines().equals(b.lines())
				&& a.styles().equals(b.styles()) && a.cursorRow() == b.cursorRow() && a.cursorCol() == b.cursorCol()
				&& a.cursorVisible() == b.cursorVisible() && a.altScreen() == b.altScreen()
				&& Objects.equals(a.title(), b.title());
	}

	@Override
	public void close() throws Exception {
		this.subscription.close();
	}

	/** What a screen stream sends. */
	public sealed interface Event {

	}

	/**
	 * The screen changed.
	 *
	 * @param screen the screen now
	 */
	public record Frame(ScreenSnapshot screen) implements Event {

	}

	/**
	 * The session ended and its last screen was sent, or it was removed.
	 *
	 * @param session its state now
	 */
	public record End(SessionSnapshot session) implements Event {

	}

}
