package dev.execd.output;

import java.util.Locale;

/**
 * Which of the child's streams a byte came from.
 */
public enum StreamTag {

	STDOUT, STDERR, PTY;

	/** The wire name: {@code stdout}, {@code stderr} or {@code pty}. */
	public String wireName() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static StreamTag of(String wireName) {
		return valueOf(wireName.toUpperCase(Locale.ROOT));
	}

}
