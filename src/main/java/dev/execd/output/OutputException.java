package dev.execd.output;

/**
 * Why a read of a session's output failed.
 */
public abstract sealed class OutputException extends RuntimeException
		permits OutputException.OffsetOutOfRange, OutputException.OutputUnavailable {

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

}
