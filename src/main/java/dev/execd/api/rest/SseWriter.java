package dev.execd.api.rest;

import java.io.ByteArrayOutputStream;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import dev.execd.session.LineBytes;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Writes Server-Sent Events straight to one response. One writer per connection and one
 * thread writing, so events are never interleaved.
 * <p>
 * Output events, the bulk of a stream, are assembled as bytes in one reused buffer: the
 * chunk is base64-encoded or JSON-escaped straight into it, with no intermediate strings
 * (building them with the mapper cost about four copies of every chunk). They are flushed
 * only when the caller has nothing more to send at once, so a fast producer fills the
 * response buffer and a slow one still sees every event leave immediately.
 */
final class SseWriter {

	/** A comment line every so often keeps proxies and clients from timing out. */
	static final long PING_NANOS = 15_000_000_000L;

	private static final byte[] RECORD_TAIL = "}\n\n".getBytes(StandardCharsets.US_ASCII);

	private final OutputStream out;

	private final Flushable flusher;

	private static final byte[] RETRY = "retry: 1000\n\n".getBytes(StandardCharsets.US_ASCII);

	private final JsonMapper json;

	private final EventBuffer buffer = new EventBuffer();

	private byte[] base64 = new byte[0];

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

	/**
	 * Sends the headers now, so a client knows it is subscribed before any event, with
	 * the reconnection delay: after a network error an EventSource comes back in a second
	 * (its own default is browser-defined, often 3 to 5 s).
	 */
	void open() throws IOException {
		this.out.write(RETRY);
		flush();
	}

	void flush() throws IOException {
		this.out.flush();
		this.flusher.flush();
	}

	void event(String name, @Nullable String id, Object data) throws IOException {
		event(name, id, data, true);
	}

	/** An event with the data as JSON; sent at once when {@code flush}. */
	void event(String name, @Nullable String id, Object data, boolean flush) throws IOException {
		StringBuilder event = new StringBuilder(64).append("event: ").append(name).append('\n');
		if (id != null) {
			event.append("id: ").append(id).append('\n');
		}
		// JSON escapes line breaks, so the data is always one line.
		event.append("data: ").append(this.json.writeValueAsString(data)).append("\n\n");
		this.out.write(event.toString().getBytes(StandardCharsets.UTF_8));
		if (flush) {
			flush();
		}
	}

	/**
	 * A {@code record} event of a JSON line, its bytes written as they are:
	 * {@code {"offset": o, "record": <the line>}}. They were validated as one JSON value,
	 * and hold no line break.
	 */
	void jsonRecord(long next, long offset, LineBytes json, boolean flush) throws IOException {
		this.buffer.reset();
		this.buffer.ascii("event: record\nid: ")
			.ascii(Long.toString(next))
			.ascii("\ndata: {\"offset\":")
			.ascii(Long.toString(offset))
			.ascii(",\"record\":");
		this.buffer.writeTo(this.out);
		json.writeTo(this.out);
		this.out.write(RECORD_TAIL);
		if (flush) {
			flush();
		}
	}

	/**
	 * An {@code output} event with {@code text}: {@code {"offset": o, "stream": s,
	 * "text": "..."}}.
	 */
	void textOutput(long next, long offset, String stream, String text, boolean flush) throws IOException {
		outputHead(next, offset, stream).ascii(",\"text\":");
		try (JsonGenerator generator = this.json.createGenerator(this.buffer)) {
			generator.writeString(text);
		}
		outputTail(flush);
	}

	/**
	 * An {@code output} event with exact bytes: {@code {"offset": o, "stream": s,
	 * "data_b64": "..."}}.
	 */
	void binaryOutput(long next, long offset, String stream, byte[] bytes, boolean flush) throws IOException {
		int encoded = 4 * ((bytes.length + 2) / 3);
		if (this.base64.length < encoded) {
			this.base64 = new byte[encoded];
		}
		int n = Base64.getEncoder().encode(bytes, this.base64);
		outputHead(next, offset, stream).ascii(",\"data_b64\":\"").write(this.base64, 0, n);
		this.buffer.ascii("\"");
		outputTail(flush);
	}

	private EventBuffer outputHead(long next, long offset, String stream) {
		this.buffer.reset();
		return this.buffer.ascii("event: output\nid: ")
			.ascii(Long.toString(next))
			.ascii("\ndata: {\"offset\":")
			.ascii(Long.toString(offset))
			.ascii(",\"stream\":\"")
			.ascii(stream)
			.ascii("\"");
	}

	private void outputTail(boolean flush) throws IOException {
		this.buffer.ascii("}\n\n");
		this.buffer.writeTo(this.out);
		if (flush) {
			flush();
		}
	}

	void ping() throws IOException {
		this.out.write(": ping\n\n".getBytes(StandardCharsets.US_ASCII));
		flush();
	}

	/** A byte buffer reused for every event of the connection. */
	private static final class EventBuffer extends ByteArrayOutputStream {

		EventBuffer() {
			super(1024);
		}

		EventBuffer ascii(String text) {
			int n = text.length();
			if (this.count + n > this.buf.length) {
				this.buf = Arrays.copyOf(this.buf, Math.max(this.buf.length * 2, this.count + n));
			}
			for (int i = 0; i < n; i++) {
				this.buf[this.count++] = (byte) text.charAt(i);
			}
			return this;
		}

		@Override
		public void writeTo(OutputStream out) throws IOException {
			out.write(this.buf, 0, this.count);
		}

	}

	/** The response that carries a stream: no caching, and no proxy buffering. */
	static ResponseEntity<StreamingResponseBody> response(StreamingResponseBody body) {
		return ResponseEntity.ok()
			.contentType(MediaType.TEXT_EVENT_STREAM)
			.header("Cache-Control", "no-cache")
			.header("X-Accel-Buffering", "no")
			.body(body);
	}

}
