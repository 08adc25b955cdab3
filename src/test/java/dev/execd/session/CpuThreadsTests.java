package dev.execd.session;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * CPU-heavy work leaves the request's virtual thread for a bounded pool, and past the
 * bound it is refused or, where it must not be, run where it is.
 */
class CpuThreadsTests {

	@Test
	void aVirtualThreadsWorkRunsOnAPlatformThreadAndItsExceptionIsTheCallers() throws Exception {
		try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
			Thread runner = virtual.submit(() -> CpuThreads.call(Thread::currentThread)).get();
			assertThat(runner.isVirtual()).isFalse();
			assertThat(runner.getName()).startsWith("execd-cpu-");
			assertThat(runner.isDaemon()).isTrue();
			Future<Object> failing = virtual.submit(() -> CpuThreads.call(() -> {
				throw new SessionException.InvalidRequest("bad");
			}));
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(failing::get)
				.withCauseInstanceOf(SessionException.InvalidRequest.class);
		}
		// A platform thread holds no carrier: its work stays on it.
		assertThat(CpuThreads.call(Thread::currentThread)).isSameAs(Thread.currentThread());
	}

	@Test
	void pastTheQueueWorkIsRefusedOrRunInPlace() throws Exception {
		int threads = Runtime.getRuntime().availableProcessors();
		AtomicInteger holding = new AtomicInteger();
		CountDownLatch release = new CountDownLatch(1);
		try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
			try {
				List<Future<Boolean>> blocked = new CopyOnWriteArrayList<>();
				// Work of an earlier test may still hold a thread and take a task from
				// the
				// queue when it ends: top the queue up until every thread holds one of
				// these and the queue is full.
				await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10)).until(() -> {
					if (CpuThreads.queued() < CpuThreads.MAX_QUEUED) {
						blocked.add(virtual.submit(() -> CpuThreads.call(() -> hold(holding, release))));
					}
					return holding.get() == threads && CpuThreads.queued() == CpuThreads.MAX_QUEUED;
				});
				Future<Object> refused = virtual.submit(() -> CpuThreads.call(() -> "ran"));
				assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> refused.get(10, TimeUnit.SECONDS))
					.withCauseInstanceOf(SessionException.Busy.class);
				Future<Thread> inPlace = virtual.submit(() -> CpuThreads.callOrRun(Thread::currentThread));
				assertThat(inPlace.get(10, TimeUnit.SECONDS).isVirtual()).isTrue();
				release.countDown();
				for (Future<Boolean> one : blocked) {
					assertThat(one.get(30, TimeUnit.SECONDS)).isTrue();
				}
			}
			finally {
				release.countDown();
			}
		}
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
