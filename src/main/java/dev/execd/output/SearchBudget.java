package dev.execd.output;

/**
 * What one search request may spend, across every log it scans: a deadline and a number
 * of bytes, so that a search never holds a request thread for long. Not thread-safe: one
 * request scans one log at a time.
 */
public final class SearchBudget {

	private final long deadlineNanos;

	private long bytesLeft;

	/**
	 * @param nanos how long the search may run from now
	 * @param bytes how many bytes of logs it may read
	 */
	public SearchBudget(long nanos, long bytes) {
		this.deadlineNanos = System.nanoTime() + nanos;
		this.bytesLeft = bytes;
	}

	/** Whether the search must stop. */
	public boolean spent() {
		return this.bytesLeft <= 0 || System.nanoTime() - this.deadlineNanos >= 0;
	}

	/** How many bytes the next read may take. */
	int bytesLeft() {
		return (int) Math.min(Integer.MAX_VALUE, Math.max(0, this.bytesLeft));
	}

	void spend(long bytes) {
		this.bytesLeft -= bytes;
	}

}
