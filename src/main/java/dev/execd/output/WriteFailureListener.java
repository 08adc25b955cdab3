package dev.execd.output;

import java.io.IOException;

/**
 * Hears about failed writes of a log file (a full disk), so that someone says so: the log
 * itself only drops and counts the bytes.
 */
@FunctionalInterface
public interface WriteFailureListener {

	/**
	 * @param error the failure
	 * @param first whether the previous write had succeeded: a new episode
	 */
	void failed(IOException error, boolean first);

}
