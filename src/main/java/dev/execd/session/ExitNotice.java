package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.StreamRun;
import dev.execd.output.StreamTag;

/**
 * The notice an interactive bash prints on its stderr as {@code exit} ends it:
 * {@code exit} and a line break (through a terminal, with its carriage return). It is the
 * shell's own, not output of the command that ran {@code exit}, so that command's output
 * ends before it and the notice is left unclaimed. bash prints it only in the interactive
 * shell itself, never in a subshell or a script, and last: a shell that ends right after
 * printing the same bytes itself ({@code exec}, a signal) loses them to unclaimed output
 * too. On pipes the notice is cut only when it is the log's last run, and a command's
 * output is one range of the log: stdout the command wrote just before may still wait in
 * its pipe when the notice is read, so a stderr read that ends like the notice has stdout
 * read first ({@link #endsLikeNotice}).
 */
final class ExitNotice {

	private static final Map<StreamTag, byte[]> NOTICES = Map.of(StreamTag.STDERR,
			"exit\n".getBytes(StandardCharsets.US_ASCII), StreamTag.PTY,
			"exit\r\n".getBytes(StandardCharsets.US_ASCII));

	private ExitNotice() {
	}

	/** Whether a chunk read from a shell's stderr pipe ends with the notice's bytes. */
	static boolean endsLikeNotice(byte[] b, int length) {
		byte[] notice = NOTICES.get(StreamTag.STDERR);
		return length >= notice.length && Arrays.equals(b, length - notice.length, length, notice, 0, notice.length);
	}

	/**
	 * Where the output of the command the shell ended in ends.
	 * @param from where that output starts
	 * @param end the log's end when the shell ended
	 * @return {@code end}, or where the notice starts when the output ends with it
	 */
	static long before(OutputLog log, long from, long end) {
		for (Map.Entry<StreamTag, byte[]> notice : NOTICES.entrySet()) {
			long at = end - notice.getValue().length;
			try {
				if (at >= from && log.isAvailable(at, end)
						&& Arrays.equals(log.read(at, notice.getValue().length), notice.getValue())) {
					StreamRun run = log.runAt(at);
					if (run.tag() == notice.getKey() && run.end() >= end) {
						return at;
					}
				}
			}
			catch (OutputException ex) {
				// Unreadable for now: the notice stays in the output.
			}
		}
		return end;
	}

}
