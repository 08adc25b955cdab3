package dev.execd.api.rest;

/**
 * A {@code Range} header that selects no byte of a log or a file.
 */
final class RangeNotSatisfiable extends RuntimeException {

	private final long total;

	RangeNotSatisfiable(long total, String what) {
		super("the range selects no byte of the " + total + "-byte " + what, null, false, false);
		this.total = total;
	}

	long total() {
		return this.total;
	}

}
