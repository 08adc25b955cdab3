package dev.execd.api.attach;

import java.util.HashMap;
import java.util.Locale;

import dev.execd.api.ApiException;
import dev.execd.api.Inputs;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.api.security.Origins;
import dev.execd.config.ExecdProperties;
import dev.execd.session.LiveOutput;
import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionRegistry;
import dev.execd.session.Subscriber;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;

/**
 * The handshake of the attach channel. Everything that can refuse a client is checked
 * here, before the upgrade, so a refusal is the same problem+json as on every route:
 * authentication (the security chain), scope, Origin, the session, the offset and the
 * subscriber cap, which attach connections share with the session's SSE streams.
 */
@RestController
@Tag(name = "Attach", description = """
		A WebSocket per interactive client: keystrokes in, output out, one frame each way, \
		resumable by byte offset. Agents use the request API instead.""")
class AttachController {

	private final SessionRegistry registry;

	private final ExecdProperties properties;

	private final JsonMapper json;

	private final DefaultHandshakeHandler handshakes;

	AttachController(SessionRegistry registry, ExecdProperties properties, JsonMapper json,
			DefaultHandshakeHandler attachHandshakes) {
		this.registry = registry;
		this.properties = properties;
		this.json = json;
		this.handshakes = attachHandshakes;
	}

	@Operation(operationId = "attachSession", summary = "Attach to a running session (WebSocket)",
			description = AttachProtocol.DESCRIPTION,
			parameters = { @Parameter(name = "access_token", in = ParameterIn.QUERY, description = """
					The bearer token, for browsers, whose WebSocket cannot send `Authorization`. \
					Prefer the header elsewhere: URLs end up in logs.""", schema = @Schema(type = "string")),
					@Parameter(name = "conversation_id", in = ParameterIn.QUERY, description = """
							The conversation, for browsers, whose WebSocket cannot send \
							`X-Conversation-Id`.""", schema = @Schema(type = "string")) })
	@ApiResponse(responseCode = "101", description = "Switched to the WebSocket protocol; frames as described above.")
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = ProblemResponses.FORBIDDEN)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.SESSION_EXITED)
	@ApiResponse(responseCode = "410", ref = OutputProblemResponses.OUTPUT_UNAVAILABLE)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.OFFSET_OUT_OF_RANGE)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.TOO_MANY_SUBSCRIBERS)
	@GetMapping("/sessions/{id}/attach")
	void attach(Scope scope,
			@Parameter(description = "The session id (`session.session_id`).",
					example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = """
					Byte offset of the first output to send: `0` replays everything, a frame's \
					`next` resumes after it. Default: the end of the output so far.""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							required = false) @Nullable Long offset,
			@Parameter(description = "`utf8`: `text` in each `output` message; `base64`: exact bytes in `data_b64`.",
					schema = @Schema(allowableValues = { "utf8", "base64" }, defaultValue = "utf8")) @RequestParam(
							required = false, defaultValue = "utf8") String encoding,
			@Parameter(description = "Remove terminal escape sequences from `text` (never from the log).",
					schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(name = "strip_ansi",
							required = false) @Nullable Boolean stripAnsi,
			HttpServletRequest request, HttpServletResponse response) throws Exception {
		String origin = request.getHeader(HttpHeaders.ORIGIN);
		if (!Origins.allowed(origin, request.getScheme(), request.getHeader(HttpHeaders.HOST),
				this.properties.security().corsOrigins())) {
			throw ApiException
				.forbidden("Origin '" + origin + "' is neither this server nor in execd.security.cors-origins");
		}
		boolean base64 = Inputs.base64(encoding);
		Long from = (offset != null) ? Inputs.nonNegative(offset, 0, "offset") : null;
		Session session = this.registry.find(scope, id);
		// Tomcat reads an upgraded connection all along: a client that goes away closes
		// the socket, which ends the pump and gives the slot back at once, unprobed.
		LiveOutput live = LiveOutput.attach(session, from, base64, Boolean.TRUE.equals(stripAnsi),
				this.properties.limits().maxSubscribersPerSession(), Subscriber.SELF_CLOSING);
		boolean upgraded = false;
		try {
			requireHandshake(request);
			ServletServerHttpResponse upgrade = new ServletServerHttpResponse(response);
			upgraded = this.handshakes.doHandshake(new ServletServerHttpRequest(request), upgrade,
					new AttachSocket(session, live, this.json), new HashMap<>());
			upgrade.close();
		}
		finally {
			if (!upgraded) {
				live.close();
			}
		}
	}

	/**
	 * Refuses what is not a WebSocket handshake with a problem, rather than the plain
	 * text answer of Spring's handshake handler.
	 */
	private static void requireHandshake(HttpServletRequest request) {
		String connection = request.getHeader(HttpHeaders.CONNECTION);
		if (!"websocket".equalsIgnoreCase(request.getHeader(HttpHeaders.UPGRADE)) || connection == null
				|| !connection.toLowerCase(Locale.ROOT).contains("upgrade")
				|| request.getHeader(WebSocketHttpHeaders.SEC_WEBSOCKET_KEY) == null
				|| !"13".equals(request.getHeader(WebSocketHttpHeaders.SEC_WEBSOCKET_VERSION))) {
			throw ApiException.invalid("this route is a WebSocket: a GET with 'Upgrade: websocket', "
					+ "'Connection: Upgrade', Sec-WebSocket-Key and 'Sec-WebSocket-Version: 13'");
		}
	}

}
