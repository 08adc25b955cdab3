package dev.execd.process;

import java.util.HashMap;
import java.util.Map;

/**
 * The environment of a session's child: the server's own minus every {@code EXECD_*}
 * variable (tokens and settings stay private), then defaults that keep tools
 * non-interactive and colourless, then what the caller asked for ({@code null} unsets).
 * {@code PYTHONUNBUFFERED}: on a pipe Python buffers its output in blocks, so a server
 * that prints "listening" and waits would show nothing until its buffer filled.
 */
public final class Environments {

	private static final Map<String, String> AGENT_DEFAULTS = Map.of("NO_COLOR", "1", "PAGER", "cat", "GIT_PAGER",
			"cat", "GH_PAGER", "cat", "LANG", "C.UTF-8", "LC_ALL", "C.UTF-8", "PYTHONUNBUFFERED", "1");

	private Environments() {
	}

	/**
	 * Builds the whole environment of a child.
	 * @param server the server's environment
	 * @param requested the caller's additions; a null value removes the variable
	 * @param sessionId exported as {@code EXECD_SESSION_ID}
	 * @param tty whether the child runs on a terminal
	 * @param cols terminal columns (tty only)
	 * @param rows terminal rows (tty only)
	 * @return a new mutable map
	 */
	public static Map<String, String> forChild(Map<String, String> server, Map<String, String> requested,
			String sessionId, boolean tty, int cols, int rows) {
		Map<String, String> env = new HashMap<>();
		server.forEach((name, value) -> {
			if (!name.startsWith("EXECD_")) {
				env.put(name, value);
			}
		});
		env.putAll(AGENT_DEFAULTS);
		if (tty) {
			env.put("TERM", "xterm-256color");
			env.put("COLUMNS", Integer.toString(cols));
			env.put("LINES", Integer.toString(rows));
		}
		else {
			env.put("TERM", "dumb");
			env.remove("COLUMNS");
			env.remove("LINES");
		}
		env.put("EXECD_SESSION_ID", sessionId);
		requested.forEach((name, value) -> {
			if (value == null) {
				env.remove(name);
			}
			else {
				env.put(name, value);
			}
		});
		return env;
	}

}
