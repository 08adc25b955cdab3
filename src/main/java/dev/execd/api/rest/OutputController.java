package dev.execd.api.rest;

import dev.execd.api.OutputResult;
import dev.execd.api.SessionService;
import dev.execd.api.Waits;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
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
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Reads of a session's output by offset over HTTP, with the same waits as a poll; apart
 * from {@link SessionController} because its query has many parameters.
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Sessions")
class OutputController {

	private final SessionService sessions;

	OutputController(SessionService sessions) {
		this.sessions = sessions;
	}

	@Operation(operationId = "readOutput", summary = "Read output by byte offset, optionally long-polling",
			description = """
					Reads a byte range of the output without writing anything. With `offset` the \
					read is stateless: start at 0 or at a known offset and pass each \
					`next_offset` back to continue; any number of readers may do so. Without \
					`offset` it reads from the session's delivery cursor and advances it, exactly \
					like a poll through `POST /sessions/{id}/stdin`.

					`wait_ms` (default 0) makes it a long-poll that returns at the first of: the \
					process ended and its output was drained; a `wait_for` or `wait_for_screen` \
					match; `settle_ms` of quiet after new output; the process blocked on input \
					after `input_quiet_ms`; without a pattern or `settle_ms`, at least one byte \
					past the offset; the deadline (`ended_by` says which). At most \
					`max_bytes` are returned, without a truncation marker: continue from \
					`next_offset` until `eof` is true; reading exactly at the end returns empty \
					output. Text never splits a UTF-8 character; `encoding=base64` returns the \
					exact bytes.""")
	@ApiResponse(responseCode = "200", description = "The bytes read and the session.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = OutputResult.class),
					examples = @ExampleObject(name = "repl", value = ApiExamples.OUTPUT_READ)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = ProblemResponses.NOT_A_TERMINAL)
	@ApiResponse(responseCode = "410", ref = OutputProblemResponses.OUTPUT_UNAVAILABLE)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.OFFSET_OUT_OF_RANGE)
	@ApiResponse(responseCode = "503", ref = OutputProblemResponses.READ_UNAVAILABLE)
	@GetMapping("/{id}/output")
	OutputResult output(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = """
					Byte offset to read from, e.g. the previous `next_offset`; the read is then \
					stateless. Absent: read from the session's delivery cursor and advance it.""",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							required = false) @Nullable Long offset,
			@Parameter(description = "Most bytes to return. Clamped to [1, 1048576].",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "65536", minimum = "1",
							maximum = "1048576")) @RequestParam(name = "max_bytes",
									required = false) @Nullable Long maxBytes,
			@Parameter(description = """
					Long-poll: wait up to this many ms for a byte past `offset` (or a `wait_for` \
					match, or the exit). Clamped to [0, execd.limits.max-poll] (290000).""",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0", minimum = "0",
							maximum = "290000")) @RequestParam(name = "wait_ms",
									required = false) @Nullable Long waitMs,
			@Parameter(description = """
					Java regular expression (MULTILINE, at most 1024 characters): the wait ends \
					when the text from the read's start to now matches.""", schema = @Schema(maxLength = 1024),
					example = ">>> $") @RequestParam(name = "wait_for", required = false) @Nullable String waitFor,
			@Parameter(
					description = "As in `POST /sessions`: a regular expression for the rendered screen "
							+ "(409 `not_a_terminal` on a pipe session).",
					schema = @Schema(maxLength = 1024)) @RequestParam(name = "wait_for_screen",
							required = false) @Nullable String waitForScreen,
			@Parameter(
					description = "As in `POST /sessions`, in ms (0 to 30000); given, the first byte alone no "
							+ "longer ends the wait.",
					schema = @Schema(type = "integer", format = "int64", minimum = "0",
							maximum = "30000")) @RequestParam(name = "settle_ms",
									required = false) @Nullable Long settleMs,
			@Parameter(description = "As in `POST /sessions`, in ms (0 to 60000); 0 = off.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "300", minimum = "0",
							maximum = "60000")) @RequestParam(name = "input_quiet_ms",
									required = false) @Nullable Long inputQuietMs,
			@Parameter(description = "`utf8` text, or `base64` for the exact bytes.",
					schema = @Schema(allowableValues = { "utf8", "base64" }, defaultValue = "utf8")) @RequestParam(
							required = false, defaultValue = "utf8") String encoding,
			@Parameter(description = "Remove terminal escape sequences from the text (never from the log).",
					schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(name = "strip_ansi",
							required = false) @Nullable Boolean stripAnsi,
			@Parameter(description = """
					`screen` adds the terminal's rendered `screen` (a pipe session: 409 \
					`not_a_terminal`).""",
					schema = @Schema(allowableValues = { "output", "screen" }, defaultValue = "output")) @RequestParam(
							required = false) @Nullable String view,
			@Parameter(description = """
					Only this stream's bytes: the other stream's runs are skipped and \
					`next_offset` moves past them, so offsets stay the log's. A terminal has one \
					stream, reported as stdout. A wait without a pattern or `settle_ms` then \
					ends at this stream's first byte. Absent: both streams.""",
					schema = @Schema(allowableValues = { "stdout", "stderr" })) @RequestParam(
							required = false) @Nullable String stream,
			HttpServletRequest request) throws InterruptedException {
		// Spring answers a HEAD with this GET: it must not take output from the cursor
		// nor wait, since HEAD is safe and a proxy may send one on its own.
		return this.sessions.output(scope, id, offset, maxBytes, waitMs, waitFor,
				new Waits.Until(waitForScreen, settleMs, inputQuietMs), encoding, Boolean.TRUE.equals(stripAnsi), view,
				stream, HttpMethod.HEAD.matches(request.getMethod()));
	}

}
