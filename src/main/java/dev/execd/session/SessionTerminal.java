package dev.execd.session;

import java.util.function.Supplier;

import dev.execd.input.CursorModeTracker;
import dev.execd.process.Child;

/**
 * The terminal of a session on a PTY: its size, which follows the state, and the cursor
 * mode its program set, which decides how arrow keys are sent. On a pipe there is none: a
 * resize is refused and output is not tracked.
 */
final class SessionTerminal {

	private final Child child;

	private final SessionStateHolder state;

	private final CursorModeTracker cursorMode = new CursorModeTracker();

	SessionTerminal(Child child, SessionStateHolder state) {
		this.child = child;
		this.state = state;
	}

	/**
	 * Sets the size: first the state, then the terminal, outside any lock.
	 * @param refused the state to report when the session ended or has no terminal
	 */
	void resize(int cols, int rows, Supplier<SessionSnapshot> refused) {
		SessionState resized = this.state.update((s) -> {
			if (!s.running()) {
				throw new SessionException.Exited(refused.get());
			}
			if (!this.child.tty()) {
				throw new SessionException.NotATty(refused.get());
			}
			return s.resized(cols, rows);
		});
		// A concurrent resize may overtake this one between the transition and the
		// ioctl, so this repeats until the terminal has the latest size.
		while (resized.running()) {
			this.child.resize(resized.cols(), resized.rows());
			SessionState now = this.state.current();
			if (now.cols() == resized.cols() && now.rows() == resized.rows()) {
				break;
			}
			resized = now;
		}
	}

	/** Sees output before it is appended, to follow the cursor mode. */
	void observe(byte[] buffer, int length) {
		if (this.child.tty()) {
			this.cursorMode.feed(buffer, length);
		}
	}

	/** Whether arrow keys must be sent in application cursor mode. */
	boolean applicationCursor() {
		return this.cursorMode.application();
	}

}
