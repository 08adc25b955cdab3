package dev.execd.api.rest;

import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.config.ExecdProperties;
import dev.execd.session.LiveScreen;
import dev.execd.session.Scope;
import dev.execd.session.SessionRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A PTY session's screen, live, as Server-Sent Events: what a console draws. Like the
 * output stream, it keeps nothing per subscriber but the screen it sent last.
 */
@RestController
class ScreenStreamController {

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	private final JsonMapper json;

	ScreenStreamController(SessionRegistry registry, ExecdProperties properties, JsonMapper json) {
		this.registry = registry;
		this.properties = properties;
		this.json = json;
	}

	@Operation(operationId = "streamScreen", tags = "Events",
			summary = "Stream a terminal session's screen live (Server-Sent Events)", description = """
					The screen of `GET /sessions/{id}/screen`, live, with colours, as Server-Sent \
					Events:

					- `event: frame`, `id: <seq>`, data a `ScreenFrame`: the whole screen \
					(`seq`, `offset`, `cols`, `rows`, `lines`, `styles`, `cursor`, `alt_screen`, \
					`title`). Always the first event, and sent again after every resize.
					- `event: frame_diff`, `id: <seq>`, data a `ScreenFrameDiff`: the rows that \
					changed since frame `seq - 1` (`changed`: `[{"row", "line", "styles"}]`, \
					replacing those rows) and the current `cursor`, `alt_screen` and `title`.
					- `event: exit`, `data: {"session": {...}}` once the session ended and the \
					frame showing all of its output was sent (or it was removed); then the \
					stream ends.
					- `: ping`, a comment line, after 15 s without an event.

					Frames follow output as it comes, at most one every 50 ms: changes in \
					between are coalesced into the next frame, so a flood costs a client at most \
					20 frames a second, and a screen that does not change sends nothing.

					Styles are runs per row, `[col, len, fg, bg, flags]` (see `ScreenFrame`). \
					`id` is the frame's `seq`. A client that reconnects with `Last-Event-ID` \
					(EventSource does so by itself) gets a whole `frame` first, numbered one past \
					that id, then diffs: the server keeps no history, so the screen is sent whole \
					and the numbering goes on. A pipe session has no screen: 409 \
					`not_a_terminal`. Counts toward the session's subscribers with output \
					streams (execd.limits.max-subscribers-per-session).""",
			parameters = @Parameter(name = "access_token", in = ParameterIn.QUERY,
					description = StreamController.ACCESS_TOKEN, schema = @Schema(type = "string")))
	@ApiResponse(responseCode = "200", description = "The event stream; it ends after the `exit` event.",
			content = @Content(mediaType = ApiExamples.EVENT_STREAM, schema = @Schema(type = "string", description = """
					Server-Sent Events as described above; the data of `frame` is a \
					`ScreenFrame`, of `frame_diff` a `ScreenFrameDiff`."""),
					examples = @ExampleObject(name = "vim", value = ApiExamples.SCREEN_STREAM)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.NOT_A_TERMINAL)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.TOO_MANY_SUBSCRIBERS)
	@GetMapping("/sessions/{id}/screen/stream")
	ResponseEntity<StreamingResponseBody> screenStream(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = """
					The `id` (`seq`) of the last frame received; sent by EventSource when it \
					reconnects. The stream starts with a whole frame numbered one past it.""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0"), example = "41") @RequestHeader(
							name = "Last-Event-ID", required = false) @Nullable String lastEventId,
			HttpServletRequest request, HttpServletResponse response) {
		Long resume = LastEventIds.parse(lastEventId);
		long firstSeq = (resume != null && resume < Long.MAX_VALUE) ? resume + 1 : 1;
		SseProbe probe = new SseProbe();
		LiveScreen live = LiveScreen.follow(this.registry.find(scope, id),
				this.properties.limits().maxSubscribersPerSession(), probe);
		return SsePump.response(request, response, this.json, live, probe, "screen stream of session " + id,
				(sse) -> ScreenStream.pump(live, sse, firstSeq));
	}

}
