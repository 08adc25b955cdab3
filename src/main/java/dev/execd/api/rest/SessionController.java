package dev.execd.api.rest;

import java.net.URI;

import dev.execd.api.ExecResult;
import dev.execd.api.SessionService;
import dev.execd.api.StartRequest;
import dev.execd.api.StdinRequest;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sessions over HTTP: start, write and poll. Reads by offset are in
 * {@link OutputController}, listing and removal in {@link SessionInventoryController},
 * changes to a running session in {@link SessionControlController}.
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Sessions", description = """
		Start commands, type into them and poll their output, read output by offset, inspect, \
		signal, resize and remove them.""")
class SessionController {

	static final String ID = "The session id (`session.session_id`).";

	private final SessionService sessions;

	SessionController(SessionService sessions) {
		this.sessions = sessions;
	}

	@Operation(operationId = "startSession", summary = "Start a command and return its first output", description = """
			Starts `cmd` (through a shell) or `argv` (directly) and waits before answering, \
			so that a short command is done in one call. The call returns at the first of: \
			the process exited and its output was drained (`session.status: exited`, \
			`exit_code` set); `wait_for` matched (`matched: true`); `yield_time_ms` passed \
			(default 10000, at most 30000). There is no fixed delay: an exit or a match is \
			answered within milliseconds. The process keeps running after the response.

			If it is still `running`, continue with `POST /sessions/{id}/stdin`: with input \
			to type, or with `{}` to poll, which can wait up to 290 s yet returns as soon \
			as the process exits or `wait_for` matches. Each call returns only what is new. \
			Poll when you need the result before doing anything else; read \
			`GET /sessions/{id}/output` or stream `GET /sessions/{id}/stream` to watch \
			without moving on.

			Use `tty: true` for REPLs, prompts and full-screen programs: a line is then \
			submitted with `\\r`, while a pipe session (the default) reads lines ending in \
			`\\n`. Output over `max_output_bytes` is cut with one exact marker, \
			`[... omitted N bytes (offsets A-B); full output: GET <log_url>?offset=A&length=N ...]`, \
			so the cut part is always one request away. Offsets count bytes of the whole \
			output and are one cursor across polls, `GET /output?offset=`, SSE ids and log \
			`Range`s.

			Answers 201 with `Location`. A retry with the same `request_id` starts nothing \
			and answers 200 with the existing session's new output.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
					mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = StartRequest.class),
					examples = {
							@ExampleObject(name = "python_repl",
									summary = "A python REPL on a terminal, answered at its first prompt",
									value = ApiExamples.START_REPL),
							@ExampleObject(name = "run_build",
									summary = "A build with the longest wait and ANSI-free, capped output",
									value = ApiExamples.START_BUILD),
							@ExampleObject(name = "without_shell", summary = "A program without a shell",
									value = ApiExamples.START_ARGV),
							@ExampleObject(name = "shell_session",
									summary = "A shell that runs commands one at a time (POST /sessions/{id}/commands)",
									value = "{\"shell\": true, \"name\": \"workspace\"}"),
							@ExampleObject(name = "start_dev_server",
									summary = "A server, answered once it is ready, running up to the cap",
									value = ApiExamples.START_SERVER) })))
	@ApiResponse(responseCode = "201", description = "Started; the output so far and the session.",
			headers = @Header(name = "Location", description = "The new session, `/sessions/{id}`.",
					schema = @Schema(type = "string", example = "/sessions/V1StGXR8_Z5jdHi6B-myT")),
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = ExecResult.class),
					examples = @ExampleObject(name = "python_repl", value = ApiExamples.EXEC_STARTED)))
	@ApiResponse(responseCode = "200",
			description = "A retry with the `request_id` of an existing session: nothing was started; the "
					+ "output of that session since its last delivery.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = ExecResult.class)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_START)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.EXCLUSIVE_KEY_BUSY)
	@ApiResponse(responseCode = "422", ref = ProblemResponses.UNUSABLE_PATH)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.TOO_MANY_SESSIONS)
	@ApiResponse(responseCode = "500", ref = ProblemResponses.SPAWN_FAILED)
	@ApiResponse(responseCode = "503", ref = ProblemResponses.START_UNAVAILABLE)
	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<ExecResult> start(Scope scope, @RequestBody StartRequest request) throws InterruptedException {
		SessionService.Started started = this.sessions.start(scope, request);
		return started.created()
				? ResponseEntity.created(URI.create("/sessions/" + started.result().session().sessionId()))
					.body(started.result())
				: ResponseEntity.ok(started.result());
	}

	@Operation(operationId = "writeStdin", summary = "Type input and/or poll for new output", description = """
			Writes `chars` (text with C-style escapes), `chars_b64` (exact bytes) and `keys` \
			(named keys or single characters), in that order, or instead an ordered list of \
			`parts`, then `eof` if asked, then waits like `POST /sessions` and returns the \
			output produced since the previous start, stdin or cursor read of this session.

			**Poll** with no input (`{}` or no body): the call waits up to `yield_time_ms` \
			(default 5000, up to 290000) and returns within milliseconds of an exit or a \
			`wait_for` match, so one long poll beats many short ones. A poll of an ended \
			session returns the rest of its output and its exit status with 200.

			**Type**: with input the default wait is 250 ms, enough for the echo and a quick \
			answer; pass `wait_for` (e.g. the prompt) to wait exactly as long as needed. A \
			terminal (`tty: true`) submits a line with `\\r` (`"chars": "print(7*6)\\r"`), \
			a pipe with `\\n`. Ctrl-C is the byte 0x03: `"chars": "\\\\x03"` (the escape, \
			written with a doubled backslash in JSON) or `"keys": ["C-c"]`; in a pipe \
			session execd delivers it as SIGINT to the session's processes, as a terminal \
			would. `eof: true` closes a pipe's stdin, or types Ctrl-D on a terminal. Writing \
			to an ended session is 409 `session_exited`.

			**Parts**: one call can type text and keys in turn, e.g. edit a file in vim: \
			`{"parts": [{"chars": "a EDITED"}, {"keys": ["Escape"]}, {"chars": ":wq"}, \
			{"keys": ["Enter"]}]}`. `keys` takes single characters too: `{"keys": ["q"]}` \
			quits `less`.

			**Out of descriptors**: a poll without input that cannot read the log is 503 \
			`resources_exhausted`, to retry; a call that typed input is not refused (its retry \
			would type it twice): the output it could not read stands behind the truncation \
			marker, to fetch from the log once descriptors are back.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					description = "The input and the wait; empty or `{}` for a poll.",
					content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
							schema = @Schema(implementation = StdinRequest.class),
							examples = {
									@ExampleObject(name = "line_on_terminal",
											summary = "Type a line into a python REPL and wait for the next prompt",
											value = ApiExamples.STDIN_LINE_PTY),
									@ExampleObject(name = "pipe_answer", summary = "Answer a prompt of a pipe session",
											value = ApiExamples.STDIN_LINE_PIPE),
									@ExampleObject(name = "send_ctrl_c", summary = "Ctrl-C as an escape in chars",
											value = ApiExamples.STDIN_CTRL_C),
									@ExampleObject(name = "send_ctrl_c_key", summary = "Ctrl-C as a named key",
											value = ApiExamples.STDIN_KEYS),
									@ExampleObject(name = "poll", summary = "No input: wait up to a minute for news",
											value = ApiExamples.STDIN_POLL),
									@ExampleObject(name = "send_eof", summary = "End of input (close a pipe's stdin)",
											value = ApiExamples.STDIN_EOF),
									@ExampleObject(name = "raw_bytes", summary = "Exact bytes (ESC [ A, cursor up)",
											value = ApiExamples.STDIN_BYTES),
									@ExampleObject(name = "vim_edit",
											summary = "Text and keys in order: append to a line in vim, save, quit",
											value = ApiExamples.STDIN_PARTS) })))
	@ApiResponse(responseCode = "200", description = "The output since the previous call, and the session.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = ExecResult.class),
					examples = {
							@ExampleObject(name = "repl_answer", summary = "The answer and the next prompt",
									value = ApiExamples.EXEC_ANSWERED),
							@ExampleObject(name = "truncated_poll",
									summary = "A noisy build cut to 16 KiB (shortened here)",
									value = ApiExamples.EXEC_TRUNCATED) }))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_INPUT)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.INPUT_REFUSED)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.STDIN_QUEUE_FULL)
	@ApiResponse(responseCode = "503", ref = OutputProblemResponses.READ_UNAVAILABLE)
	@PostMapping(path = "/{id}/stdin", consumes = MediaType.APPLICATION_JSON_VALUE)
	ExecResult stdin(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@RequestBody(required = false) @Nullable StdinRequest body) throws InterruptedException {
		return this.sessions.stdin(scope, id, body);
	}

}
