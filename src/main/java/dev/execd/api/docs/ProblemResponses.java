package dev.execd.api.docs;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;

/**
 * The refusals of the API description, as reusable responses that operations reference by
 * name: the one place that documents which {@code code}s each refusal carries, as
 * {@code ProblemAdvice} is the one place that produces them.
 */
public final class ProblemResponses {

	static final String PREFIX = "#/components/responses/";

	public static final String BAD_REQUEST = PREFIX + "BadRequest";

	public static final String BAD_START = PREFIX + "BadStart";

	public static final String BAD_INPUT = PREFIX + "BadInput";

	public static final String BAD_SIGNAL = PREFIX + "BadSignal";

	public static final String SESSION_NOT_FOUND = PREFIX + "SessionNotFound";

	public static final String SESSION_EXITED = PREFIX + "SessionExited";

	public static final String INPUT_REFUSED = PREFIX + "InputRefused";

	public static final String NOT_A_TTY = PREFIX + "NotATty";

	public static final String NOT_A_TERMINAL = PREFIX + "NotATerminal";

	public static final String UNUSABLE_PATH = PREFIX + "UnusablePath";

	public static final String TOO_MANY_SESSIONS = PREFIX + "TooManySessions";

	public static final String TOO_MANY_SUBSCRIBERS = PREFIX + "TooManySubscribers";

	public static final String STDIN_QUEUE_FULL = PREFIX + "StdinQueueFull";

	public static final String COMMAND_QUEUE_FULL = PREFIX + "CommandQueueFull";

	public static final String SERVER_BUSY = PREFIX + "ServerBusy";

	public static final String EXCLUSIVE_KEY_BUSY = PREFIX + "ExclusiveKeyBusy";

	public static final String WATCH_NOT_FOUND = PREFIX + "WatchNotFound";

	public static final String WATCH_REFUSED = PREFIX + "WatchRefused";

	public static final String START_UNAVAILABLE = PREFIX + "StartUnavailable";

	public static final String SPAWN_FAILED = PREFIX + "SpawnFailed";

	/** Added to every operation: checked before routing. */
	public static final String UNAUTHORIZED = PREFIX + "Unauthorized";

	/** Added to every operation: checked before routing. */
	public static final String FORBIDDEN = PREFIX + "Forbidden";

	/** Added to every operation with a body. */
	public static final String PAYLOAD_TOO_LARGE = PREFIX + "PayloadTooLarge";

	/** Added to every operation with a body. */
	public static final String UNSUPPORTED_MEDIA_TYPE = PREFIX + "UnsupportedMediaType";

	private static final String PROBLEM_SCHEMA = "#/components/schemas/Problem";

	private ProblemResponses() {
	}

	/** Every refusal by its component name. */
	static Map<String, ApiResponse> all() {
		Map<String, ApiResponse> all = new LinkedHashMap<>();
		all.put(name(BAD_REQUEST), problem("""
				Invalid input: a malformed or out-of-range parameter or field (`invalid_request`), \
				or conversation id (`invalid_conversation_id`).""", "invalid_request", ProblemExamples.INVALID_REQUEST,
				"invalid_conversation_id", ProblemExamples.INVALID_CONVERSATION_ID));
		all.put(name(BAD_START), problem("""
				Invalid input: a malformed or out-of-range field (`invalid_request`) or \
				conversation id (`invalid_conversation_id`), or a command line the operating \
				system refuses as too long (`command_too_long`: one argument, `cmd` or environment \
				entry over 128 KiB), or a `notify.url` outside execd.webhooks.allowed-urls \
				(`webhook_not_allowed`).""", "invalid_request", ProblemExamples.INVALID_REQUEST, "command_too_long",
				ProblemExamples.COMMAND_TOO_LONG, "invalid_conversation_id", ProblemExamples.INVALID_CONVERSATION_ID,
				"webhook_not_allowed", ProblemExamples.WEBHOOK_NOT_ALLOWED));
		all.put(name(BAD_INPUT), problem("""
				Nothing was written: `unknown_key`, `invalid_base64`, or `invalid_request` (more \
				than one of `chars`, `chars_b64` and `keys`, input over 1 MiB, a bad field), or \
				`invalid_conversation_id`.""", "unknown_key", ProblemExamples.UNKNOWN_KEY, "invalid_base64",
				ProblemExamples.INVALID_BASE64, "invalid_request", ProblemExamples.INVALID_REQUEST));
		all.put(name(BAD_SIGNAL), problem("""
				`unknown_signal` (not a signal name or number), `invalid_request` or \
				`invalid_conversation_id`.""", "unknown_signal", ProblemExamples.UNKNOWN_SIGNAL, "invalid_request",
				ProblemExamples.INVALID_REQUEST));
		all.put(name(SESSION_NOT_FOUND), problem("""
				`session_not_found`: no such session in this conversation. It never existed, was \
				removed (`DELETE`, eviction, expiry, retention), belongs to another conversation \
				or tenant, or the id is malformed.""", "session_not_found", ProblemExamples.SESSION_NOT_FOUND));
		all.put(name(SESSION_EXITED), problem("""
				`session_exited`: the process already ended; the problem's `session` tells how.""", "session_exited",
				ProblemExamples.SESSION_EXITED_PROBLEM));
		all.put(name(INPUT_REFUSED), problem("""
				Input cannot be written: `session_exited` (the process ended; this wins) or \
				`stdin_closed` (a pipe session after `eof`); or `not_a_terminal` (`view: screen` \
				or `wait_for_screen` on a pipe session, nothing written). The problem carries the \
				`session`.""", "session_exited", ProblemExamples.SESSION_EXITED_PROBLEM, "stdin_closed",
				ProblemExamples.STDIN_CLOSED, "not_a_terminal", ProblemExamples.NOT_A_TERMINAL));
		all.put(name(NOT_A_TTY), problem("""
				`not_a_tty` (a pipe session has no terminal) or `session_exited`. The problem \
				carries the `session`.""", "not_a_tty", ProblemExamples.NOT_A_TTY, "session_exited",
				ProblemExamples.SESSION_EXITED_PROBLEM));
		all.put(name(NOT_A_TERMINAL), problem("""
				`not_a_terminal`: a screen feature (the screen, `view: screen`, `wait_for_screen`) \
				on a pipe session, which has no screen (start it with `tty: true`). The problem \
				carries the `session`.""", "not_a_terminal", ProblemExamples.NOT_A_TERMINAL));
		OutputProblemResponses.addTo(all);
		all.put(name(UNUSABLE_PATH),
				problem("""
						A path is unusable: `workdir_not_found`, `workdir_not_allowed` (outside \
						execd.process.workdir-roots), `shell_not_found`, `command_not_found` (`argv[0]`).""",
						"workdir_not_found", ProblemExamples.WORKDIR_NOT_FOUND, "command_not_found",
						ProblemExamples.COMMAND_NOT_FOUND));
		all.put(name(TOO_MANY_SESSIONS), problem("""
				`too_many_sessions`: the server holds execd.limits.max-sessions, or every session of \
				this conversation at its cap is among the most recently used (otherwise the least \
				recently used one is evicted to make room). Remove sessions you no longer need. \
				`too_many_webhooks`: with `notify`, the tenant already holds \
				execd.webhooks.max-per-tenant (100) per-request webhooks; one is freed when its \
				session is removed and its last delivery is done. Nothing was started.""", "too_many_sessions",
				ProblemExamples.TOO_MANY_SESSIONS, "too_many_webhooks", ProblemExamples.TOO_MANY_WEBHOOKS));
		all.put(name(TOO_MANY_SUBSCRIBERS), problem("""
				`too_many_subscribers`: the session already has \
				execd.limits.max-subscribers-per-session (64) streams; or, for `GET /events`, \
				execd already follows 10000 conversations and this one has no session.""", "too_many_subscribers",
				ProblemExamples.TOO_MANY_SUBSCRIBERS));
		all.put(name(STDIN_QUEUE_FULL), problem("""
				`stdin_queue_full`: 1 MiB of earlier input still waits for the process to read it. \
				Poll, then retry.""", "stdin_queue_full", ProblemExamples.STDIN_QUEUE_FULL));
		all.put(name(COMMAND_QUEUE_FULL), problem("""
				`command_queue_full`: 100 commands already wait in this shell. Wait for some to \
				end, then retry.""", "command_queue_full", ProblemExamples.COMMAND_QUEUE_FULL));
		all.put(name(SERVER_BUSY), problem("""
				`server_busy`: searches run on as many threads as the server has cores, and 64 \
				searches and screen replays already wait for one. Nothing was searched: retry \
				after `Retry-After` seconds.""", "server_busy", ProblemExamples.SERVER_BUSY)
			.addHeaderObject("Retry-After", retryAfter("retrying", "1")));
		all.put(name(EXCLUSIVE_KEY_BUSY), problem("""
				`exclusive_key_busy`: a running session of the tenant holds the `exclusive_key` and \
				did not end within `exclusive_wait_ms`; `holder_session_id` names it (`null` while \
				that session is still being spawned).""", "exclusive_key_busy", ProblemExamples.EXCLUSIVE_KEY_BUSY));
		all.put(name(WATCH_NOT_FOUND), problem("""
				`session_not_found` (see there), or `watch_not_found`: the session has no watch of \
				that name (never added, deleted, or a `once` watch that matched).""", "watch_not_found",
				ProblemExamples.WATCH_NOT_FOUND, "session_not_found", ProblemExamples.SESSION_NOT_FOUND));
		all.put(name(WATCH_REFUSED),
				problem("""
						The watch was not added: `watch_exists` (the session has a watch of that name), \
						`too_many_watches` (it has 16 already: delete one first) or `session_exited` (the \
						process ended; nothing more will be matched).""", "watch_exists", ProblemExamples.WATCH_EXISTS,
						"too_many_watches", ProblemExamples.TOO_MANY_WATCHES, "session_exited",
						ProblemExamples.SESSION_EXITED_PROBLEM));
		all.put(name(START_UNAVAILABLE),
				problem("""
						`resources_exhausted`: the server is out of file descriptors, processes or memory \
						(EMFILE, ENFILE, EAGAIN, ENOMEM); retry after `Retry-After` seconds or remove \
						sessions. `shutting_down`: execd is stopping and starts nothing.""", "resources_exhausted",
						ProblemExamples.RESOURCES_EXHAUSTED, "shutting_down", ProblemExamples.SHUTTING_DOWN)
					.addHeaderObject("Retry-After", retryAfter("retrying, on `resources_exhausted`", "5")));
		all.put(name(SPAWN_FAILED), problem("""
				`spawn_failed`: the operating system refused to start the process for another \
				reason, given in `detail`; `internal_error`: an unexpected failure.""", "spawn_failed",
				ProblemExamples.SPAWN_FAILED));
		all.put(name(UNAUTHORIZED),
				problem("""
						`unauthorized`: no valid bearer token. Only when the server has tokens \
						(execd.security.tokens).""", "unauthorized", ProblemExamples.UNAUTHORIZED).addHeaderObject(
						"WWW-Authenticate",
						new Header().description("Always `Bearer`.").schema(new StringSchema()._const("Bearer"))));
		all.put(name(FORBIDDEN), problem("""
				`forbidden`: a cross-origin request (a CORS preflight included) from an origin not \
				in execd.security.cors-origins; and, only without tokens, a `Host` that is not a \
				loopback name or the server's address (DNS rebinding).""", "forbidden", ProblemExamples.FORBIDDEN));
		all.put(name(PAYLOAD_TOO_LARGE), problem("""
				`payload_too_large`: the body is larger than execd.limits.max-request-body (1 MB \
				by default).""", "payload_too_large", ProblemExamples.PAYLOAD_TOO_LARGE));
		all.put(name(UNSUPPORTED_MEDIA_TYPE), problem("""
				`unsupported_media_type`: the body is not `application/json`, or has a \
				`Content-Encoding` other than `identity` (a file upload too).""", "unsupported_media_type",
				ProblemExamples.UNSUPPORTED_MEDIA_TYPE));
		FileProblemResponses.addTo(all);
		return all;
	}

	static String name(String ref) {
		return ref.substring(PREFIX.length());
	}

	static Header retryAfter(String what, String example) {
		return new Header().description("Seconds to wait before " + what + ".")
			.schema(new StringSchema().example(example));
	}

	/** A problem response with examples given as name, JSON, name, JSON... */
	static ApiResponse problem(String description, String... examples) {
		MediaType media = new MediaType().schema(new Schema<>().$ref(PROBLEM_SCHEMA));
		for (int i = 0; i < examples.length; i += 2) {
			media.addExamples(examples[i], new Example().value(json(examples[i + 1])));
		}
		return new ApiResponse().description(description)
			.content(new Content().addMediaType(ApiExamples.PROBLEM_JSON, media));
	}

	private static Object json(String example) {
		try {
			return Json31.mapper().readTree(example);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("Invalid example " + example, ex);
		}
	}

}
