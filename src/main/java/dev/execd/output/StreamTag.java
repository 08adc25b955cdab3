package dev.execd.output;

import java.util.Locale;

/**
 * Which of the child's streams a byte came from.
 */
public enum StreamTag {

	STDOUT, STDERR, PTY;

	// Every output event names its stream: one string each, not one per event.
	private final String wireName = name().toLowerCase(Locale.ROOT);

	/** The wire name: {@code stdout}, {@code stderr} or {@code pty}. */
	public String wireName() {
		return this.wireName;
	}

	public static StreamTag of(String wireName) {
		return valueOf(wireName.toUpperCase(Locale.ROOT));
	}

}
