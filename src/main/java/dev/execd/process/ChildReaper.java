package dev.execd.process;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import com.sun.jna.Memory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reaps every session leader on one platform thread for the whole server, with no
 * descriptor per child (a pidfd each would cost a third of a terminal session's
 * descriptors). The thread blocks in {@code waitid(P_ALL, WEXITED | WNOWAIT)}, which
 * names the first zombie child without reaping it; a registered one is then reaped by its
 * pid and its exit future completed on this thread.
 * <p>
 * Other children of the JVM (those of {@link ProcessBuilder}, which the JDK's reaper
 * waits for by pid) are never reaped here, or their {@code waitFor()} would lose the
 * status: while one waits for its own reaper this thread backs off, and since the kernel
 * names the same zombie again until it is gone, a foreign zombie that lingers for more
 * than {@link #SWEEP_AFTER} would hide ours, so the registered pids are then swept one by
 * one. A child that exits before its registration looks foreign until then and is reaped
 * once registered. Only this thread reaps registered children, so their pids are not
 * reused while their futures are pending and may be signalled.
 */
final class ChildReaper {

	private static final Log logger = LogFactory.getLog(ChildReaper.class);

	/** The first pause while a foreign zombie waits for its own reaper. */
	private static final long FIRST_BACKOFF = TimeUnit.MILLISECONDS.toNanos(1);

	/** The longest, reached while the same foreign zombie stays. */
	private static final long MAX_BACKOFF = TimeUnit.MILLISECONDS.toNanos(10);

	/**
	 * How long a foreign zombie may hide ours: a JDK reaper thread on a loaded machine
	 * takes a few milliseconds to run.
	 */
	private static final long SWEEP_AFTER = TimeUnit.MILLISECONDS.toNanos(5);

	/**
	 * The pause after a sweep, in sweeps' durations: sweeps take at most a sixth of the
	 * thread's time, however many children wait.
	 */
	private static final int SWEEP_SHARE = 5;

	private final Map<Long, CompletableFuture<Integer>> children = new ConcurrentHashMap<>();

	/** Counts registrations, so a wait for the first child cannot miss one. */
	private final AtomicLong registrations = new AtomicLong();

	// The reaper thread's own.
	private final Memory info = new Memory(NativeIo.SIGINFO_SIZE);

	private final Thread thread;

	/** Started at the first spawn that could start it. */
	private static volatile @Nullable ChildReaper running;

	private ChildReaper(ThreadFactory threads) {
		this.thread = threads.newThread(this::run);
		this.thread.start();
	}

	/**
	 * The reaper, loaded and started before a spawn: once a child runs, registering it
	 * needs no class, thread or descriptor that could be missing.
	 * @throws SpawnException when its thread cannot be started (EAGAIN: out of threads or
	 * memory), which refuses this spawn only: the next one tries again
	 */
	static ChildReaper running() throws SpawnException {
		ChildReaper reaper = running;
		if (reaper == null) {
			synchronized (ChildReaper.class) {
				reaper = running;
				if (reaper == null) {
					reaper = start(Thread.ofPlatform().name("execd-child-reaper").daemon().factory());
					running = reaper;
				}
			}
		}
		return reaper;
	}

	/** A reaper on a thread of {@code threads}. */
	static ChildReaper start(ThreadFactory threads) throws SpawnException {
		try {
			return new ChildReaper(threads);
		}
		catch (OutOfMemoryError ex) {
			// What Thread.start throws when pthread_create fails.
			throw SpawnException.call("pthread_create", SpawnException.EAGAIN);
		}
	}

	/**
	 * Reaps a child just spawned by this process. The future completes on the reaper's
	 * thread with its exit code, or 128+n after a death by signal n (-1 if someone else
	 * reaped it); dependents must not block that thread.
	 */
	CompletableFuture<Integer> reaping(long pid) {
		CompletableFuture<Integer> exit = new CompletableFuture<>();
		this.children.put(pid, exit);
		this.registrations.incrementAndGet();
		LockSupport.unpark(this.thread);
		return exit;
	}

	private void run() {
		long foreign = 0;
		long foreignSince = 0;
		long backoff = FIRST_BACKOFF;
		while (true) {
			long seen = this.registrations.get();
			this.info.clear();
			if (NativeIo.waitid(NativeIo.P_ALL, 0, this.info, NativeIo.WEXITED | NativeIo.WNOWAIT) < 0) {
				int errno = NativeIo.errno();
				if (errno == NativeIo.ECHILD) {
					// No child at all: any registered was reaped by someone else.
					sweep();
					while (this.registrations.get() == seen) {
						LockSupport.park(this);
					}
				}
				else if (errno != NativeIo.EINTR) {
					logger.error("waitid failed with errno " + errno);
					LockSupport.parkNanos(MAX_BACKOFF);
				}
				continue;
			}
			long pid = this.info.getInt(NativeIo.SI_PID);
			CompletableFuture<Integer> exit = this.children.get(pid);
			if (exit != null && reap(pid, exit)) {
				foreign = 0;
				continue;
			}
			// Another waiter's (or ours, not registered yet): give it time.
			long now = System.nanoTime();
			if (pid != foreign) {
				foreign = pid;
				foreignSince = now;
				backoff = FIRST_BACKOFF;
			}
			else {
				backoff = Math.min(2 * backoff, MAX_BACKOFF);
			}
			long pause = backoff;
			if (now - foreignSince > SWEEP_AFTER) {
				sweep();
				pause = Math.max(backoff, SWEEP_SHARE * (System.nanoTime() - now));
			}
			// A registration cuts the pause short: the zombie may be its child.
			LockSupport.parkNanos(this, pause);
		}
	}

	/** Reaps every registered child that has ended. */
	private void sweep() {
		this.children.forEach(this::reap);
	}

	/**
	 * Reaps {@code pid} if it has ended and completes its future.
	 * @return whether it had ended
	 */
	private boolean reap(long pid, CompletableFuture<Integer> exit) {
		this.info.clear();
		int status;
		if (NativeIo.waitid(NativeIo.P_PID, (int) pid, this.info, NativeIo.WEXITED | NativeIo.WNOHANG) < 0) {
			// Not a child any more (ECHILD): another waiter took its status.
			status = -1;
		}
		else if (this.info.getInt(NativeIo.SI_PID) == 0) {
			// Still running: the zombie named was another child's that had the same pid.
			return false;
		}
		else {
			int value = this.info.getInt(NativeIo.SI_STATUS);
			status = (this.info.getInt(NativeIo.SI_CODE) == NativeIo.CLD_EXITED) ? value : 128 + value;
		}
		this.children.remove(pid);
		exit.complete(status);
		return true;
	}

}
