package dev.execd.session;

import java.util.function.Supplier;

import dev.execd.input.CursorModeTracker;
import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import org.jspecify.annotations.Nullable;

/**
 * The terminal of a session on a PTY: its size, which follows the state, the cursor mode
 * its program set, which decides how arrow keys are sent, and its screen. On a pipe there
 * is none: a resize and the screen are refused and output is not tracked.
 */
final class SessionTerminal {

	private final Child child;

	private final SessionStateHolder state;

	private final OutputLog log;

	private final CursorModeTracker cursorMode = new CursorModeTracker();

	private final @Nullable SessionScreen screen;

	SessionTerminal(Child child, SessionStateHolder state, OutputLog log, int scrollbackLines) {
		this.child = child;
		this.state = state;
		this.log = log;
		SessionState initial = state.current();
		this.screen = child.tty() ? new SessionScreen(log, initial.cols(), initial.rows(), scrollbackLines) : null;
	}

	/**
	 * Sets the size: first the state, then the terminal, outside any lock; then wakes the
	 * log's waiters, as a screen stream must send the new size.
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
			if (this.screen != null) {
				this.screen.resized(resized.cols(), resized.rows());
			}
			this.child.resize(resized.cols(), resized.rows());
			SessionState now = this.state.current();
			if (now.cols() == resized.cols() && now.rows() == resized.rows()) {
				break;
			}
			resized = now;
		}
		// The screen changed though no output came: wake who follows it.
		this.log.notifyChanged();
	}

	/** Sees output before it is appended, to follow the cursor mode. */
	void observe(byte[] buffer, int length) {
		if (this.child.tty()) {
			this.cursorMode.feed(buffer, length);
		}
	}

	/** Output was appended to the log: a live screen catches up. */
	void appended() {
		if (this.screen != null) {
			this.screen.appended();
		}
	}

	/**
	 * What the screen shows, caught up with the log.
	 * @param refused the state to report when the session has no terminal
	 */
	ScreenSnapshot screen(int scrollback, Supplier<SessionSnapshot> refused) {
		if (this.screen == null) {
			throw new SessionException.NotATerminal(refused.get());
		}
		return this.screen.snapshot(scrollback);
	}

	/** The screen's text, caught up with the log at each call; null on a pipe. */
	@Nullable Supplier<String> screenText() {
		SessionScreen live = this.screen;
		if (live == null) {
			return null;
		}
		return live::text;
	}

	/** Whether arrow keys must be sent in application cursor mode. */
	boolean applicationCursor() {
		return this.cursorMode.application();
	}

}
