package dev.execd.session;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The platform threads that block on a child's streams: output readers and stdin writers
 * (blocking native calls on a PTY master would pin a virtual thread's carrier). They are
 * reused: starting a platform thread costs 0.1 to 1 ms on a busy machine, twice per
 * session start, which was a tenth of the start-to-exit latency of a short command. A
 * thread takes the name of the task it runs, so a thread dump still says which session
 * each one serves, and ends after a few idle seconds. There is no cap: each task lives
 * exactly as long as its session's stream, and the sessions are capped.
 */
final class IoThreads {

	private static final long KEEP_ALIVE_SECONDS = 10;

	private static final String IDLE_NAME = "execd-io-idle";

	private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, Integer.MAX_VALUE, KEEP_ALIVE_SECONDS,
			TimeUnit.SECONDS, new SynchronousQueue<>(),
			Thread.ofPlatform().name(IDLE_NAME).daemon().stackSize(256 * 1024).factory());

	private IoThreads() {
	}

	/** Runs {@code task} on a pooled platform thread named {@code name} meanwhile. */
	static void start(String name, Runnable task) {
		POOL.execute(() -> {
			Thread thread = Thread.currentThread();
			thread.setName(name);
			try {
				task.run();
			}
			finally {
				thread.setName(IDLE_NAME);
			}
		});
	}

}
