package dev.execd.api.rest;

import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.ReentrantLock;

import dev.execd.session.LineBytes;
import dev.execd.session.LiveEvent;
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
 * Events are assembled as bytes in one reused buffer: output is base64-encoded or
 * JSON-escaped straight into it, with no intermediate strings (building them with the
 * mapper cost about four copies of every chunk). The buffer goes to the response when it
 * holds {@value #WRITE_BYTES} bytes, in one write that passes the response's own buffer,
 * and at every flush. Callers flush when they have nothing more to send at once, so a
 * fast producer's events leave in large writes and a slow one's still leave immediately.
 * <p>
 * A {@link #probe} from another thread writes a ping between two writes of whole events;
 * the lock keeps it out of the middle of one.
 */
final class SseWriter {

	/** A comment line every so often keeps proxies and clients from timing out. */
	static final long PING_NANOS = 15_000_000_000L;

	/** Events gathered before a write: the response buffer's size, a few events. */
	static final int WRITE_BYTES = 64 * 1024;

	private static final byte[] RETRY = "retry: 1000\n\n".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] PING = ": ping\n\n".getBytes(StandardCharsets.US_ASCII);

	private final OutputStream out;

	private final Flushable flusher;

	private final JsonMapper json;

	private final SseBuffer buffer = new SseBuffer();

	/** Held while bytes go to the response, by this stream's thread or a probe. */
	private final ReentrantLock lock = new ReentrantLock();

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
		this.buffer.write(RETRY);
		flush();
	}

	/** Sends every event written so far. */
	void flush() throws IOException {
		this.lock.lock();
		try {
			write();
			this.out.flush();
			this.flusher.flush();
		}
		finally {
			this.lock.unlock();
		}
	}

	private void write() throws IOException {
		if (this.buffer.size() > 0) {
			this.lock.lock();
			try {
				this.buffer.writeTo(this.out);
			}
			finally {
				this.lock.unlock();
			}
			this.buffer.reset();
		}
	}

	/**
	 * Pings the client from another thread, to learn whether it is still there: false
	 * when the write fails. A stream busy writing is taken to be there (its own write
	 * answers soon), so a probe never waits behind that write.
	 */
	boolean probe() {
		if (!this.lock.tryLock()) {
			return true;
		}
		try {
			this.out.write(PING);
			this.out.flush();
			this.flusher.flush();
			return true;
		}
		catch (IOException ex) {
			return false;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Ends an event: sent at once when {@code flush}, else when the buffer is full. */
	private void written(boolean flush) throws IOException {
		if (flush) {
			flush();
		}
		else if (this.buffer.size() >= WRITE_BYTES) {
			write();
		}
	}

	void event(String name, @Nullable String id, Object data) throws IOException {
		event(name, id, data, true);
	}

	/** An event with the data as JSON; sent at once when {@code flush}. */
	void event(String name, @Nullable String id, Object data, boolean flush) throws IOException {
		this.buffer.ascii("event: ").write(name.getBytes(StandardCharsets.UTF_8));
		if (id != null) {
			this.buffer.ascii("\nid: ").ascii(id);
		}
		// JSON escapes line breaks, so the data is always one line.
		this.buffer.ascii("\ndata: ").write(this.json.writeValueAsBytes(data));
		this.buffer.ascii("\n\n");
		written(flush);
	}

	/**
	 * A {@code record} event of a JSON line, its bytes written as they are:
	 * {@code {"offset": o, "record": <the line>}}. They were validated as one JSON value,
	 * and hold no line break.
	 */
	void jsonRecord(long next, long offset, LineBytes json, boolean flush) throws IOException {
		this.buffer.ascii("event: record\nid: ").number(next).ascii("\ndata: {\"offset\":").number(offset);
		json.writeTo(this.buffer.ascii(",\"record\":"));
		this.buffer.ascii("}\n\n");
		written(flush);
	}

	/**
	 * An {@code output} event with {@code text}: {@code {"offset": o, "stream": s,
	 * "text": "..."}}.
	 */
	void textOutput(long next, long offset, String stream, String text, boolean flush) throws IOException {
		outputHead(next, offset, stream).ascii(",\"text\":");
		writeString(text);
		outputTail(flush);
	}

	/**
	 * An {@code output} event of the bytes: exact in {@code data_b64}, or decoded as
	 * {@code text}.
	 */
	void output(LiveEvent.Bytes bytes, boolean base64) throws IOException {
		outputHead(bytes.next(), bytes.offset(), bytes.stream());
		if (base64) {
			this.buffer.ascii(",\"data_b64\":\"").base64(bytes).ascii("\"");
		}
		else if (!this.buffer.ascii(",\"text\":").jsonString(bytes)) {
			// Malformed bytes become U+FFFD as the decoder replaces them.
			writeString(bytes.text());
		}
		outputTail(bytes.caughtUp());
	}

	private void writeString(String text) throws IOException {
		try (JsonGenerator generator = this.json.createGenerator(this.buffer)) {
			generator.writeString(text);
		}
	}

	private SseBuffer outputHead(long next, long offset, String stream) {
		return this.buffer.ascii("event: output\nid: ")
			.number(next)
			.ascii("\ndata: {\"offset\":")
			.number(offset)
			.ascii(",\"stream\":\"")
			.ascii(stream)
			.ascii("\"");
	}

	private void outputTail(boolean flush) throws IOException {
		this.buffer.ascii("}\n\n");
		written(flush);
	}

	void ping() throws IOException {
		this.buffer.ascii(": ping\n\n");
		flush();
	}

	/** The response that carries a stream: no caching, and no proxy buffering. */
	static ResponseEntity<StreamingResponseBody> response(StreamingResponseBody body) {
		return headers().body(body);
	}

	/**
	 * The answer to a HEAD request of a stream: its headers alone. A stream to it would
	 * send nothing, and hold its subscription and its connection until the stream ended.
	 */
	static ResponseEntity<StreamingResponseBody> head() {
		return headers().build();
	}

	private static ResponseEntity.BodyBuilder headers() {
		return ResponseEntity.ok()
			.contentType(MediaType.TEXT_EVENT_STREAM)
			.header("Cache-Control", "no-cache")
			.header("X-Accel-Buffering", "no");
	}

}
