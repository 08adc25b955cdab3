package dev.execd.session;

import java.io.IOException;
import java.util.function.Consumer;

import dev.execd.output.WriteFailureListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Says that a session's log could not be written, usually a full disk: a warning on the
 * session, one server log line per episode, and the write-error counter. Before this, a
 * full disk only set {@code log_truncated} and nobody learned why.
 */
final class LogWriteFailures implements WriteFailureListener {

	static final String WARNING = "disk_full: the output log could not be written (%s); output produced while"
			+ " it fails is dropped, counted in lost_bytes and not in the log (offsets number only the bytes kept);"
			+ " writing resumes by itself once there is room";

	private static final Log logger = LogFactory.getLog(LogWriteFailures.class);

	private final String id;

	private final Consumer<String> warn;

	private final SessionMetrics metrics;

	LogWriteFailures(String id, Consumer<String> warn, SessionMetrics metrics) {
		this.id = id;
		this.warn = warn;
		this.metrics = metrics;
	}

	@Override
	public void failed(IOException error, boolean first) {
		this.metrics.logWriteError();
		if (first) {
			String reason = (error.getMessage() != null) ? error.getMessage() : error.getClass().getSimpleName();
			this.warn.accept(WARNING.formatted(reason));
			logger.warn("Cannot write the output log of session " + this.id + " (" + reason
					+ "); its output is dropped until writing succeeds again");
		}
	}

}
