package dev.execd.session;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

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
		CountDownLatch release = new CountDownLatch(1);
		try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
			try {
				List<Future<Boolean>> blocked = HeldCpuThreads.fill(virtual, release);
				Future<Object> refused = virtual.submit(() -> CpuThreads.call(() -> "ran"));
				assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> refused.get(10, TimeUnit.SECONDS))
					.withCauseInstanceOf(SessionException.Busy.class);
				Future<Thread> inPlace = virtual.submit(() -> CpuThreads.callOrRun(Thread::currentThread));
				assertThat(inPlace.get(10, TimeUnit.SECONDS).isVirtual()).isTrue();
				release.countDown();
				// Every task that found room ran; one topped up past a full queue was
				// refused.
				int ran = 0;
				for (Future<Boolean> one : blocked) {
					try {
						assertThat(one.get(30, TimeUnit.SECONDS)).isTrue();
						ran++;
					}
					catch (ExecutionException ex) {
						assertThat(ex).hasCauseInstanceOf(SessionException.Busy.class);
					}
				}
				assertThat(ran)
					.isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors() + CpuThreads.MAX_QUEUED);
			}
			finally {
				release.countDown();
			}
		}
	}

}
