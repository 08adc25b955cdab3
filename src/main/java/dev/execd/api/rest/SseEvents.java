package dev.execd.api.rest;

import dev.execd.api.SessionView;

/**
 * The data of the SSE events written through the mapper. {@code output} events, the bulk
 * of a stream, are written as bytes by {@link SseWriter} instead.
 */
final class SseEvents {

	private SseEvents() {
	}

	/** {@code exit} and the lifecycle events: the session's state. */
	record SessionEvent(SessionView session) {

	}

	/**
	 * {@code gap}: the bytes {@code [from, to)} are kept nowhere; the stream skips them.
	 */
	record Gap(long from, long to) {

	}

}
