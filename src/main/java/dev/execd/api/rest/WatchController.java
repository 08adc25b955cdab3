package dev.execd.api.rest;

import dev.execd.api.WatchList;
import dev.execd.api.WatchRequest;
import dev.execd.api.WatchService;
import dev.execd.api.WatchView;
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

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The watches of a session over HTTP: patterns its output is matched against, whose
 * matches arrive on {@code GET /events}.
 */
@RestController
@RequestMapping(path = "/sessions/{id}/watches", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Watches")
class WatchController {

	private static final String ID = SessionController.ID;

	private static final String NAME = "The watch's name.";

	private final WatchService watches;

	WatchController(WatchService watches) {
		this.watches = watches;
	}

	@Operation(operationId = "addWatch", summary = "Watch a session's output for a pattern", description = """
			Adds a watch: from now on each complete line of output (stdout and stderr alike, \
			escape sequences removed) that matches `pattern` publishes `session_matched` on \
			`GET /events`, with the line, its byte offset in the log and the capture groups, \
			instead of the agent polling for it. A line is matched once it ends (`\\n`, or the \
			end of the stream), so a line split across writes, or a character split across \
			reads, is matched whole. A line under way when the watch is added is matched whole \
			too. At most 10 matches a second per watch are published; the rest are counted in \
			one `session_matches_dropped`. A pattern that exceeds the step budget of \
			`wait_for` is removed with an entry in the session's `warnings`. At most 16 watches \
			a session (else 409 `too_many_watches`); a taken name is 409 `watch_exists`; an \
			ended session is 409 `session_exited`.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
							schema = @Schema(implementation = WatchRequest.class),
							examples = @ExampleObject(name = "ready", summary = "A dev server's port, once",
									value = ApiExamples.WATCH))))
	@ApiResponse(responseCode = "201", description = "The watch.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.WATCH_REFUSED)
	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	WatchView add(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@RequestBody(required = false) @Nullable WatchRequest request) {
		return this.watches.add(scope, id, request);
	}

	@Operation(operationId = "listWatches", summary = "List a session's watches", description = """
			The session's watches, oldest first. A `once` watch that matched is gone. The \
			session object does not list them.""")
	@ApiResponse(responseCode = "200", description = "The watches.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@GetMapping
	WatchList list(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id) {
		return this.watches.list(scope, id);
	}

	@Operation(operationId = "getWatch", summary = "A watch of a session",
			description = "The watch with this name; none: 404 `watch_not_found`.")
	@ApiResponse(responseCode = "200", description = "The watch.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.WATCH_NOT_FOUND)
	@GetMapping("/{name}")
	WatchView get(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = NAME, example = "ready") @PathVariable String name) {
		return this.watches.get(scope, id, name);
	}

	@Operation(operationId = "deleteWatch", summary = "Remove a watch", description = """
			Removes the watch; matches it dropped in its current second are still reported by \
			`session_matches_dropped`. None of that name: 404 `watch_not_found`.""")
	@ApiResponse(responseCode = "204", description = "Removed.")
	@ApiResponse(responseCode = "404", ref = ProblemResponses.WATCH_NOT_FOUND)
	@DeleteMapping("/{name}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void delete(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = NAME, example = "ready") @PathVariable String name) {
		this.watches.remove(scope, id, name);
	}

}
