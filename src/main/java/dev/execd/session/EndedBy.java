package dev.execd.session;

import java.util.Locale;

/**
 * Why a wait ended, as a response reports it in {@code ended_by}.
 */
public enum EndedBy {

	/** The process ended and its output was drained. */
	EXIT,
	/**
	 * {@code wait_for} or {@code wait_for_screen} matched (or was too expensive to run).
	 */
	MATCH,
	/** The foreground process was blocked reading its input and the output was quiet. */
	INPUT,
	/** Output came and then nothing for {@code settle_ms}. */
	SETTLED,
	/** The wait's time was up. */
	DEADLINE,
	/** {@code GET /output} without a condition: the first new byte arrived. */
	OUTPUT;

	/** The wire name: the constant in lower case. */
	public String wireName() {
		return name().toLowerCase(Locale.ROOT);
	}

}
