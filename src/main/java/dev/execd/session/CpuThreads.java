package dev.execd.session;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The platform threads that the CPU-heavy parts of requests run on: a search's scan and
 * the replay of a long log into a screen. Requests run on virtual threads over as many
 * carrier threads as there are cores, and a virtual thread that computes never yields its
 * carrier: two long scans would hold every carrier, and every other request (a health
 * check, a start) would wait for them. Here the request's virtual thread waits for the
 * result instead, which frees its carrier, and the operating system shares the cores
 * between these threads and the carriers.
 * <p>
 * As many threads as cores, and a bounded queue: work past it is refused
 * ({@link SessionException.Busy}) rather than piled up.
 */
final class CpuThreads {

	/** Work that waits for a thread, at most. */
	static final int MAX_QUEUED = 64;

	private static final ThreadPoolExecutor EXECUTOR = executor();

	private CpuThreads() {
	}

	private static ThreadPoolExecutor executor() {
		int threads = Runtime.getRuntime().availableProcessors();
		AtomicInteger count = new AtomicInteger();
		ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(MAX_QUEUED), (task) -> {
					Thread thread = new Thread(task, "execd-cpu-" + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		executor.allowCoreThreadTimeOut(true);
		return executor;
	}

	/**
	 * The result of {@code work}, computed on one of these threads when the caller is a
	 * virtual thread, else on the caller's own (a platform thread holds no carrier, and
	 * one of these threads must not wait for another).
	 * @throws SessionException.Busy when the queue is full
	 */
	static <T> T call(Supplier<T> work) {
		if (!Thread.currentThread().isVirtual()) {
			return work.get();
		}
		Future<T> future;
		try {
			future = EXECUTOR.submit(work::get);
		}
		catch (RejectedExecutionException ex) {
			throw new SessionException.Busy("the server has " + MAX_QUEUED
					+ " searches and screen replays waiting for a thread already; retry shortly");
		}
		return await(future);
	}

	/**
	 * Like {@link #call}, but with a full queue the work runs on the caller's thread: for
	 * work a request needs after it already acted (a screen after its input was written),
	 * which must not be refused.
	 */
	static <T> T callOrRun(Supplier<T> work) {
		try {
			return call(work);
		}
		catch (SessionException.Busy ex) {
			return work.get();
		}
	}

	/** Work waiting for a thread now, for tests. */
	static int queued() {
		return EXECUTOR.getQueue().size();
	}

	/**
	 * Waits for the result without giving up on an interrupt: the work is bounded (a
	 * search by its budget, a replay by the log), and its result or exception is the
	 * request's.
	 */
	private static <T> T await(Future<T> future) {
		boolean interrupted = false;
		try {
			while (true) {
				try {
					return future.get();
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
				catch (ExecutionException ex) {
					Throwable cause = ex.getCause();
					if (cause instanceof RuntimeException runtime) {
						throw runtime;
					}
					if (cause instanceof Error error) {
						throw error;
					}
					throw new IllegalStateException(cause);
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
