package dev.execd.screen;

/**
 * Chooses the emulator: callers see only {@link Emulator}, so the library behind it can
 * change without them.
 */
public final class Emulators {

	private Emulators() {
	}

	/**
	 * A blank screen of the given size.
	 * @param scrollbackLines how many rows that scroll off the primary screen are kept
	 */
	public static Emulator create(int cols, int rows, int scrollbackLines) {
		return new JediTermEmulator(cols, rows, scrollbackLines);
	}

}
