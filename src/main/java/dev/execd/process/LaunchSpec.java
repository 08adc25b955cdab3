package dev.execd.process;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What to start: the program's argv (a shell with its {@code -c} line, or the caller's
 * argv), where, with which environment, and whether on a terminal.
 *
 * @param command the argv of the program
 * @param workdir an existing directory
 * @param environment the whole environment of the child
 * @param tty whether to allocate a pseudo-terminal
 * @param cols terminal columns (tty only)
 * @param rows terminal rows (tty only)
 */
public record LaunchSpec(List<String> command, Path workdir, Map<String, String> environment, boolean tty, int cols,
		int rows) {

	public LaunchSpec {
		command = List.copyOf(command);
		environment = Map.copyOf(environment);
	}

}
