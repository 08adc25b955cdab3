package dev.execd.api;

import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes Server-Sent Events straight to one response. One writer per connection and one
 * thread writing, so events are never interleaved; each is flushed at once.
 */
final class SseWriter {

	/** A comment line every so often keeps proxies and clients from timing out. */
	static final long PING_NANOS = 15_000_000_000L;

	private final OutputStream out;

	private final Flushable flusher;

	private final JsonMapper json;

	/**
	 * @param out the response body
	 * @param flusher flushes the response itself: Spring's body stream ignores flush()
	 * unless told otherwise, and events must leave at once
	 * @param json the application's JSON mapper
	 */
	SseWriter(OutputStream out, Flushable flusher, JsonMapper json) {
		this.out = out;
		this.flusher = flusher;
		this.json = json;
	}

	/** Sends the headers now, so a client knows it is subscribed before any event. */
	void open() throws IOException {
		flush();
	}

	private void flush() throws IOException {
		this.out.flush();
		this.flusher.flush();
	}

	void event(String name, @Nullable String id, Object data) throws IOException {
		StringBuilder event = new StringBuilder(64).append("event: ").append(name).append('\n');
		if (id != null) {
			event.append("id: ").append(id).append('\n');
		}
		// JSON escapes line breaks, so the data is always one line.
		event.append("data: ").append(this.json.writeValueAsString(data)).append("\n\n");
		this.out.write(event.toString().getBytes(StandardCharsets.UTF_8));
		flush();
	}

	void ping() throws IOException {
		this.out.write(": ping\n\n".getBytes(StandardCharsets.US_ASCII));
		flush();
	}

}
