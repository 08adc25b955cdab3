package dev.execd.output;

/**
 * Why a read of a session's output failed.
 */
public abstract sealed class OutputException extends RuntimeException permits OutputException.OffsetOutOfRange,
		OutputException.OutputUnavailable, OutputException.ResourcesExhausted {

	OutputException(String message) {
		super(message, null, false, false);
	}

	/**
	 * The offset is past the end of the output.
	 */
	public static final class OffsetOutOfRange extends OutputException {

		public OffsetOutOfRange(long offset, long total) {
			super("offset " + offset + " is past the end of the output (" + total + " bytes)");
		}

	}

	/**
	 * The bytes at this offset are no longer kept.
	 */
	public static final class OutputUnavailable extends OutputException {

		public OutputUnavailable(long offset) {
			super("output at offset " + offset + " is no longer kept");
		}

	}

	/**
	 * The bytes are kept, but the log's file could not be opened again to read them: the
	 * server is out of file descriptors and the one held in reserve stayed lent for the
	 * whole wait. The same read may succeed a moment later.
	 */
	public static final class ResourcesExhausted extends OutputException {

		/** Seconds a client should wait before it reads again. */
		public static final int RETRY_AFTER_SECONDS = 1;

		public ResourcesExhausted(long offset) {
			super("the server is out of file descriptors to read the output at offset " + offset + "; retry shortly");
		}

	}

}
