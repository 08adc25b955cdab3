package dev.execd.api.rest;

import dev.execd.api.ResizeRequest;
import dev.execd.api.SessionView;
import dev.execd.api.SignalRequest;
import dev.execd.api.WatchService;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import dev.execd.session.SessionRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Changes to a live session over HTTP: its name and limits, signals and terminal size.
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Sessions")
class SessionControlController {

	private static final String ID = SessionController.ID;

	private final SessionRegistry registry;

	private final WatchService watches;

	SessionControlController(SessionRegistry registry, WatchService watches) {
		this.registry = registry;
		this.watches = watches;
	}

	@Operation(operationId = "updateSession", summary = "Rename a running session, change its limits or watches",
			description = """
					Changes any of `name`, `max_runtime_ms` (counted from the start; 0 = the cap), \
					`idle_timeout_ms` (0 = off) and `watches` of a running session, e.g. to let a dev \
					server outlive the default 30 minutes. Absent fields stay as they are; \
					`watches` replaces the whole set (`[]` removes every watch; to add or remove \
					one, use `/sessions/{id}/watches`). Everything is checked before anything \
					changes.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
					mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = PatchRequest.class),
					examples = { @ExampleObject(name = "keep_alive",
							summary = "Run up to the cap, stop when silent for 10 minutes",
							value = "{\"name\": \"dev server\", \"max_runtime_ms\": 0, \"idle_timeout_ms\": 600000}"),
							@ExampleObject(name = "watches", summary = "Replace the watches",
									value = ApiExamples.PATCH_WATCHES) })))
	@ApiResponse(responseCode = "200", description = "The updated session.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.SESSION_EXITED)
	@PatchMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
	SessionView patch(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@RequestBody PatchRequest request) {
		return this.watches.update(scope, id, request.name(), request.maxRuntimeMs(), request.idleTimeoutMs(),
				request.watches());
	}

	@Operation(operationId = "signalSession", summary = "Send a signal to a session's processes", description = """
			Sends a signal, in a pipe session to the leader's process group, in a terminal \
			session to the terminal's foreground process group (as a keypress would). \
			Returns the session as it is right after sending; the exit the signal causes \
			shows up in the next poll (`POST /sessions/{id}/stdin` with `{}` waits for \
			it). To interrupt, `SIGINT` equals typing Ctrl-C; to stop and remove, prefer \
			`DELETE /sessions/{id}`, which escalates to SIGKILL and reaches background \
			children too.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
							schema = @Schema(implementation = SignalRequest.class),
							examples = { @ExampleObject(name = "interrupt", value = "{\"signal\": \"SIGINT\"}"),
									@ExampleObject(name = "by_number", summary = "SIGTERM by number",
											value = "{\"signal\": 15}") })))
	@ApiResponse(responseCode = "200", description = "The session right after the signal was sent.",
			useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_SIGNAL)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.SESSION_EXITED)
	@PostMapping(path = "/{id}/signal", consumes = MediaType.APPLICATION_JSON_VALUE)
	SessionView signal(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@RequestBody SignalRequest request) {
		return SessionView.of(this.registry.find(scope, id).signal(request.number()));
	}

	@Operation(operationId = "resizeSession", summary = "Resize a session's terminal", description = """
			Sets a terminal session's size; the program receives SIGWINCH and `stty size` reports \
			the new size. Full-screen programs redraw for it.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
							schema = @Schema(implementation = ResizeRequest.class),
							examples = @ExampleObject(name = "wide", value = "{\"cols\": 200, \"rows\": 50}"))))
	@ApiResponse(responseCode = "200", description = "The resized session.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.NOT_A_TTY)
	@PostMapping(path = "/{id}/resize", consumes = MediaType.APPLICATION_JSON_VALUE)
	SessionView resize(Scope scope, @Parameter(description = ID, example = ApiExamples.ID) @PathVariable String id,
			@RequestBody ResizeRequest request) {
		int cols = request.checkedCols();
		int rows = request.checkedRows();
		return SessionView.of(this.registry.find(scope, id).resize(cols, rows));
	}

}
