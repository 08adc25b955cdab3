package dev.execd.process;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The few libc calls the JDK does not offer: {@code kill} with any signal and to a
 * process group, {@code getsid}, {@code pipe2}, {@code close} and
 * {@code prctl(PR_SET_DUMPABLE)}. Linux only.
 */
public final class Libc {

	private static final Log logger = LogFactory.getLog(Libc.class);

	private static final int EPERM = 1;

	private static final int ESRCH = 3;

	private static final int PR_SET_DUMPABLE = 4;

	// O_CLOEXEC on x86_64 and aarch64.
	private static final int O_CLOEXEC = 0x80000;

	private static final C C_LIBRARY = Native.load("c", C.class);

	private Libc() {
	}

	/**
	 * Send a signal with {@code kill(2)}: a negative pid addresses a process group.
	 * @param pid the process id, or minus a process group id
	 * @param signal the signal number (0 only checks that the target exists)
	 * @return {@code true} if the signal was sent, {@code false} if no such process or
	 * group exists (ESRCH) or it may not be signalled (EPERM)
	 */
	static boolean kill(long pid, int signal) {
		// kill(0) and kill(-1) address our own process group and every process we may
		// signal: never what a caller means, and fatal for execd.
		if (pid == 0 || pid == -1) {
			throw new IllegalArgumentException("Refusing to signal pid " + pid);
		}
		try {
			C_LIBRARY.kill(Math.toIntExact(pid), signal);
			return true;
		}
		catch (LastErrorException ex) {
			if (ex.getErrorCode() == ESRCH) {
				return false;
			}
			// EPERM: a member that changed its uid (setuid program) or a recycled pid
			// of another user. Nothing to do but report it to the caller as not sent.
			if (ex.getErrorCode() == EPERM) {
				logger.debug("Not permitted to send signal " + signal + " to " + pid);
				return false;
			}
			throw new IllegalArgumentException("kill(" + pid + ", " + signal + ") failed", ex);
		}
	}

	/**
	 * The session id of a process with {@code getsid(2)}: one system call, where reading
	 * {@code /proc/<pid>/stat} takes three and a parse.
	 * @param pid the process id
	 * @return its session id, or -1 if no such process exists
	 */
	static long getsid(long pid) {
		return C_LIBRARY.getsid(Math.toIntExact(pid));
	}

	/** The size of a memory page, the unit of a resident set size in {@code /proc}. */
	static long pageSize() {
		return C_LIBRARY.getpagesize();
	}

	/**
	 * A new pipe whose two ends are closed on exec.
	 * @return the file descriptors of the read end and the write end
	 * @throws SpawnException when the process is out of file descriptors
	 */
	static int[] pipe() throws SpawnException {
		int[] fds = new int[2];
		try {
			C_LIBRARY.pipe2(fds, O_CLOEXEC);
		}
		catch (LastErrorException ex) {
			throw new SpawnException(ex.getErrorCode(), "pipe2 failed: " + ex.getMessage());
		}
		return fds;
	}

	/** The C library's words for an errno, such as "Too many open files". */
	static String describe(int errno) {
		String text = C_LIBRARY.strerror(errno);
		return (text != null) ? text : "errno " + errno;
	}

	/** Closes a file descriptor this class opened. */
	static void close(int fd) {
		try {
			C_LIBRARY.close(fd);
		}
		catch (LastErrorException ex) {
			logger.debug("close(" + fd + ") failed with errno " + ex.getErrorCode());
		}
	}

	/**
	 * Mark this process not dumpable, so same-user children cannot read its
	 * {@code /proc/<pid>/environ} or memory (and no core dump holds its secrets). Failure
	 * is logged, not thrown: it hardens execd but is not needed to run it.
	 */
	public static void markNotDumpable() {
		try {
			C_LIBRARY.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
		}
		catch (LastErrorException ex) {
			logger.warn("prctl(PR_SET_DUMPABLE, 0) failed with errno " + ex.getErrorCode());
		}
	}

	/**
	 * JNA mapping. Declaring {@link LastErrorException} makes JNA clear errno before the
	 * call and throw with it when the call fails, so errno is never stale.
	 */
	private interface C extends Library {

		int kill(int pid, int sig) throws LastErrorException;

		// No LastErrorException: a process that exits mid-scan is common and answers -1
		// (ESRCH), which costs no exception this way.
		int getsid(int pid);

		// prctl is variadic; on x86_64 and aarch64 fixed long arguments are passed the
		// same way as variadic ones.
		int prctl(int option, long a2, long a3, long a4, long a5) throws LastErrorException;

		int pipe2(int[] fds, int flags) throws LastErrorException;

		String strerror(int errnum);

		int close(int fd) throws LastErrorException;

		int getpagesize();

	}

}
