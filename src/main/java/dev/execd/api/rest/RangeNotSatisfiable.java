package dev.execd.api.rest;

/**
 * A {@code Range} header that selects no byte of the log.
 */
final class RangeNotSatisfiable extends RuntimeException {

	private final long total;

	RangeNotSatisfiable(long total) {
		super("the range selects no byte of the " + total + "-byte log", null, false, false);
		this.total = total;
	}

	long total() {
		return this.total;
	}

}
