package dev.execd.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Starts session leaders with {@link Spawn}: one exec of the command itself, with every
 * signal at its default and a session of its own, on pipes or on a terminal.
 */
public final class Launcher {

	/** 32 pages: the longest single string execve(2) takes, its NUL included. */
	static final int MAX_ARG_STRLEN = 32 * 4096;

	private Launcher() {
	}

	/**
	 * Why command lines would lose characters on their way to the operating system, or
	 * null. The JVM encodes arguments, environment and paths in the charset of its own
	 * locale ({@code sun.jnu.encoding}); under the POSIX locale that is ASCII and every
	 * other character becomes '?'.
	 */
	public static String commandLineEncodingProblem() {
		String encoding = System.getProperty("sun.jnu.encoding", "UTF-8");
		if (encoding.equalsIgnoreCase("UTF-8") || encoding.equalsIgnoreCase("UTF8")) {
			return null;
		}
		return "Command lines are encoded as " + encoding + ", so characters outside it reach processes as '?': "
				+ "start execd with a UTF-8 locale (e.g. LANG=C.UTF-8)";
	}

	/**
	 * Starts the child described by {@code spec}. It leads its own Unix session already
	 * when this returns (glibc returns from the spawn only after the child's exec), so
	 * its pid is the session id every termination sweeps, even right away.
	 * @throws IOException when the operating system cannot start it
	 */
	public static Child start(LaunchSpec spec) throws IOException {
		checkLengths(spec.command(), spec.environment());
		try {
			return spec.tty() ? PtyChild.start(spec) : PipeChild.start(spec);
		}
		catch (IOException | RuntimeException ex) {
			throw SpawnException.of(ex);
		}
	}

	/**
	 * Refuses an argument or environment string longer than Linux's MAX_ARG_STRLEN as the
	 * kernel would (E2BIG) before anything starts, for pipes and terminals alike.
	 */
	static void checkLengths(List<String> argv, Map<String, String> environment) throws SpawnException {
		for (String arg : argv) {
			if (bytes(arg) >= MAX_ARG_STRLEN) {
				throw tooLong();
			}
		}
		for (Map.Entry<String, String> variable : environment.entrySet()) {
			if (bytes(variable.getKey()) + 1 + bytes(variable.getValue()) >= MAX_ARG_STRLEN) {
				throw tooLong();
			}
		}
	}

	private static SpawnException tooLong() {
		return new SpawnException(SpawnException.E2BIG, "error=7, Argument list too long");
	}

	private static long bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8).length;
	}

}
