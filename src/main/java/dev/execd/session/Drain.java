package dev.execd.session;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.execd.output.OutputLog;

/**
 * Decides when a session's output is complete after its leader exited: when every output
 * stream reached EOF, or they were quiet for 50 ms (a background child may hold them open
 * forever), or 1 s after the exit. Waiting for EOF rather than the exit alone is what
 * keeps the last bytes written before an exit.
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

	/** Called by an output reader when its stream ended. */
	void streamEnded() {
		this.open.decrementAndGet();
		this.log.notifyChanged();
	}

	/** Waits until the output of a leader that exited at {@code exitAt} is complete. */
	void await(long exitAt) throws InterruptedException {
		while (this.open.get() > 0) {
			long version = this.log.version();
			long quietSince = Math.max(exitAt, this.log.lastAppendNanos());
			long now = System.nanoTime();
			if (now - quietSince >= QUIET_NANOS || now - exitAt >= MAX_NANOS) {
				return;
			}
			this.log.awaitChange(version, Math.min(quietSince + QUIET_NANOS, exitAt + MAX_NANOS));
		}
	}

}
