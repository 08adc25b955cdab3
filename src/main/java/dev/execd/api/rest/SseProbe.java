package dev.execd.api.rest;

import dev.execd.session.Subscriber;
import org.jspecify.annotations.Nullable;

/**
 * Whether the client of one SSE stream is still there, asked when its session's
 * subscriber slots run out. Tomcat does not watch the connection of an async request, so
 * a client that went away is noticed only when a write fails: the probe writes a ping. A
 * stream not yet open counts as there.
 */
final class SseProbe implements Subscriber {

	private volatile @Nullable SseWriter writer;

	/** The stream is open: probes write to it from now on. */
	void opened(SseWriter sse) {
		this.writer = sse;
	}

	@Override
	public boolean reachable() {
		SseWriter sse = this.writer;
		return sse == null || sse.probe();
	}

}
