package dev.execd.session;

import java.time.Instant;
import java.util.List;

import dev.execd.process.Child;
import dev.execd.process.InputWaits;
import dev.execd.process.ProcessInfo;
import dev.execd.process.ProcessTable;
import org.jspecify.annotations.Nullable;

/**
 * What the {@link SessionMonitor} last saw of one session's processes: their usage, the
 * ports they listen on, and whether the foreground process was found blocked reading its
 * input. Written by the monitor, read by snapshots.
 */
final class SessionWatch {

	/** The longest a quiet session goes between two checks of its input. */
	private static final long MAX_CHECK_NANOS = 4_000_000_000L;

	private final long sid;

	private final boolean owned;

	private final @Nullable InputWaits inputWaits;

	private volatile SessionUsage usage = SessionUsage.NONE;

	private volatile List<Integer> ports = List.of();

	/** The last activity when the input wait was seen; null until then. */
	private volatile @Nullable Instant awaited;

	// The monitor thread's own: the activity last checked, when to check next, how long
	// to wait after the next negative check.
	private @Nullable Instant checked;

	private long nextCheckNanos;

	private long backoffNanos;

	SessionWatch(Child child) {
		this.sid = child.pid();
		this.owned = child.owned();
		this.inputWaits = this.owned ? InputWaits.of(child.pid(), child.tty()).orElse(null) : null;
	}

	/** The Unix session id: the leader's pid. */
	long sid() {
		return this.sid;
	}

	/** Whether the process is ours: one found after a restart is never followed. */
	boolean owned() {
		return this.owned;
	}

	SessionUsage usage() {
		return this.usage;
	}

	List<Integer> ports() {
		return this.ports;
	}

	void ports(List<Integer> ports) {
		this.ports = ports;
	}

	/** Sums what the session's live processes use; cumulative values never go back. */
	void measured(List<ProcessTable.Stat> members) {
		long cpuTicks = 0;
		long rss = 0;
		for (ProcessTable.Stat stat : members) {
			cpuTicks += stat.cpuTicks() + stat.childCpuTicks();
			rss += ProcessInfo.rssBytes(stat);
		}
		SessionUsage last = this.usage;
		this.usage = new SessionUsage(Math.max(last.cpuMs(), ProcessInfo.ticksToMillis(cpuTicks)), rss,
				Math.max(last.maxRssBytes(), rss), members.size());
	}

	/**
	 * Whether the input wait was seen and nothing was printed or written since
	 * {@code lastActivity}.
	 */
	boolean awaitingInput(Instant lastActivity) {
		return lastActivity.equals(this.awaited);
	}

	/**
	 * Checks, on the monitor thread, whether the foreground process now waits for input;
	 * true once per quiet spell. A negative answer is asked again after a doubling delay
	 * until the session prints or is written to.
	 * @param lastActivity when the session last printed or was written to
	 * @param quiet whether that was long enough ago
	 * @param members the session's live processes
	 */
	boolean inputAwaited(Instant lastActivity, boolean quiet, List<ProcessTable.Stat> members, long scanNanos) {
		if (this.inputWaits == null || lastActivity.equals(this.awaited)) {
			return false;
		}
		long now = System.nanoTime();
		if (!lastActivity.equals(this.checked)) {
			this.checked = lastActivity;
			this.nextCheckNanos = now;
			this.backoffNanos = scanNanos;
		}
		if (!quiet || now - this.nextCheckNanos < 0) {
			return false;
		}
		if (this.inputWaits.blocked(members)) {
			this.awaited = lastActivity;
			return true;
		}
		this.nextCheckNanos = now + this.backoffNanos;
		this.backoffNanos = Math.min(2 * this.backoffNanos, MAX_CHECK_NANOS);
		return false;
	}

}
