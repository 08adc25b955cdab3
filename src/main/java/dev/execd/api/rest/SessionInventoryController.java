package dev.execd.api.rest;

import dev.execd.api.RemovedCount;
import dev.execd.api.SessionList;
import dev.execd.api.SessionService;
import dev.execd.api.SessionView;
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
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sessions over HTTP: list a conversation's sessions, inspect one, remove one or all.
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Sessions")
class SessionInventoryController {

	private static final String ID = SessionController.ID;

	private final SessionService sessions;

	SessionInventoryController(SessionService sessions) {
		this.sessions = sessions;
	}

	@Operation(operationId = "listSessions", summary = "List the conversation's sessions", description = """
			All sessions of this conversation, newest first, without output. Ended sessions stay \
			listed until they are removed (`DELETE`) or reaped (execd.limits.ended-retention, \
			30 min after they ended or were last read). Use it to find a session again after \
			losing its id, or to clean up.""")
	@ApiResponse(responseCode = "200", description = "The sessions.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@GetMapping
	SessionList list(Scope scope,
			@Parameter(description = "Only `running` or only `exited` sessions; absent: all.",
					schema = @Schema(allowableValues = { "running", "exited" })) @RequestParam(
							required = false) @Nullable String status) {
		return this.sessions.list(scope, status);
	}

	@Operation(operationId = "deleteSessions", summary = "Remove every session of the conversation", description = """
			Terminates every running session of this conversation (SIGHUP to terminals and shells, \
			SIGTERM to every process of each session, SIGKILL to what is left after \
			execd.process.kill-grace) and removes all of them with their logs. Call it when \
			a conversation ends.""")
	@ApiResponse(responseCode = "200", description = "How many sessions were removed.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@DeleteMapping
	RemovedCount deleteAll(Scope scope) {
		return this.sessions.removeAll(scope);
	}

	@Operation(operationId = "getSession", summary = "Get a session's state", description = """
			The session without output, and without moving its delivery cursor: `status`, \
			`exit_code`, `signal` and `end_reason` once it ended, `waiting_for_input`, `idle_ms`, \
			`output_bytes_total`. To wait for a change, poll with `POST /sessions/{id}/stdin` \
			instead of calling this in a loop.""")
	@ApiResponse(responseCode = "200", description = "The session.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@GetMapping("/{id}")
	SessionView get(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id) {
		return this.sessions.get(scope, id);
	}

	@Operation(operationId = "deleteSession", summary = "Terminate and remove a session", description = """
			Terminates the session if it runs and removes it with its log. A terminal or shell \
			session first gets SIGHUP; then `signal` (SIGTERM) goes to every process of the session, \
			background children included; whatever is left after `grace_ms` gets SIGKILL \
			(`escalated: true`). Returns the final session (`end_reason: killed` if it was \
			running). Read what you still need (output, log) before: afterwards the session is \
			404.""")
	@ApiResponse(responseCode = "200", description = "The final state of the removed session.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = SessionView.class),
					examples = @ExampleObject(name = "killed", value = ApiExamples.SESSION_KILLED)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_SIGNAL)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@DeleteMapping("/{id}")
	SessionView delete(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = """
					How long the processes get to exit after `signal` before SIGKILL, in ms. \
					Default execd.process.kill-grace (2000). Clamped to [0, 60000].""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0", maximum = "60000",
							example = "2000")) @RequestParam(name = "grace_ms",
									required = false) @Nullable Long graceMs,
			@Parameter(description = "The first signal, by name or number; `SIGKILL` skips the grace.",
					schema = @Schema(defaultValue = "SIGTERM", example = "SIGINT")) @RequestParam(
							required = false) @Nullable String signal) {
		return this.sessions.remove(scope, id, graceMs, signal);
	}

}
