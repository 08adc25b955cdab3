package dev.execd.session;

/**
 * Told of each change of a session's output as it happens; see
 * {@link LiveOutput#onChange}.
 */
@FunctionalInterface
public interface OutputListener {

	/**
	 * @param output whether output was appended (on the output reader's thread, which
	 * holds no lock then), else something else changed: an exit, the end of a stream, the
	 * log's close (on whichever thread reported it, which may hold locks of its own). It
	 * must not block.
	 */
	void changed(boolean output);

}
