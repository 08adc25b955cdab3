package dev.execd.process;

import java.util.concurrent.CompletableFuture;

import com.sun.jna.Memory;

/**
 * Waits for a child's exit through its pidfd in a {@link Poller}'s epoll set instead of a
 * thread per child: the pidfd becomes readable when the process ends. The exit future
 * completes on the poller's thread.
 */
final class PolledExit extends Poller.Handler {

	/**
	 * Read when the class loads, at a spawn that had descriptors: the kill below runs
	 * when there are none left, and a class loaded then could not be read from the jar.
	 */
	private static final int KILL = Signals.SIGKILL.number();

	private final boolean reap;

	private final CompletableFuture<Integer> exit = new CompletableFuture<>();

	private PolledExit(Poller poller, Descriptor pidfd, boolean reap) {
		super(poller, pidfd);
		this.reap = reap;
	}

	/**
	 * Watches a child of this process that nobody has reaped yet (so its pid names it).
	 * @param reap whether to reap it and complete with its exit status (its exit code, or
	 * 128+n after a death by signal n); otherwise another waiter reaps it, and this
	 * completes with 0 once it ended
	 * @throws SpawnException when no pidfd can be opened (out of descriptors)
	 */
	static CompletableFuture<Integer> of(long pid, boolean reap) throws SpawnException {
		int fd = (int) NativeIo.syscall(NativeIo.SYS_PIDFD_OPEN, pid, 0);
		if (fd < 0) {
			int errno = NativeIo.errno();
			throw SpawnException.call("pidfd_open", errno);
		}
		// pidfd_open sets close-on-exec itself.
		Descriptor pidfd = new Descriptor(fd);
		Poller poller = pidfd.poller();
		PolledExit waiter = new PolledExit(poller, pidfd, reap);
		pidfd.serve(waiter);
		poller.execute(() -> poller.add(waiter, NativeIo.EPOLLIN));
		return waiter.exit;
	}

	/**
	 * Reaps a child just spawned; when it cannot be watched (out of descriptors) it is
	 * killed and reaped at once, since nothing could ever reap it later.
	 */
	static CompletableFuture<Integer> reaping(long pid) throws SpawnException {
		try {
			return of(pid, true);
		}
		catch (SpawnException ex) {
			Libc.kill(pid, KILL);
			NativeIo.waitid(NativeIo.P_PID, (int) pid, new Memory(NativeIo.SIGINFO_SIZE), NativeIo.WEXITED);
			throw ex;
		}
	}

	@Override
	void ready(int events) {
		int status = 0;
		if (this.reap) {
			Memory info = new Memory(NativeIo.SIGINFO_SIZE);
			info.clear();
			if (NativeIo.waitid(NativeIo.P_PIDFD, this.descriptor.fd(), info,
					NativeIo.WEXITED | NativeIo.WNOHANG) < 0) {
				// Not ours (ECHILD): nothing to report but the end.
				status = -1;
			}
			else if (info.getInt(NativeIo.SI_CODE) == 0) {
				// Readable but not yet waitable: the next round tells.
				return;
			}
			else {
				int value = info.getInt(NativeIo.SI_STATUS);
				status = (info.getInt(NativeIo.SI_CODE) == NativeIo.CLD_EXITED) ? value : 128 + value;
			}
		}
		stop();
		this.exit.complete(status);
	}

}
