package dev.execd.process;

import java.nio.ByteBuffer;

import com.sun.jna.Native;

/**
 * The libc calls behind a pseudo-terminal execd allocates itself, bound with JNA's direct
 * mapping (a native method per call, no proxy). None throws: each returns -1 and leaves
 * errno for {@link Native#getLastError()}, so the common EAGAIN of a non-blocking read
 * costs no exception. Data moves through direct buffers, which JNA passes by address
 * instead of copying a Java array in and out on every call. Constants are Linux's, the
 * same on x86_64 and aarch64.
 */
final class PtyCalls {

	static final int O_RDWR = 0x2;

	static final int O_NOCTTY = 0x100;

	static final int O_NONBLOCK = 0x800;

	static final int O_CLOEXEC = 0x80000;

	static final int TIOCGWINSZ = 0x5413;

	static final int TIOCSWINSZ = 0x5414;

	static final int POLLIN = 0x1;

	static final int POLLOUT = 0x4;

	static final int EINTR = 4;

	static final int EIO = 5;

	static final int EAGAIN = 11;

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

	static native long read(int fd, ByteBuffer buf, long count);

	static native long write(int fd, ByteBuffer buf, long count);

	/**
	 * {@code struct pollfd} is {@code int fd; short events; short revents}: on a
	 * little-endian machine one pair of ints per descriptor, events in the low half of
	 * the second.
	 */
	static native int poll(int[] fds, long count, int timeoutMillis);

	static native int eventfd(int initial, int flags);

}
