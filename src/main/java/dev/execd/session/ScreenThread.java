package dev.execd.session;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one platform thread that keeps live screens caught up with their logs, off the
 * output readers: an emulator parses far slower than a program can print, and a reader
 * that waited for it would slow the program down. Emulation is CPU work, so one thread
 * for all sessions is enough; a read of a screen catches up whatever is still left.
 */
final class ScreenThread {

	private static final ExecutorService EXECUTOR = new ThreadPoolExecutor(0, 1, 30, TimeUnit.SECONDS,
			new LinkedBlockingQueue<>(), (task) -> {
				Thread thread = new Thread(task, "execd-screen");
				thread.setDaemon(true);
				return thread;
			});

	private ScreenThread() {
	}

	static void submit(Runnable task) {
		EXECUTOR.execute(task);
	}

}
