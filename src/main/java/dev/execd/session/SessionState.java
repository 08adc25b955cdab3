package dev.execd.session;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.execd.process.Signals;
import org.jspecify.annotations.Nullable;

/**
 * What changes about a session, as a value: each transition returns a new state and never
 * does I/O, so the {@link SessionStateHolder} can retry it. The session acts on the state
 * a transition returned (arms deadlines, resizes the terminal) afterwards.
 *
 * @param running whether the leader still runs
 * @param exitCode its exit status (128 + n for a death by signal n), once it exited
 * @param endReason why it ended, once it did
 * @param pendingReason why execd is terminating it, once it started to; wins over the
 * exit
 * @param escalated whether the termination needed SIGKILL
 * @param endedAt when it ended
 * @param stdinOpen whether stdin takes input
 * @param warnings what the client should know, at most {@link #MAX_WARNINGS}
 * @param name the client's label
 * @param maxRuntimeMs the max runtime, counted from the start
 * @param idleTimeoutMs the idle timeout, zero when off
 * @param cols the terminal's width
 * @param rows the terminal's height
 */
record SessionState(boolean running, @Nullable Integer exitCode, @Nullable EndReason endReason,
		@Nullable EndReason pendingReason, boolean escalated, @Nullable Instant endedAt, boolean stdinOpen,
		List<String> warnings, @Nullable String name, long maxRuntimeMs, long idleTimeoutMs, int cols, int rows) {

	static final int MAX_WARNINGS = 16;

	SessionState {
		warnings = List.copyOf(warnings);
	}

	static SessionState initial(SessionSpec spec) {
		return new SessionState(true, null, null, null, false, null, true, List.of(), spec.name(),
				spec.maxRuntime().toMillis(), spec.idleTimeout().toMillis(), spec.cols(), spec.rows());
	}

	/** A new label and time limits; a null leaves that one as it is. */
	SessionState updated(@Nullable String name, @Nullable Duration maxRuntime, @Nullable Duration idleTimeout) {
		return new SessionState(this.running, this.exitCode, this.endReason, this.pendingReason, this.escalated,
				this.endedAt, this.stdinOpen, this.warnings, (name != null) ? name : this.name,
				(maxRuntime != null) ? maxRuntime.toMillis() : this.maxRuntimeMs,
				(idleTimeout != null) ? idleTimeout.toMillis() : this.idleTimeoutMs, this.cols, this.rows);
	}

	SessionState resized(int cols, int rows) {
		return new SessionState(this.running, this.exitCode, this.endReason, this.pendingReason, this.escalated,
				this.endedAt, this.stdinOpen, this.warnings, this.name, this.maxRuntimeMs, this.idleTimeoutMs, cols,
				rows);
	}

	/** Stdin was closed (an end of input on a pipe). */
	SessionState stdinClosed() {
		return new SessionState(this.running, this.exitCode, this.endReason, this.pendingReason, this.escalated,
				this.endedAt, false, this.warnings, this.name, this.maxRuntimeMs, this.idleTimeoutMs, this.cols,
				this.rows);
	}

	/**
	 * execd is terminating the process; the first reason is kept, and only while running.
	 */
	SessionState terminating(EndReason reason) {
		if (!this.running || this.pendingReason != null) {
			return this;
		}
		return new SessionState(true, this.exitCode, this.endReason, reason, this.escalated, this.endedAt,
				this.stdinOpen, this.warnings, this.name, this.maxRuntimeMs, this.idleTimeoutMs, this.cols, this.rows);
	}

	/** The termination goes on to SIGKILL. */
	SessionState escalating() {
		return new SessionState(this.running, this.exitCode, this.endReason, this.pendingReason, true, this.endedAt,
				this.stdinOpen, this.warnings, this.name, this.maxRuntimeMs, this.idleTimeoutMs, this.cols, this.rows);
	}

	/** The leader exited with {@code status} (128 + n for a death by signal n). */
	SessionState exited(int status, Instant at) {
		EndReason reason = (this.pendingReason != null) ? this.pendingReason
				: (signalName(status) != null) ? EndReason.SIGNAL : EndReason.EXIT;
		return ended(status, reason, this.escalated, at);
	}

	/** The final state of a session found on disk after a restart. */
	SessionState restored(@Nullable Integer exitCode, EndReason reason, boolean escalated, Instant at) {
		return ended(exitCode, reason, escalated, at);
	}

	private SessionState ended(@Nullable Integer status, EndReason reason, boolean escalated, Instant at) {
		return new SessionState(false, status, reason, this.pendingReason, escalated, at, false, this.warnings,
				this.name, this.maxRuntimeMs, this.idleTimeoutMs, this.cols, this.rows);
	}

	/** Adds a warning unless it is known already or there are too many. */
	SessionState warned(String warning) {
		if (this.warnings.contains(warning) || this.warnings.size() >= MAX_WARNINGS) {
			return this;
		}
		List<String> more = new ArrayList<>(this.warnings);
		more.add(warning);
		return new SessionState(this.running, this.exitCode, this.endReason, this.pendingReason, this.escalated,
				this.endedAt, this.stdinOpen, more, this.name, this.maxRuntimeMs, this.idleTimeoutMs, this.cols,
				this.rows);
	}

	/** The signal the exit status reports (128 + n), or null. */
	@Nullable String signal() {
		return signalName(this.exitCode);
	}

	static @Nullable String signalName(@Nullable Integer status) {
		return (status != null && status > 128) ? Signals.nameOf(status - 128).orElse(null) : null;
	}

}
