package dev.execd.emulators;

import java.util.List;

/** One emulator under evaluation, reduced to what the comparison reads. */
interface Screen {

	String name();

	void feed(byte[] bytes, int offset, int length);

	void resize(int cols, int rows);

	/** Rows, trailing blanks trimmed, a wide character once. */
	List<String> lines();

	/** Cursor column and row, 0-based, in cells. */
	int[] cursor();

	/** Alternate screen shown, or null when the library cannot tell. */
	Boolean altScreen();

	/** Window title set by OSC 0/2, or null when the library cannot tell or none was set. */
	String title();

	static String trimRight(CharSequence s) {
		int end = s.length();
		while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == 0)) {
			end--;
		}
		return s.subSequence(0, end).toString();
	}

}
