package dev.execd.session;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one platform thread that keeps live screens caught up with their logs, off the
 * output readers: an emulator parses far slower than a program can print, and a reader
 * that waited for it would slow the program down. Emulation is CPU work, so one thread
 * for all sessions is enough; a read of a screen catches up whatever is still left.
 * <p>
 * A catch-up runs a little after the append that asked for it, so that under a flood each
 * one covers many reads: the more lines it sees at once, the more of them it can skip
 * (see {@code PlainRuns}), and a read never waits for that delay.
 */
final class ScreenThread {

	/** How long a catch-up waits for more output to come along. */
	static final long DELAY_MS = 20;

	private static final ScheduledThreadPoolExecutor EXECUTOR = executor();

	private ScreenThread() {
	}

	private static ScheduledThreadPoolExecutor executor() {
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "execd-screen");
			thread.setDaemon(true);
			return thread;
		});
		executor.setKeepAliveTime(30, TimeUnit.SECONDS);
		executor.allowCoreThreadTimeOut(true);
		executor.setRemoveOnCancelPolicy(true);
		return executor;
	}

	static void submit(Runnable task) {
		EXECUTOR.schedule(task, DELAY_MS, TimeUnit.MILLISECONDS);
	}

}
