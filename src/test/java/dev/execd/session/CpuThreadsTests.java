package dev.execd.session;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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

}
