package dev.execd.output;

/**
 * What to keep of output over a response's cap.
 */
public enum Truncation {

	/** The first and last halves, the marker between. */
	HEAD_TAIL,
	/** The end, the marker first. */
	TAIL,
	/** The start, the marker last. */
	HEAD

}
