package dev.execd.session;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import dev.execd.output.OutputLog;

/**
 * Decides when a session's output is complete after its leader exited: when every output
 * stream reached EOF, or they were quiet for 50 ms while another process of the session
 * is alive (a background child may hold them open forever), or 1 s after the exit.
 * Waiting for EOF rather than the exit alone is what keeps the last bytes written before
 * an exit; quiet alone is no proof, since a reader held up (a GC pause, a starved CPU)
 * leaves bytes in the pipe without any arriving.
 */
final class Drain {

	static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final OutputLog log;

	private final AtomicInteger open;

	Drain(OutputLog log, int streams) {
		this.log = log;
		this.open = new AtomicInteger(streams);
	}

	private static boolean othersAlive(BooleanSupplier check) {
		try {
			return check.getAsBoolean();
		}
		catch (RuntimeException ex) {
			// Unknown (no /proc?): fall back to quiet alone rather than a stuck exit.
			return true;
		}
	}

	/** Called by an output reader when its stream ended. */
	void streamEnded() {
		this.open.decrementAndGet();
		this.log.notifyChanged();
	}

	/**
	 * Waits until the output of a leader that exited at {@code exitAt} is complete.
	 * @param othersAlive whether a process that may hold the streams open is left; asked
	 * at most once, and only when the streams fell quiet before EOF
	 */
	void await(long exitAt, BooleanSupplier othersAlive) throws InterruptedException {
		boolean onlyEofCounts = false;
		while (this.open.get() > 0) {
			long version = this.log.version();
			long quietSince = Math.max(exitAt, this.log.lastAppendNanos());
			long now = System.nanoTime();
			if (now - exitAt >= MAX_NANOS) {
				return;
			}
			if (!onlyEofCounts && now - quietSince >= QUIET_NANOS) {
				if (othersAlive(othersAlive)) {
					return;
				}
				// Nobody is left to write: EOF is on its way, behind a slow reader.
				onlyEofCounts = true;
			}
			long until = onlyEofCounts ? exitAt + MAX_NANOS : Math.min(quietSince + QUIET_NANOS, exitAt + MAX_NANOS);
			this.log.awaitChange(version, until);
		}
	}

}
