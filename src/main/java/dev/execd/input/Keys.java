package dev.execd.input;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static java.util.Map.entry;

/**
 * Translates the named keys of the {@code keys} input field into the bytes an xterm sends
 * for them: fixed names ({@code Enter}, {@code Up}, {@code F5}...), control keys
 * ({@code C-a}) and Alt keys ({@code M-x}). A single character that is no name is the key
 * that types it ({@code q}, {@code é}, {@code 中}), sent as its UTF-8 bytes, so that
 * {@code ["q"]} quits a pager; control characters are not keys, their names are.
 */
public final class Keys {

	private static final String ESC = "\u001b";

	/**
	 * The fixed key names, in the order the contract lists them; {@code C-x}, {@code M-x}
	 * and single characters come on top.
	 */
	public static final List<String> NAMES = List.of("Enter", "Tab", "BackTab", "Escape", "Backspace", "Space", "Up",
			"Down", "Right", "Left", "Home", "End", "PageUp", "PageDown", "Insert", "Delete", "F1", "F2", "F3", "F4",
			"F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12");

	// Names whose bytes depend on neither the session kind nor the cursor mode.
	private static final Map<String, String> FIXED = Map.ofEntries(entry("Tab", "\t"), entry("BackTab", ESC + "[Z"),
			entry("Escape", ESC), entry("Backspace", "\u007f"), entry("Space", " "), entry("Up", ESC + "[A"),
			entry("Down", ESC + "[B"), entry("Right", ESC + "[C"), entry("Left", ESC + "[D"), entry("Home", ESC + "[H"),
			entry("End", ESC + "[F"), entry("PageUp", ESC + "[5~"), entry("PageDown", ESC + "[6~"),
			entry("Insert", ESC + "[2~"), entry("Delete", ESC + "[3~"), entry("F1", ESC + "OP"),
			entry("F2", ESC + "OQ"), entry("F3", ESC + "OR"), entry("F4", ESC + "OS"), entry("F5", ESC + "[15~"),
			entry("F6", ESC + "[17~"), entry("F7", ESC + "[18~"), entry("F8", ESC + "[19~"), entry("F9", ESC + "[20~"),
			entry("F10", ESC + "[21~"), entry("F11", ESC + "[23~"), entry("F12", ESC + "[24~"));

	// Full-screen programs (vim, less) switch the terminal to application cursor mode
	// (DECCKM, ESC [ ? 1 h) and then only recognise the SS3 forms of these keys.
	private static final Map<String, String> APPLICATION_CURSOR = Map.of("Up", ESC + "OA", "Down", ESC + "OB", "Right",
			ESC + "OC", "Left", ESC + "OD", "Home", ESC + "OH", "End", ESC + "OF");

	private Keys() {
	}

	/**
	 * Returns the bytes of a named key or of a single character.
	 * @param name the key name, case-sensitive except for the letter of {@code C-x}, or
	 * one character
	 * @param tty whether the session has a terminal (only {@code Enter} differs)
	 * @param applicationCursor whether the program enabled application cursor mode
	 * @return the bytes to write
	 * @throws IllegalArgumentException if the name is not a known key
	 */
	public static byte[] bytes(String name, boolean tty, boolean applicationCursor) {
		String sequence = sequence(name, tty, applicationCursor);
		if (sequence == null) {
			throw new IllegalArgumentException("Unknown key '" + name + "'");
		}
		return sequence.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Tells whether a name is a known key.
	 * @param name the key name
	 * @return {@code true} if {@link #bytes} accepts it
	 */
	public static boolean isKnown(String name) {
		return sequence(name, false, false) != null;
	}

	private static String sequence(String name, boolean tty, boolean applicationCursor) {
		if (name == null) {
			return null;
		}
		if (name.equals("Enter")) {
			// A terminal's Enter sends CR and the line discipline turns it into NL; a
			// pipe has no line discipline, and line readers wait for NL.
			return tty ? "\r" : "\n";
		}
		if (applicationCursor && APPLICATION_CURSOR.containsKey(name)) {
			return APPLICATION_CURSOR.get(name);
		}
		if (FIXED.containsKey(name)) {
			return FIXED.get(name);
		}
		if (name.startsWith("C-") && name.length() == 3) {
			return control(name.charAt(2));
		}
		if (name.startsWith("M-")) {
			return meta(name.substring(2));
		}
		return character(name);
	}

	// One code point, not a control character (C0, DEL, C1: those have names) and not a
	// lone surrogate, which has no UTF-8 form.
	private static String character(String key) {
		int[] codePoints = key.codePoints().limit(2).toArray();
		if (codePoints.length != 1) {
			return null;
		}
		int type = Character.getType(codePoints[0]);
		return (type == Character.CONTROL || type == Character.SURROGATE) ? null : key;
	}

	// Ctrl clears the top bits of the character: '@' and 'A'..'_' map to 0x00..0x1F,
	// and lower-case letters to the same bytes as upper-case ones.
	private static String control(char key) {
		if ((key >= '@' && key <= '_') || (key >= 'a' && key <= 'z')) {
			return String.valueOf((char) (key & 0x1F));
		}
		return null;
	}

	// Alt prefixes the character with ESC (xterm's metaSendsEscape, the common default).
	private static String meta(String key) {
		int[] codePoints = key.codePoints().limit(2).toArray();
		boolean single = codePoints.length == 1 && Character.getType(codePoints[0]) != Character.SURROGATE;
		return single ? ESC + key : null;
	}

}
