package dev.execd.bench;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's heap growth during one measured action: heap in use sampled from its own
 * metrics every 20 ms, minus the heap in use after full GCs just before. Garbage not yet
 * collected counts, so it is an upper bound of what the action holds.
 */
final class HeapPeak implements AutoCloseable {

	private final double baseline;

	private final AtomicLong peak;

	private final AtomicBoolean done = new AtomicBoolean();

	private final Thread sampler;

	private HeapPeak(Server server) throws Exception {
		server.gc();
		this.baseline = server.heapUsedBytes();
		this.peak = new AtomicLong((long) this.baseline);
		this.sampler = Thread.ofPlatform().daemon().start(() -> {
			while (!this.done.get()) {
				try {
					this.peak.accumulateAndGet((long) server.heapUsedBytes(), Math::max);
					Thread.sleep(20);
				}
				catch (Exception ex) {
					return;
				}
			}
		});
	}

	/** Starts sampling after a full GC. */
	static HeapPeak start(Server server) throws Exception {
		return new HeapPeak(server);
	}

	/** Stops sampling; the growth in MiB. */
	double stopMib() throws InterruptedException {
		this.done.set(true);
		this.sampler.join();
		return (this.peak.get() - this.baseline) / (1024.0 * 1024.0);
	}

	@Override
	public void close() throws InterruptedException {
		this.done.set(true);
		this.sampler.join();
	}

}
