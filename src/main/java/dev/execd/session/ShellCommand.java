package dev.execd.session;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;

/** One command's mutable state; guarded by its {@link ShellCommands}. */
final class ShellCommand {

	final String id;

	final long seq;

	final String cmd;

	final @Nullable Duration timeout;

	@Nullable String requestId;

	String status = "queued";

	boolean begun;

	/** Why it is being ended early, set when an interrupt was sent. */
	@Nullable String endAs;

	@Nullable Integer exitCode;

	@Nullable List<Integer> pipeStatus;

	@Nullable String end;

	long outputOffset = -1;

	long endOffset = -1;

	@Nullable Instant startedAt;

	@Nullable Instant endedAt;

	@Nullable ScheduledFuture<?> timer;

	ShellCommand(String id, long seq, String cmd, @Nullable Duration timeout) {
		this.id = id;
		this.seq = seq;
		this.cmd = cmd;
		this.timeout = timeout;
	}

	void ended(String end, @Nullable Integer exitCode, @Nullable List<Integer> pipeStatus, long endOffset, Instant at) {
		this.status = "exited";
		this.end = (this.endAs != null && "exit".equals(end)) ? this.endAs : end;
		this.exitCode = exitCode;
		this.pipeStatus = pipeStatus;
		this.endOffset = endOffset;
		if (this.outputOffset < 0) {
			this.outputOffset = endOffset;
		}
		this.endedAt = at;
		if (this.timer != null) {
			this.timer.cancel(false);
		}
	}

	CommandSnapshot snapshot(long logEnd) {
		long start = (this.outputOffset >= 0) ? this.outputOffset : logEnd;
		return new CommandSnapshot(this.id, this.seq, this.cmd, this.status, this.exitCode, this.pipeStatus, this.end,
				start, this.endOffset, this.startedAt, this.endedAt);
	}

}
