package dev.execd.screen;

/**
 * A terminal emulator: output bytes in, a {@link Grid} out. Not thread-safe: one owner
 * feeds it and reads it under its own lock.
 */
public interface Emulator {

	/**
	 * Feeds output in the order it was written. A UTF-8 character or an escape sequence
	 * may be split across calls: the emulator keeps the unfinished part for the next.
	 */
	void feed(byte[] bytes, int offset, int length);

	/** Changes the size, as the terminal's window did. */
	void resize(int cols, int rows);

	/**
	 * What the screen shows now.
	 * @param scrollback how many rows above the screen to add at most (0: none)
	 */
	Grid grid(int scrollback);

}
