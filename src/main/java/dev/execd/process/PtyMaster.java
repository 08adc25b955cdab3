package dev.execd.process;

import java.nio.charset.StandardCharsets;

import com.sun.jna.Native;

/**
 * A pseudo-terminal that execd allocates itself: the master's descriptor (non-blocking,
 * closed on exec) and the path of the slave side, which only the child opens.
 *
 * @param fd the master's descriptor, owned by the caller from here on
 * @param slavePath the slave side, e.g. {@code /dev/pts/3}
 */
record PtyMaster(int fd, String slavePath) {

	/**
	 * Allocates a terminal of {@code cols} x {@code rows}: the size is set before any
	 * program opens it, so the first thing a program asks already gets it.
	 * @throws SpawnException when the system is out of terminals or descriptors
	 */
	static PtyMaster open(int cols, int rows) throws SpawnException {
		int fd = PtyCalls.posix_openpt(PtyCalls.O_RDWR | PtyCalls.O_NOCTTY | PtyCalls.O_NONBLOCK | PtyCalls.O_CLOEXEC);
		if (fd < 0) {
			throw SpawnException.call("posix_openpt", Native.getLastError());
		}
		try {
			check(PtyCalls.grantpt(fd), "grantpt");
			check(PtyCalls.unlockpt(fd), "unlockpt");
			byte[] name = new byte[64];
			int error = PtyCalls.ptsname_r(fd, name, name.length);
			if (error != 0) {
				throw SpawnException.call("ptsname_r", error);
			}
			int length = 0;
			while (name[length] != 0) {
				length++;
			}
			resize(fd, cols, rows);
			return new PtyMaster(fd, new String(name, 0, length, StandardCharsets.US_ASCII));
		}
		catch (SpawnException | RuntimeException ex) {
			NativeIo.close(fd);
			throw ex;
		}
	}

	/** Sets the size; the kernel sends SIGWINCH to the terminal's foreground group. */
	static void resize(int fd, int cols, int rows) throws SpawnException {
		check(PtyCalls.ioctl(fd, PtyCalls.TIOCSWINSZ, new short[] { (short) rows, (short) cols, 0, 0 }), "TIOCSWINSZ");
	}

	private static void check(int result, String call) throws SpawnException {
		if (result < 0) {
			throw SpawnException.call(call, Native.getLastError());
		}
	}

}
