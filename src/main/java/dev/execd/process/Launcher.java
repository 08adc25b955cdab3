package dev.execd.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts session leaders. Every child runs under {@code env --default-signal=INT,QUIT}
 * because children inherit ignored signals: a JVM started in the background ignores
 * SIGINT, and without the reset Ctrl-C would do nothing.
 */
public final class Launcher {

	private static final List<String> RESET_SIGNALS = List.of("env", "--default-signal=INT,QUIT", "--");

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
	 * Starts the child described by {@code spec}.
	 * @throws IOException when the operating system cannot start it
	 */
	public static Child start(LaunchSpec spec) throws IOException {
		List<String> argv = new ArrayList<>(RESET_SIGNALS);
		argv.addAll(spec.command());
		return spec.tty() ? PtyChild.start(spec, argv) : PipeChild.start(spec, argv);
	}

}
