package dev.execd.api.rest;

import java.io.IOException;

import dev.execd.api.EventPayloads;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.EventJournal;
import dev.execd.session.Scope;
import dev.execd.session.SessionRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The conversation's session events as Server-Sent Events, replayed from the
 * conversation's journal on reconnect.
 */
@RestController
@Tag(name = "Events")
class EventStreamController {

	private final SessionRegistry registry;

	private final JsonMapper json;

	EventStreamController(SessionRegistry registry, JsonMapper json) {
		this.registry = registry;
		this.json = json;
	}

	@Operation(operationId = "streamEvents", summary = "Stream the conversation's session events (Server-Sent Events)",
			description = """
					Follows the sessions of this conversation as Server-Sent Events, from now on:

					- `event: session_started`, `session_exited` or `session_removed`, \
					`id: <sequence number>` (per conversation, increasing), \
					`data: {"session_id", "name", "session": {...}}` with the session's state at \
					that moment.
					- `event: session_matched`: a watch (`POST /sessions/{id}/watches`) matched a \
					line, `data: {"session_id", "name", "watch", "offset", "text", "groups"}`: the \
					byte offset of the match's start in the session's log, the line as a person \
					reads it (escape sequences removed; cut to 1 KiB, from the match's start when \
					it begins later), and the capture groups (each cut to 1 KiB, `null` for one \
					that did not take part). At most one per line and watch.
					- `event: session_matches_dropped`: a watch matched more than 10 times in a \
					second; the matches beyond were not published, only counted: `data: \
					{"session_id", "name", "watch", "dropped", "since"}`, sent when that second \
					ends.
					- `event: command_finished`: a command of a shell session ended, `data: \
					{"session_id", "name", "command_id", "seq", "cmd", "status", "exit_code", \
					"pipe_status", "end", "output_offset", "next_offset", "started_at", \
					"ended_at", "duration_ms"}` as `GET /sessions/{id}/commands/{command_id}` \
					shows it, without the output (the log's `[output_offset, next_offset)`).
					- `event: session_port_opened` and `session_port_closed`, `data: \
					{"session_id", "name", "port", "protocol", "address", "pid"}`: a process of \
					the session started or stopped listening on a TCP port (LISTEN) or a UDP \
					port (bound, unconnected); `protocol` is `tcp`, `tcp6`, `udp` or `udp6`, \
					`pid` the process found holding the socket when it opened. Sent within about \
					a second while the session runs and for execd.limits.reap-interval after it \
					ended (background servers it left); a session's open ports are closed before \
					its `session_exited` once they stopped listening, and before \
					`session_removed` in any case.
					- `event: session_waiting_for_input`, `data: {"session_id", "name", \
					"offset"}`: the session's foreground process is blocked reading its input \
					(the detection of `ended_by: input`), checked every 2 s once the session \
					printed something and was quiet for 200 ms; `offset` is the end of the output then, where the prompt ends. Once \
					per quiet spell: it can come again after new output or input.
					- `: ping`, a comment line, after 15 s without an event.

					The server keeps the last 1000 events per conversation: a client that \
					reconnects with `Last-Event-ID` (EventSource does so by itself) receives the \
					newer ones first and misses nothing that recent. Past 1000, the oldest event \
					other than `session_started`, `session_exited` and `session_removed` goes first, \
					so a flood of matches never pushes a session's start or end out. The events stay for \
					5 minutes after the conversation's last session and stream went, so a stream that broke \
					while the last session was removed still receives the removal. Numbers start at 1 again \
					when execd restarts: a `Last-Event-ID` above the newest number replays every event kept, \
					so a client reconnecting to the new server misses none of its events either. The stream \
					ends only when execd shuts down; shutdown ends the sessions (`session_exited`, \
					`end_reason: shutdown`) but does not remove them, since the restarted server lists \
					them again: no `session_removed` comes for them. Use it to learn that a background \
					command ended, a server is ready or a build printed an error without polling every \
					session.""",
			parameters = @Parameter(name = "access_token", in = ParameterIn.QUERY,
					description = StreamController.ACCESS_TOKEN, schema = @Schema(type = "string")))
	@ApiResponse(responseCode = "200", description = "The event stream.",
			content = @Content(mediaType = ApiExamples.EVENT_STREAM,
					schema = @Schema(type = "string", description = "Server-Sent Events as described above."),
					examples = @ExampleObject(name = "events", value = ApiExamples.EVENTS)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.TOO_MANY_SUBSCRIBERS)
	@GetMapping("/events")
	ResponseEntity<StreamingResponseBody> events(Scope scope,
			@Parameter(description = """
					The `id` of the last event received: replay the newer ones still kept (the last \
					1000). An id above the conversation's newest number, which this server never gave \
					out (numbers start at 1 again when execd restarts), replays every event kept, \
					as 0 does. Absent: only events from now on.""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0"), example = "2") @RequestHeader(
							name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			HttpServletRequest request, HttpServletResponse response) {
		Long resume = LastEventIds.parse(lastEventId);
		EventJournal journal = this.registry.journals().subscribe(scope);
		if (SsePump.isHead(request)) {
			// Subscribed all the same, so that a HEAD answers as its GET would.
			this.registry.journals().unsubscribe(scope, journal);
			return SseWriter.head();
		}
		StreamingResponseBody body = (out) -> {
			try {
				followEvents(journal, resume, new SseWriter(out, response::flushBuffer, this.json), this.json);
			}
			finally {
				this.registry.journals().unsubscribe(scope, journal);
			}
		};
		return SseWriter.response(body);
	}

	/** Writes a conversation's events until shutdown or the client goes away. */
	private static void followEvents(EventJournal journal, @Nullable Long resume, SseWriter sse, JsonMapper json) {
		long seq = journal.resumeAfter(resume);
		long lastWrite = System.nanoTime();
		try {
			sse.open();
			boolean closed;
			do {
				// Read before the events: those published before the close (the
				// sessions' exits at shutdown) are written before the stream ends.
				closed = journal.closed();
				for (EventJournal.Event event : journal.after(seq)) {
					sse.event(event.type(), Long.toString(event.seq()), EventPayloads.data(event, json));
					seq = event.seq();
					lastWrite = System.nanoTime();
				}
				if (!closed) {
					journal.awaitAfter(seq, lastWrite + SseWriter.PING_NANOS);
					if (System.nanoTime() - lastWrite >= SseWriter.PING_NANOS) {
						sse.ping();
						lastWrite = System.nanoTime();
					}
				}
			}
			while (!closed);
		}
		catch (IOException ex) {
			// The client went away.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
