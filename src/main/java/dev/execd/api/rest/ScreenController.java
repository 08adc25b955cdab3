package dev.execd.api.rest;

import dev.execd.api.ApiException;
import dev.execd.api.ScreenService;
import dev.execd.api.ScreenView;
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
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A PTY session's screen over HTTP: the rows a person would see, as JSON or plain text.
 */
@RestController
@RequestMapping(path = "/sessions")
@Tag(name = "Sessions")
class ScreenController {

	private final ScreenService screens;

	ScreenController(ScreenService screens) {
		this.screens = screens;
	}

	@Operation(operationId = "readScreen", summary = "The terminal's screen as a person sees it", description = """
			Renders a terminal session's output with a terminal emulator and returns the \
			screen: one string per row (trailing blanks trimmed), the cursor (0-based row and \
			column in cells, and whether it is shown), whether the alternate screen (vim, less, \
			htop) is up, the window title, and `offset`, the log offset the screen reflects. \
			Use it to read full-screen programs, whose output is escape codes. `scrollback=N` \
			adds up to N rows that scrolled off the primary screen (at most \
			execd.screen.scrollback-lines, 1000). `format=text` answers `text/plain`: the rows \
			joined by `\\n`. A pipe session has no screen: 409 `not_a_terminal`. The same \
			screen live, with colours: `GET /sessions/{id}/screen/stream`.""")
	@ApiResponse(responseCode = "200", description = "The screen.", content = {
			@Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = ScreenView.class),
					examples = @ExampleObject(name = "vim", value = ApiExamples.SCREEN)),
			@Content(mediaType = MediaType.TEXT_PLAIN_VALUE, schema = @Schema(type = "string")) })
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.NOT_A_TERMINAL)
	@GetMapping(path = "/{id}/screen", produces = { MediaType.APPLICATION_JSON_VALUE, MediaType.TEXT_PLAIN_VALUE })
	ResponseEntity<?> screen(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = """
					Add up to this many rows that scrolled off the top of the primary screen, \
					oldest first, as `scrollback`. Clamped to [0, execd.screen.scrollback-lines].""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							required = false) @Nullable Long scrollback,
			@Parameter(description = "`json`, or `text` for the rows as `text/plain`.",
					schema = @Schema(allowableValues = { "json", "text" }, defaultValue = "json")) @RequestParam(
							required = false) @Nullable String format) {
		// No defaultValue: Spring would put it in place of an empty value too, and
		// `format=` is as wrong as `view=`.
		if (format != null && !"json".equals(format) && !"text".equals(format)) {
			throw ApiException.invalid("format must be json or text");
		}
		ScreenView screen = this.screens.screen(scope, id, scrollback);
		if ("text".equals(format)) {
			String text = (screen.scrollback() != null && !screen.scrollback().isEmpty())
					? String.join("\n", screen.scrollback()) + "\n" + screen.text() : screen.text();
			return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(text);
		}
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(screen);
	}

}
