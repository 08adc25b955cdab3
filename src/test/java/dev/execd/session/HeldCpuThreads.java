package dev.execd.session;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;

/**
 * Every CPU thread holding a task that waits for a latch, and the queue full of more of
 * them. Work of an earlier test may still hold a thread and take a task from the queue
 * when it ends, so the queue is topped up until both hold.
 */
final class HeldCpuThreads {

	private HeldCpuThreads() {
	}

	/**
	 * @param virtual where the tasks are submitted from
	 * @param release counted down to let them all end
	 * @return the submitted tasks, each true once it was released
	 */
	static List<Future<Boolean>> fill(ExecutorService virtual, CountDownLatch release) {
		int threads = Runtime.getRuntime().availableProcessors();
		AtomicInteger holding = new AtomicInteger();
		List<Future<Boolean>> held = new CopyOnWriteArrayList<>();
		await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10)).until(() -> {
			if (CpuThreads.queued() < CpuThreads.MAX_QUEUED) {
				held.add(virtual.submit(() -> CpuThreads.call(() -> hold(holding, release))));
			}
			return holding.get() == threads && CpuThreads.queued() == CpuThreads.MAX_QUEUED;
		});
		return held;
	}

	private static boolean hold(AtomicInteger holding, CountDownLatch release) {
		holding.incrementAndGet();
		try {
			return release.await(60, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
