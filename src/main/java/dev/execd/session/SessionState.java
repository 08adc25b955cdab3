package dev.execd.session;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import dev.execd.process.Signals;
import org.jspecify.annotations.Nullable;

/**
 * A session's mutable state behind one lock. The session reads and writes the fields only
 * while holding {@link #lock}; the methods here are the transitions that need no more
 * than the state itself.
 */
final class SessionState {

	private static final int MAX_WARNINGS = 16;

	final ReentrantLock lock = new ReentrantLock();

	boolean running = true;

	@Nullable Integer exitCode;

	@Nullable EndReason endReason;

	/** Why execd is terminating the process, once it started to; wins over the exit. */
	@Nullable EndReason pendingReason;

	boolean escalated;

	@Nullable Instant endedAt;

	boolean stdinOpen = true;

	final List<String> warnings = new ArrayList<>();

	@Nullable String name;

	long maxRuntimeMs;

	long idleTimeoutMs;

	int cols;

	int rows;

	SessionState(SessionSpec spec) {
		this.name = spec.name();
		this.maxRuntimeMs = spec.maxRuntime().toMillis();
		this.idleTimeoutMs = spec.idleTimeout().toMillis();
		this.cols = spec.cols();
		this.rows = spec.rows();
	}

	boolean running() {
		this.lock.lock();
		try {
			return this.running;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Nullable Instant endedAt() {
		this.lock.lock();
		try {
			return this.endedAt;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Records that execd is terminating the process; the first reason is kept.
	 * @return whether the process was running
	 */
	boolean claimTermination(EndReason reason) {
		this.lock.lock();
		try {
			if (this.running && this.pendingReason == null) {
				this.pendingReason = reason;
			}
			return this.running;
		}
		finally {
			this.lock.unlock();
		}
	}

	void markEscalated() {
		this.lock.lock();
		try {
			this.escalated = true;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The leader exited with {@code status} (128 + n for a death by signal n). */
	void exited(int status, Instant at) {
		this.lock.lock();
		try {
			this.running = false;
			this.exitCode = status;
			this.endReason = (this.pendingReason != null) ? this.pendingReason
					: (signalName(status) != null) ? EndReason.SIGNAL : EndReason.EXIT;
			this.endedAt = at;
			this.stdinOpen = false;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The final state of a session found on disk after a restart. */
	void restored(@Nullable Integer exitCode, EndReason reason, boolean escalated, Instant at) {
		this.lock.lock();
		try {
			this.running = false;
			this.exitCode = exitCode;
			this.endReason = reason;
			this.escalated = escalated;
			this.endedAt = at;
			this.stdinOpen = false;
		}
		finally {
			this.lock.unlock();
		}
	}

	void warn(String warning) {
		this.lock.lock();
		try {
			if (!this.warnings.contains(warning) && this.warnings.size() < MAX_WARNINGS) {
				this.warnings.add(warning);
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The signal an exit status reports (128 + n), or null. */
	static @Nullable String signalName(@Nullable Integer status) {
		return (status != null && status > 128) ? Signals.nameOf(status - 128).orElse(null) : null;
	}

}
