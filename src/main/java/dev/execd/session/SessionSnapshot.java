package dev.execd.session;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * An immutable copy of a session's state at one moment.
 */
public record SessionSnapshot(String id, Scope scope, @Nullable String name, boolean running,
		@Nullable Integer exitCode, @Nullable String signal, @Nullable EndReason endReason, boolean escalated, long pid,
		boolean tty, @Nullable Integer cols, @Nullable Integer rows, @Nullable String cmd, @Nullable List<String> argv,
		String workdir, Instant startedAt, @Nullable Instant endedAt, Instant lastActivityAt, long maxRuntimeMs,
		long idleTimeoutMs, long outputBytesTotal, long idleMs, boolean waitingForInput, boolean stdinOpen,
		boolean logTruncated, long lostBytes, List<String> warnings, @Nullable Instant lastOutputAt, SessionUsage usage,
		List<Integer> ports) {

	/** This state with {@code waiting_for_input} true: a wait saw the process reading. */
	SessionSnapshot awaitingInput() {
		return new SessionSnapshot(this.id, this.scope, this.name, this.running, this.exitCode, this.signal,
				this.endReason, this.escalated, this.pid, this.tty, this.cols, this.rows, this.cmd, this.argv,
				this.workdir, this.startedAt, this.endedAt, this.lastActivityAt, this.maxRuntimeMs, this.idleTimeoutMs,
				this.outputBytesTotal, this.idleMs, true, this.stdinOpen, this.logTruncated, this.lostBytes,
				this.warnings, this.lastOutputAt, this.usage, this.ports);
	}

}
