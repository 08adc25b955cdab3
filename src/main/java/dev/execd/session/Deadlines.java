package dev.execd.session;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.execd.output.OutputLog;
import org.jspecify.annotations.Nullable;

/**
 * A session's two time limits on the shared timer thread: the max runtime, counted from
 * the start, and the idle timeout, counted from the last output. Neither polls: each is
 * one scheduled task, and the idle check re-arms itself for the remaining quiet time.
 */
final class Deadlines {

	private final ScheduledExecutorService timers;

	private final OutputLog log;

	private final long startNanos;

	private final Consumer<EndReason> expire;

	private long idleTimeoutNanos;

	private @Nullable ScheduledFuture<?> runtime;

	private @Nullable ScheduledFuture<?> idle;

	private boolean cancelled;

	Deadlines(ScheduledExecutorService timers, OutputLog log, long startNanos, Consumer<EndReason> expire) {
		this.timers = timers;
		this.log = log;
		this.startNanos = startNanos;
		this.expire = expire;
	}

	/** (Re)arms both limits; an idle timeout of zero is off. */
	synchronized void set(long maxRuntimeMs, long idleTimeoutMs) {
		if (this.cancelled) {
			return;
		}
		cancelTasks();
		long left = TimeUnit.MILLISECONDS.toNanos(maxRuntimeMs) - (System.nanoTime() - this.startNanos);
		this.runtime = this.timers.schedule(() -> this.expire.accept(EndReason.TIMEOUT), Math.max(0, left),
				TimeUnit.NANOSECONDS);
		this.idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(idleTimeoutMs);
		if (this.idleTimeoutNanos > 0) {
			armIdle(this.idleTimeoutNanos - (System.nanoTime() - this.log.lastAppendNanos()));
		}
	}

	/** (Re)arms both limits from the newest state, read under this lock. */
	synchronized void follow(Supplier<SessionState> state) {
		SessionState current = state.get();
		set(current.maxRuntimeMs(), current.idleTimeoutMs());
	}

	private void armIdle(long delayNanos) {
		this.idle = this.timers.schedule(this::checkIdle, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
	}

	private synchronized void checkIdle() {
		if (this.cancelled || this.idleTimeoutNanos <= 0) {
			return;
		}
		long quiet = System.nanoTime() - this.log.lastAppendNanos();
		if (quiet >= this.idleTimeoutNanos) {
			this.expire.accept(EndReason.IDLE_TIMEOUT);
		}
		else {
			armIdle(this.idleTimeoutNanos - quiet);
		}
	}

	synchronized void cancel() {
		this.cancelled = true;
		cancelTasks();
	}

	private void cancelTasks() {
		if (this.runtime != null) {
			this.runtime.cancel(false);
		}
		if (this.idle != null) {
			this.idle.cancel(false);
		}
	}

}
