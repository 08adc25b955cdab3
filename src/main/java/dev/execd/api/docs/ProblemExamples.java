package dev.execd.api.docs;

/**
 * Example problem bodies of the API description, one per refusal code, as execd sends
 * them. Only the documentation reads them.
 */
public final class ProblemExamples {

	private ProblemExamples() {
	}

	public static final String SESSION_NOT_FOUND = """
			{"type": "https://execd.dev/problems/session-not-found", "title": "Not Found", "status": 404, \
			"detail": "no session 'V1StGXR8_Z5jdHi6B-myT' in this conversation", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT", "code": "session_not_found"}""";

	public static final String INVALID_REQUEST = """
			{"type": "https://execd.dev/problems/invalid-request", "title": "Bad Request", "status": 400, \
			"detail": "unknown field 'bogus'", "instance": "/sessions", "code": "invalid_request"}""";

	public static final String INVALID_CONVERSATION_ID = """
			{"type": "https://execd.dev/problems/invalid-conversation-id", "title": "Bad Request", \
			"status": 400, "detail": "conversation id must be 1-128 characters of [A-Za-z0-9._:-]", \
			"instance": "/sessions", "code": "invalid_conversation_id"}""";

	public static final String WEBHOOK_NOT_ALLOWED = """
			{"type": "https://execd.dev/problems/webhook-not-allowed", "title": "Bad Request", \
			"status": 400, "detail": "notify.url matches none of execd.webhooks.allowed-urls: this server \
			posts only to the URLs its operator allowed", "instance": "/sessions", \
			"code": "webhook_not_allowed"}""";

	public static final String INVALID_BASE64 = """
			{"type": "https://execd.dev/problems/invalid-base64", "title": "Bad Request", "status": 400, \
			"detail": "chars_b64 is not valid base64", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", \
			"code": "invalid_base64"}""";

	public static final String UNKNOWN_KEY = """
			{"type": "https://execd.dev/problems/unknown-key", "title": "Bad Request", "status": 400, \
			"detail": "unknown key 'Ctrl-C'", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", \
			"code": "unknown_key"}""";

	public static final String UNKNOWN_SIGNAL = """
			{"type": "https://execd.dev/problems/unknown-signal", "title": "Bad Request", "status": 400, \
			"detail": "unknown signal 'SIGFOO'", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/signal", \
			"code": "unknown_signal"}""";

	public static final String UNAUTHORIZED = """
			{"type": "https://execd.dev/problems/unauthorized", "title": "Unauthorized", "status": 401, \
			"detail": "a valid bearer token is required", "code": "unauthorized"}""";

	public static final String FORBIDDEN = """
			{"type": "https://execd.dev/problems/forbidden", "title": "Forbidden", "status": 403, \
			"detail": "Origin 'https://evil.example' is neither this server nor in \
			execd.security.cors-origins", "code": "forbidden"}""";

	public static final String SESSION_EXITED_PROBLEM = """
			{"type": "https://execd.dev/problems/session-exited", "title": "Conflict", "status": 409, \
			"detail": "the session's process has exited", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", "code": "session_exited", "session": \
			""" + ApiExamples.SESSION_EXITED + "}";

	public static final String STDIN_CLOSED = """
			{"type": "https://execd.dev/problems/stdin-closed", "title": "Conflict", "status": 409, \
			"detail": "the session's stdin was closed", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", "code": "stdin_closed", "session": \
			""" + ApiExamples.SESSION_RUNNING + "}";

	public static final String NOT_A_TTY = """
			{"type": "https://execd.dev/problems/not-a-tty", "title": "Conflict", "status": 409, \
			"detail": "the session has no terminal", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/resize", "code": "not_a_tty", "session": \
			""" + ApiExamples.SESSION_RUNNING + "}";

	public static final String NOT_A_TERMINAL = """
			{"type": "https://execd.dev/problems/not-a-terminal", "title": "Conflict", "status": 409, \
			"detail": "the session has no terminal, so no screen: start it with tty true", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/screen", "code": "not_a_terminal", "session": \
			""" + ApiExamples.SESSION_RUNNING + "}";

	public static final String OUTPUT_UNAVAILABLE = """
			{"type": "https://execd.dev/problems/output-unavailable", "title": "Gone", "status": 410, \
			"detail": "output at offset 0 is no longer kept", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/output", "code": "output_unavailable"}""";

	public static final String OFFSET_OUT_OF_RANGE = """
			{"type": "https://execd.dev/problems/offset-out-of-range", \
			"title": "Requested range not satisfiable", "status": 416, \
			"detail": "offset 999 is past the end of the output (24 bytes)", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/output", "code": "offset_out_of_range"}""";

	public static final String PAYLOAD_TOO_LARGE = """
			{"type": "https://execd.dev/problems/payload-too-large", "title": "Content Too Large", \
			"status": 413, "detail": "the body is larger than 1048576 bytes (execd.limits.max-request-body)", \
			"code": "payload_too_large"}""";

	public static final String UNSUPPORTED_MEDIA_TYPE = """
			{"type": "https://execd.dev/problems/unsupported-media-type", "title": "Unsupported Media Type", \
			"status": 415, "detail": "Content-Type 'text/plain' is not supported.", "instance": "/sessions", \
			"code": "unsupported_media_type"}""";

	public static final String FILE_NOT_FOUND = """
			{"type": "https://execd.dev/problems/file-not-found", "title": "Not Found", "status": 404, \
			"detail": "no file or directory '/workspace/src/nope.py'", "instance": "/files", \
			"code": "file_not_found"}""";

	public static final String IS_A_DIRECTORY = """
			{"type": "https://execd.dev/problems/is-a-directory", "title": "Conflict", "status": 409, \
			"detail": "'/workspace/src' is a directory: list it with GET /files/list", "instance": "/files", \
			"code": "is_a_directory"}""";

	public static final String NOT_A_DIRECTORY = """
			{"type": "https://execd.dev/problems/not-a-directory", "title": "Conflict", "status": 409, \
			"detail": "'/workspace/README.md' is not a directory", "instance": "/files", \
			"code": "not_a_directory"}""";

	public static final String FILE_EXISTS = """
			{"type": "https://execd.dev/problems/file-exists", "title": "Conflict", "status": 409, \
			"detail": "'/workspace/out.txt' already exists", "instance": "/files/move", "code": "file_exists"}""";

	public static final String PATH_NOT_ALLOWED = """
			{"type": "https://execd.dev/problems/path-not-allowed", "title": "Forbidden", "status": 403, \
			"detail": "'../etc/passwd' is outside the roots this caller may reach", "instance": "/files", \
			"code": "path_not_allowed"}""";

	public static final String PRECONDITION_FAILED = """
			{"type": "https://execd.dev/problems/precondition-failed", "title": "Precondition Failed", \
			"status": 412, "detail": "'/workspace/main.py' is at version \\"2a-6740d1a3.1f0c8e40-83a1\\", \
			not the one If-Match names", "instance": "/files", "code": "precondition_failed"}""";

	public static final String UPLOAD_TOO_LARGE = """
			{"type": "https://execd.dev/problems/payload-too-large", "title": "Content Too Large", \
			"status": 413, "detail": "the body is larger than 1073741824 bytes (execd.files.max-upload-size)", \
			"instance": "/files", "code": "payload_too_large"}""";

	public static final String WORKDIR_NOT_FOUND = """
			{"type": "https://execd.dev/problems/workdir-not-found", "title": "Unprocessable Content", \
			"status": 422, "detail": "workdir '/repo/nope' is not an existing directory", \
			"instance": "/sessions", "code": "workdir_not_found"}""";

	public static final String COMMAND_NOT_FOUND = """
			{"type": "https://execd.dev/problems/command-not-found", "title": "Unprocessable Content", \
			"status": 422, "detail": "command 'gti' was not found or is not executable", \
			"instance": "/sessions", "code": "command_not_found"}""";

	public static final String COMMAND_TOO_LONG = """
			{"type": "https://execd.dev/problems/command-too-long", "title": "Bad Request", \
			"status": 400, "detail": "the command line or an environment variable is longer than the \
			operating system accepts (at most 131071 bytes per argument, about 2 MB in all)", \
			"instance": "/sessions", "code": "command_too_long"}""";

	public static final String RESOURCES_EXHAUSTED = """
			{"type": "https://execd.dev/problems/resources-exhausted", "title": "Service Unavailable", \
			"status": 503, "detail": "the server is out of resources to start a process \
			(error: 24 (Too many open files)); retry later or remove sessions that are no longer needed", \
			"instance": "/sessions", "code": "resources_exhausted"}""";

	public static final String READ_RESOURCES_EXHAUSTED = """
			{"type": "https://execd.dev/problems/resources-exhausted", "title": "Service Unavailable", \
			"status": 503, "detail": "the server is out of file descriptors to read the output at \
			offset 0; retry shortly", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/output", \
			"code": "resources_exhausted"}""";

	public static final String SPAWN_FAILED = """
			{"type": "https://execd.dev/problems/spawn-failed", "title": "Internal Server Error", \
			"status": 500, "detail": "the process could not be started: error=22, Invalid argument", \
			"instance": "/sessions", "code": "spawn_failed"}""";

	public static final String TOO_MANY_SESSIONS = """
			{"type": "https://execd.dev/problems/too-many-sessions", "title": "Too Many Requests", \
			"status": 429, "detail": "the conversation has 64 sessions, all recently used \
			(execd.limits.max-sessions-per-conversation)", \
			"instance": "/sessions", "code": "too_many_sessions"}""";

	public static final String TOO_MANY_WEBHOOKS = """
			{"type": "https://execd.dev/problems/too-many-webhooks", "title": "Too Many Requests", \
			"status": 429, "detail": "the tenant already has 100 per-request webhooks \
			(execd.webhooks.max-per-tenant); one is freed when its session is removed and its last \
			delivery is done", "instance": "/sessions", "code": "too_many_webhooks"}""";

	public static final String TOO_MANY_SUBSCRIBERS = """
			{"type": "https://execd.dev/problems/too-many-subscribers", "title": "Too Many Requests", \
			"status": 429, \
			"detail": "the session already has 64 streams (execd.limits.max-subscribers-per-session)", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stream", "code": "too_many_subscribers"}""";

	public static final String STDIN_QUEUE_FULL = """
			{"type": "https://execd.dev/problems/stdin-queue-full", "title": "Too Many Requests", \
			"status": 429, "detail": "stdin queue is full (1048576 bytes not yet read by the process)", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", "code": "stdin_queue_full"}""";

	public static final String SERVER_BUSY = """
			{"type": "https://execd.dev/problems/server-busy", "title": "Too Many Requests", "status": 429, \
			"detail": "the server has 64 searches and screen replays waiting for a thread already; retry shortly", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/search", "code": "server_busy"}""";

	public static final String COMMAND_QUEUE_FULL = """
			{"type": "https://execd.dev/problems/command-queue-full", "title": "Too Many Requests", \
			"status": 429, "detail": "100 commands already wait in this shell; wait for some to finish", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/commands", "code": "command_queue_full"}""";

	public static final String EXCLUSIVE_KEY_BUSY = """
			{"type": "https://execd.dev/problems/exclusive-key-busy", "title": "Conflict", \
			"status": 409, "detail": "the exclusive key 'pi:7f3a' is held by session V1StGXR8_Z5jdHi6B-myT", \
			"instance": "/sessions", "code": "exclusive_key_busy", "holder_session_id": "V1StGXR8_Z5jdHi6B-myT"}""";

	public static final String WATCH_NOT_FOUND = """
			{"type": "https://execd.dev/problems/watch-not-found", "title": "Not Found", \
			"status": 404, "detail": "the session has no watch 'ready'", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/watches/ready", "code": "watch_not_found"}""";

	public static final String WATCH_EXISTS = """
			{"type": "https://execd.dev/problems/watch-exists", "title": "Conflict", \
			"status": 409, "detail": "the session already has a watch 'ready': delete it first or pick another name", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/watches", "code": "watch_exists"}""";

	public static final String TOO_MANY_WATCHES = """
			{"type": "https://execd.dev/problems/too-many-watches", "title": "Conflict", \
			"status": 409, "detail": "the session already has 16 watches: delete one first", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/watches", "code": "too_many_watches"}""";

	public static final String SHUTTING_DOWN = """
			{"type": "https://execd.dev/problems/shutting-down", "title": "Service Unavailable", \
			"status": 503, "detail": "execd is shutting down", "instance": "/sessions", \
			"code": "shutting_down"}""";

}
