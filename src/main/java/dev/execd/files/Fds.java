package dev.execd.files;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc calls the JDK has no form of: opening a directory relative to another one's
 * descriptor without following a link ({@code openat}), renaming without replacing
 * ({@code renameat2}), making and reading a link with a target's exact bytes
 * ({@code symlinkat}, {@code readlinkat}), and reading a directory's names as bytes
 * ({@code readdir}). Names go both ways as their exact bytes ({@link Names}), whatever
 * the locale. Linux only; the flag values differ between x86_64 and aarch64.
 */
final class Fds {

	static final int ENOENT = 2;

	static final int EACCES = 13;

	static final int EEXIST = 17;

	static final int EXDEV = 18;

	static final int ENOTDIR = 20;

	static final int EISDIR = 21;

	static final int EINVAL = 22;

	static final int ENAMETOOLONG = 36;

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

	/** Where {@code d_name} starts in glibc's {@code struct dirent} on 64-bit Linux. */
	private static final int D_NAME = 19;

	private static final C C_LIBRARY = Native.load("c", C.class);

	private Fds() {
	}

	/** A directory by absolute path, following links (roots are real paths). */
	static int openRoot(String path) throws LastErrorException {
		return C_LIBRARY.openat(AT_FDCWD, Names.cString(path), O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
	}

	/** A directory inside another; a symbolic link fails (ENOTDIR or ELOOP). */
	static int openDirectory(int dirfd, String name) throws LastErrorException {
		return C_LIBRARY.openat(dirfd, Names.cString(name), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
	}

	/**
	 * A file inside a directory, for reading: a link fails (ELOOP), and a FIFO does not
	 * block the open.
	 */
	static int openForReading(int dirfd, String name) throws LastErrorException {
		return C_LIBRARY.openat(dirfd, Names.cString(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
	}

	static void mkdir(int dirfd, String name, int mode) throws LastErrorException {
		C_LIBRARY.mkdirat(dirfd, Names.cString(name), mode);
	}

	/** A symbolic link {@code name} in a directory, to {@code target} as it is. */
	static void symlink(String target, int dirfd, String name) throws LastErrorException {
		C_LIBRARY.symlinkat(Names.cString(target), dirfd, Names.cString(name));
	}

	/** Where the link {@code name} in a directory points, as its exact bytes. */
	static String readlink(int dirfd, String name) throws LastErrorException {
		// A target is at most PATH_MAX - 1 bytes: it always fits.
		byte[] target = new byte[4096];
		int length = (int) C_LIBRARY.readlinkat(dirfd, Names.cString(name), target, target.length);
		return Names.decode(Arrays.copyOf(target, length));
	}

	static void rename(int fromDir, String from, int toDir, String to, int flags) throws LastErrorException {
		C_LIBRARY.renameat2(fromDir, Names.cString(from), toDir, Names.cString(to), flags);
	}

	/**
	 * The names in a directory, but {@code .} and {@code ..}, each as it is on disk
	 * ({@link Names#decode}).
	 */
	static List<String> names(int dirfd) throws LastErrorException {
		int fd = C_LIBRARY.openat(dirfd, Names.cString("."), O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
		Pointer stream;
		try {
			stream = C_LIBRARY.fdopendir(fd);
		}
		catch (LastErrorException ex) {
			close(fd);
			throw ex;
		}
		try {
			List<String> names = new ArrayList<>();
			// errno is cleared before each call, so the end (null, errno 0) is no error.
			for (Pointer entry = C_LIBRARY.readdir(stream); entry != null; entry = C_LIBRARY.readdir(stream)) {
				int length = 0;
				while (entry.getByte(D_NAME + length) != 0) {
					length++;
				}
				String name = Names.decode(entry.getByteArray(D_NAME, length));
				if (!name.equals(".") && !name.equals("..")) {
					names.add(name);
				}
			}
			return names;
		}
		finally {
			try {
				C_LIBRARY.closedir(stream);
			}
			catch (LastErrorException ex) {
				// The descriptor is gone either way.
			}
		}
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
		int openat(int dirfd, byte[] path, int flags, int mode) throws LastErrorException;

		int mkdirat(int dirfd, byte[] path, int mode) throws LastErrorException;

		int symlinkat(byte[] target, int newdirfd, byte[] linkpath) throws LastErrorException;

		long readlinkat(int dirfd, byte[] path, byte[] buffer, long size) throws LastErrorException;

		int renameat2(int olddirfd, byte[] oldpath, int newdirfd, byte[] newpath, int flags) throws LastErrorException;

		Pointer fdopendir(int fd) throws LastErrorException;

		Pointer readdir(Pointer dir) throws LastErrorException;

		int closedir(Pointer dir) throws LastErrorException;

		int close(int fd) throws LastErrorException;

	}

}
