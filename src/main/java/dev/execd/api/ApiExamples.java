package dev.execd.api;

/**
 * Example bodies of the API description (Swagger UI, generated clients), taken from real
 * exchanges with a python REPL and a build. Only the documentation reads them.
 */
final class ApiExamples {

	static final String PROBLEM_JSON = "application/problem+json";

	static final String EVENT_STREAM = "text/event-stream";

	static final String ID = "V1StGXR8_Z5jdHi6B-myT";

	private static final String SESSION_RUNNING_START = """
			{"session_id":"V1StGXR8_Z5jdHi6B-myT","conversation_id":"default","name":null,\
			"status":"running","exit_code":null,"signal":null,"end_reason":null,"escalated":false,\
			"pid":12345,"tty":true,"cols":120,"rows":30,"cmd":"python3","argv":null,"workdir":"/repo",\
			"started_at":"2026-01-05T10:00:00.000Z","ended_at":null,\
			"last_activity_at":"2026-01-05T10:00:00.412Z","max_runtime_ms":1800000,"idle_timeout_ms":0,\
			"output_bytes_total":""";

	private static final String SESSION_RUNNING_END = """
			,"idle_ms":12,"waiting_for_input":false,"stdin_open":true,\
			"log_truncated":false,"lost_bytes":0,"log_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/log",\
			"stream_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/stream","warnings":[]}""";

	/** The REPL after start: running, prompt shown. */
	static final String SESSION_STARTED = SESSION_RUNNING_START + "4" + SESSION_RUNNING_END;

	/** The REPL after it answered. */
	static final String SESSION_RUNNING = SESSION_RUNNING_START + "24" + SESSION_RUNNING_END;

	/** The REPL after {@code exit()}. */
	static final String SESSION_EXITED = """
			{"session_id":"V1StGXR8_Z5jdHi6B-myT","conversation_id":"default","name":null,\
			"status":"exited","exit_code":0,"signal":null,"end_reason":"exit","escalated":false,\
			"pid":12345,"tty":true,"cols":120,"rows":30,"cmd":"python3","argv":null,"workdir":"/repo",\
			"started_at":"2026-01-05T10:00:00.000Z","ended_at":"2026-01-05T10:02:00.020Z",\
			"last_activity_at":"2026-01-05T10:02:00.015Z","max_runtime_ms":1800000,"idle_timeout_ms":0,\
			"output_bytes_total":32,"idle_ms":5,"waiting_for_input":false,"stdin_open":false,\
			"log_truncated":false,"lost_bytes":0,"log_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/log",\
			"stream_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/stream","warnings":[]}""";

	/** The REPL removed while running. */
	static final String SESSION_KILLED = """
			{"session_id":"V1StGXR8_Z5jdHi6B-myT","conversation_id":"default","name":null,\
			"status":"exited","exit_code":129,"signal":"SIGHUP","end_reason":"killed","escalated":false,\
			"pid":12345,"tty":true,"cols":120,"rows":30,"cmd":"python3","argv":null,"workdir":"/repo",\
			"started_at":"2026-01-05T10:00:00.000Z","ended_at":"2026-01-05T10:05:00.007Z",\
			"last_activity_at":"2026-01-05T10:00:00.412Z","max_runtime_ms":1800000,"idle_timeout_ms":0,\
			"output_bytes_total":24,"idle_ms":299595,"waiting_for_input":false,"stdin_open":false,\
			"log_truncated":false,"lost_bytes":0,"log_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/log",\
			"stream_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/stream","warnings":[]}""";

	static final String EXEC_STARTED = """
			{"output": ">>> ", "output_offset": 0, "next_offset": 4, "omitted_bytes": 0, \
			"original_token_count": 1, "wall_time_ms": 412, "matched": true, "session": \
			""" + SESSION_STARTED + "}";

	static final String EXEC_ANSWERED = """
			{"output": "print(7*6)\\r\\n42\\r\\n>>> ", "output_offset": 4, "next_offset": 24, \
			"omitted_bytes": 0, "original_token_count": 5, "wall_time_ms": 41, "matched": true, \
			"session": """ + SESSION_RUNNING + "}";

	static final String EXEC_TRUNCATED = """
			{"output": "[INFO] Building execd 0.1.0\\n[INFO] Compiling 120 source files\\n\\n\
			[... omitted 216384 bytes (offsets 8192-224576); full output: \
			GET /sessions/V1StGXR8_Z5jdHi6B-myT/log?offset=8192&length=216384 ...]\\n\
			[INFO] BUILD SUCCESS\\n", "output_offset": 0, "next_offset": 232768, \
			"omitted_bytes": 216384, "original_token_count": 58192, "wall_time_ms": 30002, \
			"matched": null, "session": """ + SESSION_RUNNING + "}";

	static final String OUTPUT_READ = """
			{"output": "print(7*6)\\r\\n42\\r\\n>>> ", "output_offset": 4, "next_offset": 24, \
			"eof": false, "matched": null, "session": """ + SESSION_RUNNING + "}";

	static final String STREAM = """
			event: output
			id: 4
			data: {"offset":0,"stream":"pty","text":">>> "}

			event: output
			id: 24
			data: {"offset":4,"stream":"pty","text":"print(7*6)\\r\\n42\\r\\n>>> "}

			: ping

			event: output
			id: 32
			data: {"offset":24,"stream":"pty","text":"exit()\\r\\n"}

			event: exit
			data: {"session":""" + SESSION_EXITED + "}\n\n";

	static final String EVENTS = """
			event: session_started
			id: 1
			data: {"session":""" + SESSION_RUNNING + """
			}

			event: session_exited
			id: 2
			data: {"session":""" + SESSION_EXITED + """
			}

			: ping

			""";

	static final String START_REPL = """
			{"cmd": "python3", "tty": true, "wait_for": ">>> ", "yield_time_ms": 10000}""";

	static final String START_BUILD = """
			{"cmd": "./mvnw -B package", "workdir": "/repo", "yield_time_ms": 30000, \
			"max_output_bytes": 16384, "truncation": "head_tail", "strip_ansi": true, \
			"name": "build", "request_id": "build-1"}""";

	static final String START_ARGV = """
			{"argv": ["git", "status", "--short"], "workdir": "/repo", "yield_time_ms": 5000}""";

	static final String START_SERVER = """
			{"cmd": "npm run dev", "workdir": "/repo/web", "wait_for": "Local:|ready in", \
			"yield_time_ms": 30000, "idle_timeout_ms": 0, "max_runtime_ms": 0, "name": "dev server"}""";

	static final String STDIN_LINE_PTY = """
			{"chars": "print(7*6)\\r", "wait_for": ">>> "}""";

	static final String STDIN_LINE_PIPE = """
			{"chars": "yes\\n", "yield_time_ms": 1000}""";

	static final String STDIN_CTRL_C = """
			{"chars": "\\\\x03", "yield_time_ms": 2000}""";

	static final String STDIN_KEYS = """
			{"keys": ["C-c"], "yield_time_ms": 2000}""";

	static final String STDIN_EOF = """
			{"eof": true, "yield_time_ms": 5000}""";

	static final String STDIN_POLL = """
			{"yield_time_ms": 60000}""";

	static final String STDIN_BYTES = """
			{"chars_b64": "G1tB"}""";

	static final String SESSION_NOT_FOUND = """
			{"type": "https://execd.dev/problems/session-not-found", "title": "Not Found", "status": 404, \
			"detail": "no session 'V1StGXR8_Z5jdHi6B-myT' in this conversation", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT", "code": "session_not_found"}""";

	static final String INVALID_REQUEST = """
			{"type": "https://execd.dev/problems/invalid-request", "title": "Bad Request", "status": 400, \
			"detail": "unknown field 'bogus'", "instance": "/sessions", "code": "invalid_request"}""";

	static final String INVALID_CONVERSATION_ID = """
			{"type": "https://execd.dev/problems/invalid-conversation-id", "title": "Bad Request", \
			"status": 400, "detail": "conversation id must be 1-128 characters of [A-Za-z0-9._:-]", \
			"instance": "/sessions", "code": "invalid_conversation_id"}""";

	static final String INVALID_BASE64 = """
			{"type": "https://execd.dev/problems/invalid-base64", "title": "Bad Request", "status": 400, \
			"detail": "chars_b64 is not valid base64", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", \
			"code": "invalid_base64"}""";

	static final String UNKNOWN_KEY = """
			{"type": "https://execd.dev/problems/unknown-key", "title": "Bad Request", "status": 400, \
			"detail": "unknown key 'Ctrl-C'", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", \
			"code": "unknown_key"}""";

	static final String UNKNOWN_SIGNAL = """
			{"type": "https://execd.dev/problems/unknown-signal", "title": "Bad Request", "status": 400, \
			"detail": "unknown signal 'SIGFOO'", "instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/signal", \
			"code": "unknown_signal"}""";

	static final String UNAUTHORIZED = """
			{"type": "https://execd.dev/problems/unauthorized", "title": "Unauthorized", "status": 401, \
			"detail": "a valid bearer token is required", "code": "unauthorized"}""";

	static final String FORBIDDEN = """
			{"type": "https://execd.dev/problems/forbidden", "title": "Forbidden", "status": 403, \
			"detail": "Origin 'https://evil.example' is neither this server nor in \
			execd.security.cors-origins", "code": "forbidden"}""";

	static final String SESSION_EXITED_PROBLEM = """
			{"type": "https://execd.dev/problems/session-exited", "title": "Conflict", "status": 409, \
			"detail": "the session's process has exited", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", "code": "session_exited", "session": \
			""" + SESSION_EXITED + "}";

	static final String STDIN_CLOSED = """
			{"type": "https://execd.dev/problems/stdin-closed", "title": "Conflict", "status": 409, \
			"detail": "the session's stdin was closed", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", "code": "stdin_closed", "session": \
			""" + SESSION_RUNNING + "}";

	static final String NOT_A_TTY = """
			{"type": "https://execd.dev/problems/not-a-tty", "title": "Conflict", "status": 409, \
			"detail": "the session has no terminal", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/resize", "code": "not_a_tty", "session": \
			""" + SESSION_RUNNING + "}";

	static final String OUTPUT_UNAVAILABLE = """
			{"type": "https://execd.dev/problems/output-unavailable", "title": "Gone", "status": 410, \
			"detail": "output at offset 0 is no longer kept", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/output", "code": "output_unavailable"}""";

	static final String OFFSET_OUT_OF_RANGE = """
			{"type": "https://execd.dev/problems/offset-out-of-range", \
			"title": "Requested range not satisfiable", "status": 416, \
			"detail": "offset 999 is past the end of the output (24 bytes)", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/output", "code": "offset_out_of_range"}""";

	static final String PAYLOAD_TOO_LARGE = """
			{"type": "https://execd.dev/problems/payload-too-large", "title": "Content Too Large", \
			"status": 413, "detail": "the body is larger than 1048576 bytes (execd.limits.max-request-body)", \
			"code": "payload_too_large"}""";

	static final String UNSUPPORTED_MEDIA_TYPE = """
			{"type": "https://execd.dev/problems/unsupported-media-type", "title": "Unsupported Media Type", \
			"status": 415, "detail": "Content-Type 'text/plain' is not supported.", "instance": "/sessions", \
			"code": "unsupported_media_type"}""";

	static final String WORKDIR_NOT_FOUND = """
			{"type": "https://execd.dev/problems/workdir-not-found", "title": "Unprocessable Content", \
			"status": 422, "detail": "workdir '/repo/nope' is not an existing directory", \
			"instance": "/sessions", "code": "workdir_not_found"}""";

	static final String COMMAND_NOT_FOUND = """
			{"type": "https://execd.dev/problems/command-not-found", "title": "Unprocessable Content", \
			"status": 422, "detail": "command 'gti' was not found or is not executable", \
			"instance": "/sessions", "code": "command_not_found"}""";

	static final String COMMAND_TOO_LONG = """
			{"type": "https://execd.dev/problems/command-too-long", "title": "Bad Request", \
			"status": 400, "detail": "the command line or an environment variable is longer than the \
			operating system accepts (at most 131071 bytes per argument, about 2 MB in all)", \
			"instance": "/sessions", "code": "command_too_long"}""";

	static final String RESOURCES_EXHAUSTED = """
			{"type": "https://execd.dev/problems/resources-exhausted", "title": "Service Unavailable", \
			"status": 503, "detail": "the server is out of resources to start a process \
			(error: 24 (Too many open files)); retry later or remove sessions that are no longer needed", \
			"instance": "/sessions", "code": "resources_exhausted"}""";

	static final String SPAWN_FAILED = """
			{"type": "https://execd.dev/problems/spawn-failed", "title": "Internal Server Error", \
			"status": 500, "detail": "the process could not be started: error=22, Invalid argument", \
			"instance": "/sessions", "code": "spawn_failed"}""";

	static final String TOO_MANY_SESSIONS = """
			{"type": "https://execd.dev/problems/too-many-sessions", "title": "Too Many Requests", \
			"status": 429, "detail": "the conversation has 64 sessions, all recently used \
			(execd.limits.max-sessions-per-conversation)", \
			"instance": "/sessions", "code": "too_many_sessions"}""";

	static final String TOO_MANY_SUBSCRIBERS = """
			{"type": "https://execd.dev/problems/too-many-subscribers", "title": "Too Many Requests", \
			"status": 429, \
			"detail": "the session already has 64 streams (execd.limits.max-subscribers-per-session)", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stream", "code": "too_many_subscribers"}""";

	static final String STDIN_QUEUE_FULL = """
			{"type": "https://execd.dev/problems/stdin-queue-full", "title": "Too Many Requests", \
			"status": 429, "detail": "stdin queue is full (1048576 bytes not yet read by the process)", \
			"instance": "/sessions/V1StGXR8_Z5jdHi6B-myT/stdin", "code": "stdin_queue_full"}""";

	static final String SHUTTING_DOWN = """
			{"type": "https://execd.dev/problems/shutting-down", "title": "Service Unavailable", \
			"status": 503, "detail": "execd is shutting down", "instance": "/sessions", \
			"code": "shutting_down"}""";

	private ApiExamples() {
	}

}
