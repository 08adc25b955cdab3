package dev.execd.session;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import dev.execd.output.OutputLog;
import org.jspecify.annotations.Nullable;

/**
 * What never changes about a session once it was spawned, and how a snapshot is put
 * together from it, the current {@link SessionState} and the log's counters.
 *
 * @param id the session id
 * @param scope who may see it
 * @param spec what was asked for
 * @param workdir the resolved working directory
 * @param pid the leader's pid, which is also the Unix session id
 * @param tty whether it runs on a pseudo-terminal
 * @param startedAt when it started
 * @param startNanos the same moment on the monotonic clock
 * @param watch what the monitor sees of its processes: the holder is fixed, what it holds
 * changes
 */
record SessionFacts(String id, Scope scope, SessionSpec spec, String workdir, long pid, boolean tty, Instant startedAt,
		long startNanos, SessionWatch watch) {

	/** Quiet output for this long after a partial line hints that input is awaited. */
	private static final long INPUT_HINT_NANOS = TimeUnit.SECONDS.toNanos(2);

	/**
	 * A snapshot; every field of the state comes from the one state given.
	 * @param lastInputNanos when input was last queued
	 * @param output whether the output so far ends inside a line, and when it last came
	 */
	SessionSnapshot snapshot(SessionState s, OutputLog log, long lastInputNanos, SessionOutput output) {
		return snapshot(s, log, lastInputNanos, output.midLine(), output.lastOutputNanos());
	}

	/**
	 * A snapshot; every field of the state comes from the one state given.
	 * @param lastInputNanos when input was last queued
	 * @param midLine whether the output so far ends inside a line
	 * @param lastOutputNanos when output last came, 0 before the first
	 */
	SessionSnapshot snapshot(SessionState s, OutputLog log, long lastInputNanos, boolean midLine,
			long lastOutputNanos) {
		Instant lastOutputAt = (lastOutputNanos != 0) ? this.startedAt.plusNanos(lastOutputNanos - this.startNanos)
				: null;
		long now = System.nanoTime();
		long lastOutput = log.lastAppendNanos();
		long total = log.total();
		long idleNanos = now - lastOutput;
		Instant lastActivity = this.startedAt.plusNanos(Math.max(lastOutput, lastInputNanos) - this.startNanos);
		boolean waiting = s.running() && s.stdinOpen()
				&& ((total > 0 && idleNanos >= INPUT_HINT_NANOS && midLine) || this.watch.awaitingInput(lastActivity));
		return new SessionSnapshot(this.id, this.scope, s.name(), s.running(), s.exitCode(), s.signal(), s.endReason(),
				s.escalated(), this.pid, this.tty, size(s.cols()), size(s.rows()), this.spec.cmd(), this.spec.argv(),
				this.workdir, this.startedAt, s.endedAt(), lastActivity, s.maxRuntimeMs(), s.idleTimeoutMs(), total,
				TimeUnit.NANOSECONDS.toMillis(idleNanos), waiting, s.stdinOpen(), log.truncated(), log.lostBytes(),
				s.warnings(), lastOutputAt, this.watch.usage(), this.watch.ports());
	}

	/** A terminal size, reported only for a terminal. */
	private @Nullable Integer size(int value) {
		return this.tty ? value : null;
	}

}
