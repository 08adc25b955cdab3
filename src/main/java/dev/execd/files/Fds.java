package dev.execd.files;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * The libc calls the JDK has no form of: opening a directory relative to another one's
 * descriptor without following a link ({@code openat}), and renaming without replacing
 * ({@code renameat2}). Linux only; the flag values differ between x86_64 and aarch64.
 */
final class Fds {

	static final int ENOENT = 2;

	static final int EACCES = 13;

	static final int EEXIST = 17;

	static final int EXDEV = 18;

	static final int ENOTDIR = 20;

	static final int EISDIR = 21;

	static final int EINVAL = 22;

	static final int ENOTEMPTY = 39;

	static final int ELOOP = 40;

	static final int RENAME_NOREPLACE = 1;

	static final int RENAME_EXCHANGE = 2;

	static final int AT_FDCWD = -100;

	private static final boolean AARCH64 = System.getProperty("os.arch", "").matches("aarch64|arm64");

	private static final int O_RDONLY = 0;

	private static final int O_NONBLOCK = 04000;

	private static final int O_DIRECTORY = AARCH64 ? 040000 : 0200000;

	private static final int O_NOFOLLOW = AARCH64 ? 0100000 : 0400000;

	private static final int O_CLOEXEC = 02000000;

	private static final int O_PATH = 010000000;

	private static final C C_LIBRARY = Native.load("c", C.class);

	private Fds() {
	}

	/** A directory by absolute path, following links (roots are real paths). */
	static int openRoot(String path) throws LastErrorException {
		return C_LIBRARY.openat(AT_FDCWD, path, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
	}

	/** A directory inside another; a symbolic link fails (ENOTDIR or ELOOP). */
	static int openDirectory(int dirfd, String name) throws LastErrorException {
		return C_LIBRARY.openat(dirfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
	}

	/**
	 * A file inside a directory, for reading: a link fails (ELOOP), and a FIFO does not
	 * block the open.
	 */
	static int openForReading(int dirfd, String name) throws LastErrorException {
		return C_LIBRARY.openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
	}

	static void mkdir(int dirfd, String name, int mode) throws LastErrorException {
		C_LIBRARY.mkdirat(dirfd, name, mode);
	}

	static void rename(int fromDir, String from, int toDir, String to, int flags) throws LastErrorException {
		C_LIBRARY.renameat2(fromDir, from, toDir, to, flags);
	}

	static void close(int fd) {
		try {
			C_LIBRARY.close(fd);
		}
		catch (LastErrorException ex) {
			// Nothing to do: the descriptor is gone either way (close(2) on Linux).
		}
	}

	/** JNA mapping; {@link LastErrorException} carries errno, never stale. */
	private interface C extends Library {

		// openat is variadic; on x86_64 and aarch64 a fixed int mode is passed the same
		// way.
		int openat(int dirfd, String path, int flags, int mode) throws LastErrorException;

		int mkdirat(int dirfd, String path, int mode) throws LastErrorException;

		int renameat2(int olddirfd, String oldpath, int newdirfd, String newpath, int flags) throws LastErrorException;

		int close(int fd) throws LastErrorException;

	}

}
