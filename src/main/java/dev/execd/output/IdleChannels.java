package dev.execd.output;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * The one sweeper that closes the log files no read or write used for the idle period, so
 * that an idle session holds no descriptor for its log (the next read or append opens it
 * again). It knows only the logs whose file is open, and visits them every half period on
 * the timer thread it is given: a sweep takes each log's small monitor in turn, never a
 * log's append lock.
 */
public final class IdleChannels {

	/** Never closes a file before its log is closed. */
	static final IdleChannels KEEP_OPEN = new IdleChannels(Long.MAX_VALUE, 0);

	private final long idleNanos;

	private final Set<LogChannel> open = ConcurrentHashMap.newKeySet();

	/**
	 * The reserve for files opened again when no descriptor is left; none if never
	 * closed.
	 */
	private final @Nullable SpareDescriptor spare;

	private IdleChannels(long idleNanos, long spareWaitNanos) {
		this.idleNanos = idleNanos;
		this.spare = (idleNanos == Long.MAX_VALUE) ? null : new SpareDescriptor(spareWaitNanos);
	}

	/**
	 * Closes the files idle for {@code idle}, sweeping on {@code timers} until that is
	 * shut down.
	 */
	public IdleChannels(Duration idle, ScheduledExecutorService timers) {
		this(idle, Duration.ofNanos(SpareDescriptor.WAIT_NANOS), timers);
	}

	/**
	 * As above, a log waiting at most {@code spareWait} for the reserve another holds.
	 */
	IdleChannels(Duration idle, Duration spareWait, ScheduledExecutorService timers) {
		this(idle.toNanos(), spareWait.toNanos());
		long every = Math.max(TimeUnit.MILLISECONDS.toNanos(1), this.idleNanos / 2);
		timers.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.NANOSECONDS);
	}

	/** How many log files are open now. */
	int open() {
		return this.open.size();
	}

	@Nullable SpareDescriptor spare() {
		return this.spare;
	}

	void track(LogChannel channel) {
		if (this.idleNanos != Long.MAX_VALUE) {
			this.open.add(channel);
		}
	}

	void forget(LogChannel channel) {
		this.open.remove(channel);
	}

	private void sweep() {
		long now = System.nanoTime();
		for (LogChannel channel : this.open) {
			channel.closeIfIdle(now, this.idleNanos);
		}
	}

}
