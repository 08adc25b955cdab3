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
	 * Starts the child described by {@code spec}.
	 * @throws IOException when the operating system cannot start it
	 */
	public static Child start(LaunchSpec spec) throws IOException {
		List<String> argv = new ArrayList<>(RESET_SIGNALS);
		argv.addAll(spec.command());
		return spec.tty() ? PtyChild.start(spec, argv) : PipeChild.start(spec, argv);
	}

}
