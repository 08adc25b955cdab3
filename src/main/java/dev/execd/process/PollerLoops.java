package dev.execd.process;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link Poller} loops the descriptors are spread over, in turn. They are started
 * together before a first use; a loop that cannot be started (out of threads, memory or
 * descriptors) refuses that use, and the next start tries the missing loops again, so a
 * moment of exhaustion is not remembered for the life of the server.
 */
final class PollerLoops {

	private final Poller[] loops;

	private final AtomicInteger next = new AtomicInteger();

	/** Set once every loop runs: then the loops never change. */
	private volatile boolean running;

	PollerLoops(int count) {
		this.loops = new Poller[count];
	}

	/**
	 * Starts the loops that do not run yet, on threads of {@code threads}.
	 * @throws SpawnException when one cannot be started; those started stay
	 */
	void start(ThreadFactory threads) throws SpawnException {
		if (this.running) {
			return;
		}
		synchronized (this) {
			for (int i = 0; i < this.loops.length; i++) {
				if (this.loops[i] == null) {
					this.loops[i] = Poller.start(threads, "execd-poller-" + i);
				}
			}
			this.running = true;
		}
	}

	/** The next loop in turn; only once {@link #start} succeeded. */
	Poller next() {
		if (!this.running) {
			throw new IllegalStateException("the poller loops are not running");
		}
		return this.loops[Math.floorMod(this.next.getAndIncrement(), this.loops.length)];
	}

}
