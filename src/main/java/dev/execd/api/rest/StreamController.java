package dev.execd.api.rest;

import java.io.IOException;

import dev.execd.api.Inputs;
import dev.execd.api.SessionView;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.config.ExecdProperties;
import dev.execd.api.RecordsService;
import dev.execd.session.LiveEvent;
import dev.execd.session.LiveOutput;
import dev.execd.session.LiveRecords;
import dev.execd.session.RecordFramer;
import dev.execd.session.Scope;
import dev.execd.session.Session;
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
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Live output and lifecycle events as Server-Sent Events. Each stream reads the one
 * output log at its own offset and writes straight to its socket: nothing is queued per
 * subscriber, so a slow client slows only itself and holds at most what its stream read
 * ahead (64 KiB) and one write (about 64 KiB) in memory.
 */
@RestController
@Tag(name = "Events", description = """
		Server-Sent Events: a session's live output and the conversation's lifecycle, both \
		resumable with `Last-Event-ID`. Browsers' EventSource, which cannot send headers, may \
		pass `access_token` and `conversation_id` as query parameters.""")
class StreamController {

	static final String ACCESS_TOKEN = """
			The bearer token, for browsers' EventSource, which cannot send `Authorization`. \
			Prefer the header elsewhere: URLs end up in logs.""";

	static final String FRAMING = """
			Frame the output into whole lines instead of chunks: `jsonl` (each stdout line one \
			JSON value, e.g. an agent CLI's NDJSON events) or `lines` (text). See the \
			description; not with `encoding=base64`.""";

	static final String MAX_RECORD_BYTES = """
			With `framing`: a longer line gives `record_error` `too_long` and is skipped. \
			Default 16 MiB, at most 64 MiB.""";

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	private final JsonMapper json;

	StreamController(SessionRegistry registry, ExecdProperties properties, JsonMapper json) {
		this.registry = registry;
		this.properties = properties;
		this.json = json;
	}

	@Operation(operationId = "streamOutput", summary = "Stream a session's output live (Server-Sent Events)",
			description = """
					Replays the output from `offset` (default 0: everything) and then follows it \
					live, as Server-Sent Events:

					- `event: output`, `id: <next offset>`, \
					`data: {"offset": <offset of the chunk>, "stream": "stdout"|"stderr"|"pty", "text": "..."}` \
					(`"data_b64"` instead of `"text"` with `encoding=base64`). A chunk holds at \
					most 16 KiB and never splits a UTF-8 character.
					- `event: gap`, `id: <B>`, `data: {"from": A, "to": B}` when the bytes \
					`[A, B)` are no longer kept (past execd.output.max-log-size only the memory \
					window is, and a slow stream can fall behind it); the stream goes on at `B`. \
					`GET /output?offset=` answers 410 `output_unavailable` for the same bytes.
					- `event: exit`, `data: {"session": {...}}` after the last byte of the exit \
					drain; then the stream ends. Also sent when the session is removed meanwhile.
					- `: ping`, a comment line, after 15 s without an event.

					Each `id` is the byte offset after its chunk (or gap): the same number as `next_offset` \
					and log ranges. A client that reconnects with it in `Last-Event-ID` (browsers' \
					EventSource does so by itself) receives every byte exactly once, for as long as \
					the session exists. Nothing is queued per subscriber, so a slow client slows \
					only itself. Use it to watch a long-running process; agents that act on output \
					usually poll instead.

					With `framing=jsonl` or `framing=lines` the output comes as whole lines \
					instead (README, "Record streams (JSONL)"):

					- `event: record`, `id: <offset after the line's newline>`, \
					`data: {"offset": <offset of its first byte>, "record": <the JSON value>}` \
					(jsonl) or `{"offset", "line": "..."}` (lines; invalid UTF-8 as U+FFFD), \
					one per complete stdout line, a trailing CR dropped; with jsonl empty lines \
					are skipped.
					- `event: record_error`, same `id`: `{"offset", "error": "invalid_json", \
					"text": <first KiB>}`, or `{"offset", "end", "error": "too_long"}` for a \
					line over `max_record_bytes` (skipped, never held whole), or `"gap"` for a \
					line cut by a `gap`. The stream goes on.
					- `event: stderr` (no id): `{"offset", "text"}` per stderr line (a line over \
					64 KiB in pieces); never mixed into records. A terminal session has one \
					stream: it is framed, and has no stderr events.
					- An unterminated last line comes when the process has exited and its \
					output drained (`id` = the end of the log); then `exit`.

					`Last-Event-ID` (or `offset`) is taken as the start of a line: the stream \
					resumes exactly at the next stdout line; stderr lines around it may repeat. \
					An offset inside a character is inside a line: the rest of that line is \
					skipped and the stream begins at the line after it.""",
			parameters = @Parameter(name = "access_token", in = ParameterIn.QUERY, description = ACCESS_TOKEN,
					schema = @Schema(type = "string")))
	@ApiResponse(responseCode = "200", description = "The event stream; it ends after the `exit` event.",
			content = @Content(mediaType = ApiExamples.EVENT_STREAM,
					schema = @Schema(type = "string", description = "Server-Sent Events as described above."),
					examples = @ExampleObject(name = "python_repl", value = ApiExamples.STREAM)))
	@ApiResponse(responseCode = "204", description = """
			The session has ended and `offset` (or `Last-Event-ID`) is at or past the end of \
			its output: nothing is left to send. This is how an EventSource that reconnects \
			after the `exit` event learns to stop (the HTML standard ends it on 204); such a \
			request does not count as use of the session, so it is still reaped.""")
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "410", ref = OutputProblemResponses.OUTPUT_UNAVAILABLE)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.OFFSET_OUT_OF_RANGE)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.TOO_MANY_SUBSCRIBERS)
	@GetMapping("/sessions/{id}/stream")
	ResponseEntity<StreamingResponseBody> stream(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = "Byte offset to start at; `Last-Event-ID` wins over it.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0",
							minimum = "0")) @RequestParam(required = false) @Nullable Long offset,
			@Parameter(description = "`utf8`: `text` in each `output` event; `base64`: exact bytes in `data_b64`.",
					schema = @Schema(allowableValues = { "utf8", "base64" }, defaultValue = "utf8")) @RequestParam(
							required = false, defaultValue = "utf8") String encoding,
			@Parameter(description = "Remove terminal escape sequences from `text` (never from the log).",
					schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(name = "strip_ansi",
							required = false) @Nullable Boolean stripAnsi,
			@Parameter(description = """
					The `id` of the last `output` event received, i.e. the byte offset to resume \
					at; sent by EventSource when it reconnects. Wins over `offset`.""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0"), example = "24") @RequestHeader(
							name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			@Parameter(description = FRAMING, schema = @Schema(allowableValues = { "jsonl", "lines" })) @RequestParam(
					required = false) @Nullable String framing,
			@Parameter(description = MAX_RECORD_BYTES,
					schema = @Schema(type = "integer", format = "int64", minimum = "1",
							maximum = "67108864")) @RequestParam(name = "max_record_bytes",
									required = false) @Nullable Long maxRecordBytes,
			HttpServletRequest request, HttpServletResponse response) {
		Long resume = LastEventIds.parse(lastEventId);
		long from = (resume != null) ? resume : Inputs.nonNegative(offset, 0, "offset");
		boolean base64 = Inputs.base64(encoding);
		RecordFramer framer = RecordsService.framer(framing, maxRecordBytes, base64);
		Session session = this.registry.follow(scope, id, from);
		if (session == null) {
			// A reconnect after the exit event: 204 ends an EventSource for good.
			return ResponseEntity.noContent().build();
		}
		int maxSubscribers = this.properties.limits().maxSubscribersPerSession();
		SseProbe probe = new SseProbe();
		if (framer != null) {
			LiveRecords records = LiveRecords.follow(session, from, framer, maxSubscribers, probe);
			return SsePump.response(request, response, this.json, records, probe, "record stream of session " + id,
					(sse) -> RecordStream.pump(records, sse));
		}
		// Text to strip needs a string; all other output is encoded from the log's bytes.
		LiveOutput live = Boolean.TRUE.equals(stripAnsi) && !base64
				? LiveOutput.follow(session, from, false, true, maxSubscribers, probe)
				: LiveOutput.followBytes(session, from, !base64, maxSubscribers, probe);
		return SsePump.response(request, response, this.json, live, probe, "output stream of session " + id,
				(sse) -> pump(live, base64, sse));
	}

	/** Writes the events of one output stream until its end. */
	private static void pump(LiveOutput live, boolean base64, SseWriter sse) throws IOException, InterruptedException {
		SsePump.pump(sse, live::next, live::await, (event) -> {
			switch (event) {
				case LiveEvent.Text text ->
					sse.textOutput(text.next(), text.offset(), text.stream(), text.text(), text.caughtUp());
				case LiveEvent.Bytes bytes -> sse.output(bytes, base64);
				case LiveEvent.Gap gap ->
					sse.event("gap", Long.toString(gap.to()), new SseEvents.Gap(gap.from(), gap.to()));
				case LiveEvent.End end -> {
					sse.event("exit", null, new SseEvents.SessionEvent(SessionView.of(end.session())));
					return true;
				}
			}
			return false;
		});
	}

}
