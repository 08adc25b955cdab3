package dev.execd.api;

/**
 * The data of the SSE events.
 */
final class SseEvents {

	private SseEvents() {
	}

	/** {@code output} with text. */
	record TextOutput(long offset, String stream, String text) {

	}

	/** {@code output} with {@code encoding=base64}. */
	record BinaryOutput(long offset, String stream, String dataB64) {

	}

	/** {@code exit} and the lifecycle events: the session's state. */
	record SessionEvent(SessionView session) {

	}

}
