package dev.execd.output;

/**
 * Told of each change of an {@link OutputLog} as it happens, outside the log's locks; it
 * must not block. Closing what {@link OutputLog#onChange} returned removes it.
 */
@FunctionalInterface
public interface ChangeListener {

	/**
	 * @param output whether output was appended (on the output reader's thread, which
	 * holds no lock then), else something else changed: an exit, the end of a stream, the
	 * log's close (on whichever thread reported it, which may hold locks of its own)
	 */
	void changed(boolean output);

}
