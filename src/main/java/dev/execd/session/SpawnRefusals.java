package dev.execd.session;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.execd.process.SpawnException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Turns a failed spawn into the refusal its errno calls for, and logs it once: a client
 * that sent a missing program or an oversized command line is told so, a server out of
 * descriptors or processes says to retry, and anything else reports the OS's reason.
 */
final class SpawnRefusals {

	private static final Log logger = LogFactory.getLog(SpawnRefusals.class);

	private static final Pattern ERRNO = Pattern.compile("error(?:=|: )\\d");

	private SpawnRefusals() {
	}

	static SessionException of(SpawnException ex, String command) {
		int errno = ex.errno();
		String reason = reason(ex);
		logger.warn("Cannot start '" + command + "': errno " + errno + ", " + reason);
		return switch (errno) {
			case SpawnException.ENOENT, SpawnException.EACCES -> new SessionException.CommandNotFound(command);
			case SpawnException.E2BIG -> new SessionException.CommandTooLong();
			case SpawnException.EMFILE, SpawnException.ENFILE, SpawnException.EAGAIN, SpawnException.ENOMEM ->
				new SessionException.ResourcesExhausted(reason);
			default -> new SessionException.SpawnFailed(reason);
		};
	}

	/** The OS's words for the errno, without the JDK's "Cannot run program" preamble. */
	private static String reason(SpawnException ex) {
		String message = String.valueOf(ex.getMessage());
		// The errno marker, not the last "error", which may end the OS's own words.
		Matcher errno = ERRNO.matcher(message);
		return errno.find() ? message.substring(errno.start()) : message;
	}

}
