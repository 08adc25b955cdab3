package dev.execd.process;

import com.sun.jna.Native;

/**
 * The libc calls behind a pseudo-terminal execd allocates itself, bound with JNA's direct
 * mapping (a native method per call, no proxy). None throws: each returns -1 and leaves
 * errno for {@link Native#getLastError()}. Constants are Linux's, the same on x86_64 and
 * aarch64.
 */
final class PtyCalls {

	static final int O_RDWR = 0x2;

	static final int O_NOCTTY = 0x100;

	static final int O_NONBLOCK = 0x800;

	static final int O_CLOEXEC = 0x80000;

	static final int TIOCSWINSZ = 0x5414;

	static {
		Native.register("c");
	}

	private PtyCalls() {
	}

	static native int posix_openpt(int flags);

	static native int grantpt(int fd);

	static native int unlockpt(int fd);

	/** Returns 0 or an error number (not -1 and errno). */
	static native int ptsname_r(int fd, byte[] buf, long length);

	/** {@code struct winsize}: rows, columns, x and y pixels. */
	static native int ioctl(int fd, long request, short[] winsize);

}
