package dev.execd.session;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * One structured line per session start and end, on the {@code execd.audit} logger:
 * tenant name (never a token), conversation, session, pid, the first 200 characters of
 * the command, and at the end its exit and reason.
 */
final class Audit {

	private static final Log logger = LogFactory.getLog("execd.audit");

	private static final int MAX_COMMAND = 200;

	private Audit() {
	}

	static void started(SessionSnapshot s) {
		logger.info("session_started tenant=" + s.scope().tenant() + " conversation=" + s.scope().conversation()
				+ " session=" + s.id() + " pid=" + s.pid() + " tty=" + s.tty() + " cmd=" + quoted(command(s)));
	}

	static void ended(SessionSnapshot s) {
		logger.info("session_ended tenant=" + s.scope().tenant() + " conversation=" + s.scope().conversation()
				+ " session=" + s.id() + " pid=" + s.pid() + " exit_code=" + s.exitCode() + " signal=" + s.signal()
				+ " end_reason=" + ((s.endReason() != null) ? s.endReason().wireName() : null));
	}

	private static String command(SessionSnapshot s) {
		String command = (s.cmd() != null) ? s.cmd()
				: String.join(" ", (s.argv() != null) ? s.argv() : java.util.List.of());
		return (command.length() > MAX_COMMAND) ? command.substring(0, MAX_COMMAND) : command;
	}

	/** Quoted and escaped so one log line stays one line whatever the command holds. */
	private static String quoted(String text) {
		StringBuilder out = new StringBuilder(text.length() + 2).append('"');
		for (char c : text.toCharArray()) {
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				default -> out.append((c < 0x20) ? String.format("\\u%04x", (int) c) : c);
			}
		}
		return out.append('"').toString();
	}

}
