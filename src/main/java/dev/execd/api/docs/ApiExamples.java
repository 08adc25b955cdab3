package dev.execd.api.docs;

/**
 * Example bodies of the API description (Swagger UI, generated clients), taken from real
 * exchanges with a python REPL and a build. Only the documentation reads them.
 */
public final class ApiExamples {

	public static final String PROBLEM_JSON = "application/problem+json";

	public static final String EVENT_STREAM = "text/event-stream";

	public static final String ID = "V1StGXR8_Z5jdHi6B-myT";

	private static final String SESSION_RUNNING_START = """
			{"session_id":"V1StGXR8_Z5jdHi6B-myT","conversation_id":"default","name":null,\
			"status":"running","exit_code":null,"signal":null,"end_reason":null,"escalated":false,\
			"pid":12345,"tty":true,"cols":120,"rows":30,"kind":"command","cmd":"python3","argv":null,"workdir":"/repo",\
			"started_at":"2026-01-05T10:00:00.000Z","ended_at":null,\
			"last_activity_at":"2026-01-05T10:00:00.412Z","max_runtime_ms":1800000,"idle_timeout_ms":0,\
			"output_bytes_total":""";

	private static final String SESSION_RUNNING_END = """
			,"idle_ms":12,"waiting_for_input":false,"stdin_open":true,\
			"log_truncated":false,"lost_bytes":0,"log_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/log",\
			"stream_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/stream","warnings":[],\
			"last_output_at":"2026-01-05T10:00:00.412Z",
			"usage":{"cpu_ms":40,"rss_bytes":10485760,"max_rss_bytes":10485760,"processes":1},"ports":[]}""";

	/** The REPL after start: running, prompt shown. */
	public static final String SESSION_STARTED = SESSION_RUNNING_START + "4" + SESSION_RUNNING_END;

	/** The REPL after it answered. */
	public static final String SESSION_RUNNING = SESSION_RUNNING_START + "24" + SESSION_RUNNING_END;

	/** The REPL after {@code exit()}. */
	public static final String SESSION_EXITED = """
			{"session_id":"V1StGXR8_Z5jdHi6B-myT","conversation_id":"default","name":null,\
			"status":"exited","exit_code":0,"signal":null,"end_reason":"exit","escalated":false,\
			"pid":12345,"tty":true,"cols":120,"rows":30,"kind":"command","cmd":"python3","argv":null,"workdir":"/repo",\
			"started_at":"2026-01-05T10:00:00.000Z","ended_at":"2026-01-05T10:02:00.020Z",\
			"last_activity_at":"2026-01-05T10:02:00.015Z","max_runtime_ms":1800000,"idle_timeout_ms":0,\
			"output_bytes_total":32,"idle_ms":5,"waiting_for_input":false,"stdin_open":false,\
			"log_truncated":false,"lost_bytes":0,"log_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/log",\
			"stream_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/stream","warnings":[],\
			"last_output_at":"2026-01-05T10:02:00.015Z",
			"usage":{"cpu_ms":60,"rss_bytes":0,"max_rss_bytes":10485760,"processes":0},"ports":[]}""";

	/** The REPL removed while running. */
	public static final String SESSION_KILLED = """
			{"session_id":"V1StGXR8_Z5jdHi6B-myT","conversation_id":"default","name":null,\
			"status":"exited","exit_code":129,"signal":"SIGHUP","end_reason":"killed","escalated":false,\
			"pid":12345,"tty":true,"cols":120,"rows":30,"kind":"command","cmd":"python3","argv":null,"workdir":"/repo",\
			"started_at":"2026-01-05T10:00:00.000Z","ended_at":"2026-01-05T10:05:00.007Z",\
			"last_activity_at":"2026-01-05T10:00:00.412Z","max_runtime_ms":1800000,"idle_timeout_ms":0,\
			"output_bytes_total":24,"idle_ms":299595,"waiting_for_input":false,"stdin_open":false,\
			"log_truncated":false,"lost_bytes":0,"log_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/log",\
			"stream_url":"/sessions/V1StGXR8_Z5jdHi6B-myT/stream","warnings":[],\
			"last_output_at":"2026-01-05T10:00:00.412Z",
			"usage":{"cpu_ms":60,"rss_bytes":0,"max_rss_bytes":10485760,"processes":0},"ports":[]}""";

	public static final String EXEC_STARTED = """
			{"output": ">>> ", "output_offset": 0, "next_offset": 4, "omitted_bytes": 0, \
			"original_token_count": 1, "wall_time_ms": 412, "matched": true, "ended_by": "match", \
			"screen": null, "session": \
			""" + SESSION_STARTED + "}";

	public static final String EXEC_ANSWERED = """
			{"output": "print(7*6)\\r\\n42\\r\\n>>> ", "output_offset": 4, "next_offset": 24, \
			"omitted_bytes": 0, "original_token_count": 5, "wall_time_ms": 41, "matched": true, \
			"ended_by": "match", "screen": null, "session": """ + SESSION_RUNNING + "}";

	public static final String EXEC_TRUNCATED = """
			{"output": "[INFO] Building execd 0.1.0\\n[INFO] Compiling 120 source files\\n\\n\
			[... omitted 216384 bytes (offsets 8192-224576); full output: \
			GET /sessions/V1StGXR8_Z5jdHi6B-myT/log?offset=8192&length=216384 ...]\\n\
			[INFO] BUILD SUCCESS\\n", "output_offset": 0, "next_offset": 232768, \
			"omitted_bytes": 216384, "original_token_count": 58192, "wall_time_ms": 30002, \
			"matched": null, "ended_by": "deadline", "screen": null, "session": """ + SESSION_RUNNING + "}";

	public static final String SCREEN = """
			{"cols": 40, "rows": 5, "lines": ["line one EDITED", "line two", "~", "~", \
			"\\"notes.txt\\" 2L, 25B                1,15"], "cursor": {"row": 0, "col": 14, \
			"visible": true}, "alt_screen": true, "title": "notes.txt - VIM", "offset": 1711, \
			"scrollback": null}""";

	public static final String OUTPUT_READ = """
			{"output": "print(7*6)\\r\\n42\\r\\n>>> ", "output_offset": 4, "next_offset": 24, \
			"eof": false, "matched": null, "ended_by": "output", "screen": null, "session": """ + SESSION_RUNNING + "}";

	public static final String SEARCH = """
			{"matches": [{"offset": 48213, "line_offset": 48200, "line": "FAILED tests/test_api.py::test_login", \
			"line_truncated": false, "before": ["tests/test_api.py::test_index PASSED"], \
			"after": ["E   AssertionError: 401 != 200"]}], "next_offset": 131072, "truncated_by": null, \
			"scanned_bytes": 131072, "gaps": [], "warning": null}""";

	public static final String SEARCH_ALL = """
			{"sessions": [{"session_id": "V1StGXR8_Z5jdHi6B-myT", "name": "tests", "matches": [{"offset": 48213, \
			"line_offset": 48200, "line": "FAILED tests/test_api.py::test_login", "line_truncated": false, \
			"before": [], "after": []}], "next_offset": 131072, "truncated_by": null, "scanned_bytes": 131072, \
			"gaps": [], "warning": null}], "truncated_by": null, "not_searched": []}""";

	public static final String STREAM = """
			retry: 1000

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

	public static final String SCREEN_STREAM = """
			event: frame
			id: 1
			data: {"seq":1,"offset":1711,"cols":40,"rows":3,"lines":["line one","~","-- INSERT --"],\
			"styles":[[],[[0,1,12,-1,1]],[[0,12,-1,-1,1]]],"cursor":{"row":0,"col":8,"visible":true},\
			"alt_screen":true,"title":"notes.txt - VIM"}

			event: frame_diff
			id: 2
			data: {"seq":2,"offset":1740,"changed":[{"row":0,"line":"line one EDITED","styles":[]}],\
			"cursor":{"row":0,"col":15,"visible":true},"alt_screen":true,"title":"notes.txt - VIM"}

			: ping

			event: exit
			data: {"session":""" + SESSION_EXITED + "}\n\n";

	public static final String EVENTS = """
			event: session_started
			id: 1
			data: {"session_id":"V1StGXR8_Z5jdHi6B-myT","name":null,"session":""" + SESSION_RUNNING + """
			}

			event: session_matched
			id: 2
			data: {"session_id":"V1StGXR8_Z5jdHi6B-myT","name":null,"watch":"ready","offset":120,\
			"text":"Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...","groups":["8000"]}

			event: session_matches_dropped
			id: 3
			data: {"session_id":"V1StGXR8_Z5jdHi6B-myT","name":null,"watch":"errors","dropped":4210,\
			"since":"2026-01-05T10:01:00.000Z"}

			event: command_finished
			id: 4
			data: {"session_id":"V1StGXR8_Z5jdHi6B-myT","name":null,"command_id":"cmd_3","seq":3,\
			"cmd":"make test","status":"exited","exit_code":0,"pipe_status":[0],"end":"exit",\
			"output_offset":812,"next_offset":2054,"started_at":"2026-01-05T10:01:10.000Z",\
			"ended_at":"2026-01-05T10:01:14.250Z","duration_ms":4250}

			event: session_exited
			id: 5
			data: {"session_id":"V1StGXR8_Z5jdHi6B-myT","name":null,"session":""" + SESSION_EXITED + """
			}

			event: session_port_opened
			id: 3
			data: {"session_id":"Xk2pQ9vLm4RtY7wZa1BcD","name":"dev","port":8000,"protocol":"tcp",\
			"address":"0.0.0.0","pid":12400}

			event: session_waiting_for_input
			id: 4
			data: {"session_id":"Qw3eR5tY7uI9oP1aS2dFg","name":null,"offset":17}

			event: session_port_closed
			id: 5
			data: {"session_id":"Xk2pQ9vLm4RtY7wZa1BcD","name":"dev","port":8000,"protocol":"tcp",\
			"address":"0.0.0.0","pid":12400}

			: ping

			""";

	public static final String WATCH = """
			{"name": "ready", "pattern": "port (\\\\d+)", "once": true}""";

	public static final String PATCH_WATCHES = """
			{"watches": [{"name": "ready", "pattern": "Listening on .*:(\\\\d+)", "once": true}, \
			{"name": "errors", "pattern": "ERROR|FAILED"}]}""";

	public static final String START_REPL = """
			{"cmd": "python3", "tty": true, "wait_for": ">>> ", "yield_time_ms": 10000}""";

	public static final String START_BUILD = """
			{"cmd": "./mvnw -B package", "workdir": "/repo", "yield_time_ms": 30000, \
			"max_output_bytes": 16384, "truncation": "head_tail", "strip_ansi": true, \
			"name": "build", "request_id": "build-1"}""";

	public static final String START_ARGV = """
			{"argv": ["git", "status", "--short"], "workdir": "/repo", "yield_time_ms": 5000}""";

	public static final String START_SERVER = """
			{"cmd": "npm run dev", "workdir": "/repo/web", "wait_for": "Local:|ready in", \
			"yield_time_ms": 30000, "idle_timeout_ms": 0, "max_runtime_ms": 0, "name": "dev server"}""";

	public static final String STDIN_LINE_PTY = """
			{"chars": "print(7*6)\\r", "wait_for": ">>> "}""";

	public static final String STDIN_LINE_PIPE = """
			{"chars": "yes\\n", "yield_time_ms": 1000}""";

	public static final String STDIN_CTRL_C = """
			{"chars": "\\\\x03", "yield_time_ms": 2000}""";

	public static final String STDIN_KEYS = """
			{"keys": ["C-c"], "yield_time_ms": 2000}""";

	public static final String STDIN_EOF = """
			{"eof": true, "yield_time_ms": 5000}""";

	public static final String STDIN_POLL = """
			{"yield_time_ms": 60000}""";

	public static final String STDIN_BYTES = """
			{"chars_b64": "G1tB"}""";

	public static final String STDIN_PARTS = """
			{"parts": [{"chars": "a EDITED"}, {"keys": ["Escape"]}, {"chars": ":wq"}, {"keys": ["Enter"]}], \
			"yield_time_ms": 2000}""";

	public static final String WEBHOOK_DELIVERIES = """
			{"deliveries": [
			  {"id": "9b2f6c1e-4d1a-4f0e-9a57-1f0f3c2b7d11", "subscription": "ci", "event": "session_exited",
			   "seq": 2, "url": "https://hooks.example.com/execd", "status": "delivered", "attempts": 3,
			   "last_status_code": 200, "last_error": null, "created_at": "2026-01-05T10:15:31.002Z",
			   "last_attempt_at": "2026-01-05T10:15:34.310Z"},
			  {"id": "0c5e8f9a-2b7d-4c1e-8f3a-6d9b1e2f4a70", "subscription": "notify:V1StGXR8_Z5jdHi6B-myT",
			   "event": "session_started", "seq": 1, "url": "https://hooks.example.com/execd/agent-7",
			   "status": "pending", "attempts": 1, "last_status_code": 503, "last_error": "HTTP 503",
			   "created_at": "2026-01-05T10:15:30.123Z", "last_attempt_at": "2026-01-05T10:15:30.130Z"}
			]}""";

	private ApiExamples() {
	}

}
