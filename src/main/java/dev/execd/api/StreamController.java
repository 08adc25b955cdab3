package dev.execd.api;

import java.io.IOException;
import java.util.Base64;

import dev.execd.config.ExecdProperties;
import dev.execd.output.AnsiStripper;
import dev.execd.output.OutputException;
import dev.execd.output.Utf8;
import dev.execd.session.EventJournal;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionReads;
import dev.execd.session.SessionRegistry;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Live output and lifecycle events as Server-Sent Events. Each stream reads the one
 * output log at its own offset and writes straight to its socket: nothing is queued per
 * subscriber, so a slow client slows only itself and holds at most one chunk (16 KiB) in
 * memory.
 */
@RestController
class StreamController {

	static final int CHUNK_BYTES = 16 * 1024;

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	private final JsonMapper json;

	StreamController(SessionRegistry registry, ExecdProperties properties, JsonMapper json) {
		this.registry = registry;
		this.properties = properties;
		this.json = json;
	}

	@GetMapping("/sessions/{id}/stream")
	ResponseEntity<StreamingResponseBody> stream(Scope scope, @PathVariable String id,
			@RequestParam(required = false) @Nullable Long offset,
			@RequestParam(required = false, defaultValue = "utf8") String encoding,
			@RequestParam(name = "strip_ansi", required = false, defaultValue = "false") boolean stripAnsi,
			@RequestHeader(name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			HttpServletResponse response) {
		Long resume = LastEventIds.parse(lastEventId);
		long from = (resume != null) ? resume : Inputs.nonNegative(offset, 0, "offset");
		boolean base64 = Inputs.base64(encoding);
		Session session = this.registry.find(scope, id);
		SessionReads reads = session.reads();
		reads.checkOffset(from);
		AutoCloseable subscription = reads.subscribe(this.properties.limits().maxSubscribersPerSession());
		StreamingResponseBody body = (out) -> {
			try (subscription) {
				SseWriter sse = new SseWriter(out, response::flushBuffer, this.json);
				sse.open();
				pump(session, from, base64, stripAnsi ? new AnsiStripper() : null, sse);
			}
			catch (IOException ex) {
				// The client went away: its stream simply ends.
			}
			catch (Exception ex) {
				Thread.currentThread().interrupt();
			}
		};
		return sse(body);
	}

	private void pump(Session session, long from, boolean base64, @Nullable AnsiStripper stripper, SseWriter sse)
			throws IOException, InterruptedException {
		SessionReads reads = session.reads();
		long offset = from;
		long lastWrite = System.nanoTime();
		while (!session.removed()) {
			long version = reads.version();
			SessionReads.Chunk chunk;
			try {
				chunk = reads.chunk(offset, CHUNK_BYTES, !base64);
			}
			catch (OutputException ex) {
				break;
			}
			if (chunk != null) {
				writeChunk(sse, chunk, base64, stripper);
				offset = chunk.next();
				lastWrite = System.nanoTime();
				continue;
			}
			if (reads.finishedAt(offset)) {
				break;
			}
			reads.awaitChange(version, lastWrite + SseWriter.PING_NANOS);
			if (System.nanoTime() - lastWrite >= SseWriter.PING_NANOS) {
				sse.ping();
				lastWrite = System.nanoTime();
			}
		}
		sse.event("exit", null, new SseEvents.SessionEvent(SessionView.of(session.snapshot())));
	}

	private static void writeChunk(SseWriter sse, SessionReads.Chunk chunk, boolean base64,
			@Nullable AnsiStripper stripper) throws IOException {
		String id = Long.toString(chunk.next());
		String stream = chunk.tag().wireName();
		if (base64) {
			sse.event("output", id, new SseEvents.BinaryOutput(chunk.offset(), stream,
					Base64.getEncoder().encodeToString(chunk.bytes())));
			return;
		}
		String text = Utf8.decode(chunk.bytes());
		if (stripper != null) {
			text = stripper.strip(text);
		}
		sse.event("output", id, new SseEvents.TextOutput(chunk.offset(), stream, text));
	}

	@GetMapping("/events")
	ResponseEntity<StreamingResponseBody> events(Scope scope,
			@RequestHeader(name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			HttpServletResponse response) {
		Long resume = LastEventIds.parse(lastEventId);
		EventJournal journal = this.registry.events(scope);
		StreamingResponseBody body = (out) -> {
			SseWriter sse = new SseWriter(out, response::flushBuffer, this.json);
			long seq = (resume != null) ? resume : journal.lastSeq();
			long lastWrite = System.nanoTime();
			try {
				sse.open();
				while (!journal.closed()) {
					for (EventJournal.Event event : journal.after(seq)) {
						sse.event(event.type(), Long.toString(event.seq()),
								new SseEvents.SessionEvent(SessionView.of(event.session())));
						seq = event.seq();
						lastWrite = System.nanoTime();
					}
					journal.awaitAfter(seq, lastWrite + SseWriter.PING_NANOS);
					if (System.nanoTime() - lastWrite >= SseWriter.PING_NANOS) {
						sse.ping();
						lastWrite = System.nanoTime();
					}
				}
			}
			catch (IOException ex) {
				// The client went away.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		};
		return sse(body);
	}

	private static ResponseEntity<StreamingResponseBody> sse(StreamingResponseBody body) {
		return ResponseEntity.ok()
			.contentType(MediaType.TEXT_EVENT_STREAM)
			.header("Cache-Control", "no-cache")
			.header("X-Accel-Buffering", "no")
			.body(body);
	}

}
