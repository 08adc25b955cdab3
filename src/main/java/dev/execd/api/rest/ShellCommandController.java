package dev.execd.api.rest;

import dev.execd.api.CommandList;
import dev.execd.api.CommandRequest;
import dev.execd.api.CommandResult;
import dev.execd.api.ShellService;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The commands of a shell session ({@code "shell": true}) over HTTP.
 */
@RestController
@RequestMapping(path = "/sessions/{id}/commands", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Shell commands")
class ShellCommandController {

	private static final String ID = SessionController.ID;

	private static final String COMMAND_ID = "The command id (`command_id`).";

	private final ShellService shells;

	ShellCommandController(ShellService shells) {
		this.shells = shells;
	}

	@Operation(operationId = "runCommand", summary = "Run a command in a shell session", description = """
			Queues a command in a shell session; commands run one at a time in submission \
			order (at most 100 waiting, else 429 `command_queue_full`). Answers when it ended, \
			`wait_for` matched or `yield_time_ms` passed, with its own exit code and output \
			(byte-exact offsets into the session's log). A retry with the same `request_id` \
			queues nothing and answers 200 with the command the first call queued. A session \
			of `cmd`/`argv` is 409 `not_a_shell`.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
					mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = CommandRequest.class),
					examples = { @ExampleObject(name = "list_files", value = "{\"cmd\": \"ls -la\"}"),
							@ExampleObject(name = "run_tests", summary = "Tests, with a longer wait and capped output",
									value = "{\"cmd\": \"cd /repo && make test\", \"yield_time_ms\": 30000, "
											+ "\"max_output_bytes\": 16384}") })))
	@ApiResponse(responseCode = "201", description = "The command.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "200",
			description = "A retry with the `request_id` of a command the shell still holds: nothing was "
					+ "queued; that command as it stands now.",
			useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.SESSION_EXITED)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.COMMAND_QUEUE_FULL)
	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<CommandResult> run(Scope scope,
			@Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@RequestBody(required = false) @Nullable CommandRequest request) throws InterruptedException {
		ShellService.Submitted submitted = this.shells.submit(scope, id, request);
		return ResponseEntity.status(submitted.created() ? HttpStatus.CREATED : HttpStatus.OK).body(submitted.result());
	}

	@Operation(operationId = "listCommands", summary = "List a shell session's commands", description = """
			The last 1000 commands, newest first, without their output, and the log \
			ranges that belong to none of them (`unclaimed`: background jobs' output \
			between commands).""")
	@ApiResponse(responseCode = "200", description = "The commands.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@GetMapping
	CommandList list(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id) {
		return this.shells.list(scope, id);
	}

	@Operation(operationId = "getCommand", summary = "A command's state and output", description = """
			Waits up to `wait_ms` (at most 30000) for the command to end, then returns it \
			with its output so far. Unknown id: 404 `command_not_found`.""")
	@ApiResponse(responseCode = "200", description = "The command.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@GetMapping("/{commandId}")
	CommandResult get(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = COMMAND_ID, example = "cmd_1") @PathVariable String commandId,
			@Parameter(description = "Wait up to this many ms (0 to 30000) for the command to end.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0", minimum = "0",
							maximum = "30000")) @RequestParam(name = "wait_ms", required = false) @Nullable Long waitMs,
			@Parameter(description = "Cap on `output`; as for `POST /sessions` (clamped to [256, 1048576]).",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "32768", minimum = "256",
							maximum = "1048576")) @RequestParam(name = "max_output_bytes",
									required = false) @Nullable Long maxOutputBytes,
			@Parameter(description = "What to keep of an `output` over the cap; as for `POST /sessions`.",
					schema = @Schema(allowableValues = { "head_tail", "tail", "head" },
							defaultValue = "head_tail")) @RequestParam(required = false) @Nullable String truncation,
			@Parameter(description = "Remove terminal escape sequences from `output` (never from the log).",
					schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(name = "strip_ansi",
							required = false) @Nullable Boolean stripAnsi,
			@Parameter(
					description = "`screen` adds a terminal shell's rendered screen (a pipe shell: 409 "
							+ "`not_a_terminal`).",
					schema = @Schema(allowableValues = { "output", "screen" }, defaultValue = "output")) @RequestParam(
							required = false) @Nullable String view,
			HttpServletRequest request) throws InterruptedException {
		// A HEAD, answered with this GET, is not held for the wait.
		return this.shells.get(scope, id, commandId, waitMs, maxOutputBytes, truncation, stripAnsi, view,
				HttpMethod.HEAD.matches(request.getMethod()));
	}

	@Operation(operationId = "cancelCommand", summary = "Interrupt a command", description = """
			A running command's foreground job gets SIGINT (then SIGTERM and SIGKILL after the \
			grace), never the shell; a queued one is dropped. It ends `interrupted`.""")
	@ApiResponse(responseCode = "200", description = "The command right after the interrupt.",
			useReturnTypeSchema = true)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@PostMapping("/{commandId}/cancel")
	CommandResult cancel(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = COMMAND_ID, example = "cmd_1") @PathVariable String commandId)
			throws InterruptedException {
		return this.shells.cancel(scope, id, commandId);
	}

}
