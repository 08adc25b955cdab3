package dev.execd.api.rest;

import dev.execd.api.RecordsResult;
import dev.execd.api.RecordsService;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A session's output as records, polled: the same lines as the framed stream, for clients
 * without Server-Sent Events.
 */
@RestController
@Tag(name = "Sessions")
class RecordsController {

	private final RecordsService records;

	RecordsController(RecordsService records) {
		this.records = records;
	}

	@Operation(operationId = "readRecords", summary = "Read a session's output as whole lines (JSONL records)",
			description = """
					The records of `GET /sessions/{id}/stream?framing=...` as a poll: whole stdout \
					lines from `offset` (taken as the start of a line; inside a character, from \
					the line after it), as JSON values \
					(`framing=jsonl`, the default) or text (`lines`), with errors for lines that \
					are not valid JSON, too long or cut by a gap, and the stderr lines read \
					meanwhile apart. Pass `next_offset` back as `offset` to read on: every stdout \
					line comes exactly once. An unterminated last line comes once the process has \
					exited. At most `max_records` records and about 8 MiB of them per answer (one \
					longer record still comes alone), and at most 1000 stderr lines or 1 MiB of \
					them (the rest counted in `stderr_dropped`).""")
	@ApiResponse(responseCode = "200", description = "The records read.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = RecordsResult.class)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "410", ref = OutputProblemResponses.OUTPUT_UNAVAILABLE)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.OFFSET_OUT_OF_RANGE)
	@ApiResponse(responseCode = "503", ref = OutputProblemResponses.READ_UNAVAILABLE)
	@GetMapping(path = "/sessions/{id}/records", produces = MediaType.APPLICATION_JSON_VALUE)
	RecordsResult records(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = "Byte offset of the first line to read: 0, or a `next_offset`.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0",
							minimum = "0")) @RequestParam(required = false) @Nullable Long offset,
			@Parameter(description = "Most records to return, 1 to 1000.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "100", minimum = "1",
							maximum = "1000")) @RequestParam(name = "max_records",
									required = false) @Nullable Long maxRecords,
			@Parameter(description = "Wait up to this many ms (0 to 30000) for a first record or the end.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0", minimum = "0",
							maximum = "30000")) @RequestParam(name = "wait_ms", required = false) @Nullable Long waitMs,
			@Parameter(description = "`jsonl`: each line a JSON value; `lines`: text.",
					schema = @Schema(allowableValues = { "jsonl", "lines" }, defaultValue = "jsonl")) @RequestParam(
							required = false) @Nullable String framing,
			@Parameter(description = StreamController.MAX_RECORD_BYTES,
					schema = @Schema(type = "integer", format = "int64", defaultValue = "16777216", minimum = "1",
							maximum = "67108864")) @RequestParam(name = "max_record_bytes",
									required = false) @Nullable Long maxRecordBytes,
			HttpServletRequest request) throws InterruptedException {
		// A HEAD, answered with this GET, is not held for the wait.
		return this.records.poll(scope, id, offset, maxRecords, waitMs, framing, maxRecordBytes,
				HttpMethod.HEAD.matches(request.getMethod()));
	}

}
