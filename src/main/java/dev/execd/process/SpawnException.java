package dev.execd.process;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process that could not be started, with the operating system's error number when it
 * is known (0 otherwise), so the caller can tell a missing program from an argument list
 * that is too long or a server out of descriptors.
 */
public final class SpawnException extends IOException {

	public static final int ENOENT = 2;

	public static final int E2BIG = 7;

	public static final int EAGAIN = 11;

	public static final int ENOMEM = 12;

	public static final int EACCES = 13;

	public static final int ENFILE = 23;

	public static final int EMFILE = 24;

	/**
	 * The JDK reports {@code error=7, Argument list too long} (21) or {@code error: 7
	 * (Argument list too long)} (25).
	 */
	private static final Pattern JDK_ERRNO = Pattern.compile("error(?:=|: )(\\d{1,4})");

	private final int errno;

	SpawnException(int errno, String message, Throwable cause) {
		super(message, cause);
		this.errno = errno;
	}

	SpawnException(int errno, String message) {
		super(message);
		this.errno = errno;
	}

	/** The errno of the failure, 0 when the operating system's reason is unknown. */
	public int errno() {
		return this.errno;
	}

	/** A system call that failed, with the C library's words for its errno. */
	static SpawnException call(String call, int errno) {
		return new SpawnException(errno, call + " failed: " + Libc.describe(errno) + " (errno " + errno + ")");
	}

	/**
	 * The failure of a start, with its errno: from the message of the JDK's exceptions;
	 * for a failure without one, from a probe that opens a pipe, which fails alike when
	 * the process is out of descriptors.
	 */
	public static SpawnException of(Throwable failure) {
		if (failure instanceof SpawnException spawn) {
			return spawn;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SpawnException spawn) {
				return new SpawnException(spawn.errno(), String.valueOf(failure.getMessage()), failure);
			}
			Matcher matcher = JDK_ERRNO.matcher(String.valueOf(cause.getMessage()));
			if (matcher.find()) {
				return new SpawnException(Integer.parseInt(matcher.group(1)), firstLine(failure), failure);
			}
		}
		try {
			int[] fds = Libc.pipe();
			Libc.close(fds[0]);
			Libc.close(fds[1]);
		}
		catch (SpawnException probe) {
			return new SpawnException(probe.errno(), firstLine(failure), failure);
		}
		return new SpawnException(0, firstLine(failure), failure);
	}

	/** The JDK appends paragraphs of advice to some failures. */
	private static String firstLine(Throwable failure) {
		String message = String.valueOf(failure.getMessage()).strip();
		int end = message.indexOf('\n');
		return (end < 0) ? message : message.substring(0, end).strip();
	}

}
