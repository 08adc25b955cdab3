package dev.execd.process;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc calls of the {@link Poller} and the {@link ChildReaper}, bound by JNA's direct
 * mapping: a call costs well under a microsecond, against several through an interface
 * mapping, and reads and writes are made per chunk of output. A failed call returns -1
 * and leaves errno in {@link Native#getLastError()}. Linux only.
 */
final class NativeIo {

	static final int EAGAIN = 11;

	static final int EINTR = 4;

	static final int ECHILD = 10;

	static final int EPOLL_CTL_ADD = 1;

	static final int EPOLL_CTL_DEL = 2;

	static final int EPOLL_CTL_MOD = 3;

	static final int EPOLLIN = 0x001;

	static final int EPOLLOUT = 0x004;

	static final int EPOLLERR = 0x008;

	static final int EPOLLHUP = 0x010;

	// O_CLOEXEC and O_NONBLOCK on x86_64 and aarch64; EPOLL_CLOEXEC and EFD_* share them.
	static final int O_CLOEXEC = 0x80000;

	static final int O_NONBLOCK = 0x800;

	static final int P_ALL = 0;

	static final int P_PID = 1;

	static final int WNOHANG = 1;

	static final int WEXITED = 4;

	/** Leaves the child waitable: the zombie is named, not reaped. */
	static final int WNOWAIT = 0x01000000;

	/**
	 * {@code siginfo_t} on x86_64 and aarch64: {@code si_code}, {@code si_pid} and
	 * {@code si_status} offsets, and its size.
	 */
	static final int SI_CODE = 8;

	static final int SI_PID = 16;

	static final int SI_STATUS = 24;

	static final int SIGINFO_SIZE = 128;

	static final int CLD_EXITED = 1;

	static final int F_GETFL = 3;

	static final int F_SETFL = 4;

	/**
	 * {@code struct epoll_event}: a 32-bit event mask and 64 bits of user data, packed on
	 * x86_64 (12 bytes), naturally aligned elsewhere (16).
	 */
	static final int EPOLL_EVENT_SIZE = Platform.isIntel() ? 12 : 16;

	static final int EPOLL_DATA_OFFSET = Platform.isIntel() ? 4 : 8;

	static {
		Native.register(NativeIo.class, "c");
	}

	private NativeIo() {
	}

	static native int epoll_create1(int flags);

	static native int epoll_ctl(int epfd, int op, int fd, Pointer event);

	static native int epoll_wait(int epfd, Pointer events, int maxevents, int timeout);

	static native int eventfd(int initval, int flags);

	static native long read(int fd, Pointer buffer, long count);

	static native long write(int fd, Pointer buffer, long count);

	// The same write from a Java array, for threads without a buffer of their own.
	static native long write(int fd, byte[] buffer, long count);

	// fcntl is variadic; an int third argument is passed the same way on x86_64 and
	// aarch64.
	static native int fcntl(int fd, int cmd, int arg);

	static native int close(int fd);

	static native int waitid(int idtype, int id, Pointer info, int options);

	static int errno() {
		return Native.getLastError();
	}

	/** Sets {@code O_NONBLOCK} on the open file description of {@code fd}. */
	static void nonBlocking(int fd) {
		int flags = fcntl(fd, F_GETFL, 0);
		if (flags >= 0 && (flags & O_NONBLOCK) == 0) {
			fcntl(fd, F_SETFL, flags | O_NONBLOCK);
		}
	}

}
