package dev.execd.api.rest;

import java.io.IOException;
import java.nio.file.Path;

import dev.execd.api.Inputs;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.files.OpenFile;
import dev.execd.output.OutputException;
import dev.execd.session.Scope;
import dev.execd.session.SessionReads;
import dev.execd.session.SessionRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The raw output as a file: whole, by {@code Range}, or by {@code offset} and
 * {@code length}. The size is taken when the request arrives, so a growing log is served
 * consistently. A large range the log file holds goes out through {@link Sendfile}, from
 * the file opened here; the rest is copied, from the file or the memory window.
 */
@RestController
@Tag(name = "Logs", description = "A session's complete raw output as a file, whole or by byte range.")
class LogController {

	/**
	 * Ranges from this size on are handed to the web server's sendfile; below it, opening
	 * the file costs more than copying the bytes.
	 */
	static final long SENDFILE_BYTES = 64 * 1024;

	private static final Logger logger = LoggerFactory.getLogger(LogController.class);

	private final SessionRegistry registry;

	private final Sendfile sendfile;

	LogController(SessionRegistry registry, Sendfile sendfile) {
		this.registry = registry;
		this.sendfile = sendfile;
	}

	@Operation(operationId = "downloadLog", summary = "Download a session's full raw output", description = """
			The output as a file, `<id>.log`: stdout and stderr interleaved as they \
			arrived, exactly the bytes the process wrote (escape sequences and invalid \
			UTF-8 included), up to execd.output.max-log-size. Available while the process \
			runs and after it ended, until the session is removed.

			Byte offsets are the same as everywhere else. `?offset=A&length=N` answers 200 \
			with exactly those bytes (`length` defaults to the rest): it is the URL the \
			truncation marker \
			`[... omitted N bytes (offsets A-B); full output: GET <log_url>?offset=A&length=N ...]` \
			names. A single `Range: bytes=A-B` (inclusive) answers 206 with \
			`Content-Range`; `Range` wins over `offset` and `length`. The size is taken \
			when the request arrives, so a growing log is served consistently. Past the log \
			cap, a range that starts at a kept byte ends where the bytes no longer kept begin \
			(`Content-Range`, `Content-Length`); one that starts among them is 410.""")
	@ApiResponse(responseCode = "200", description = "The whole log, or `length` bytes from `offset`.",
			headers = {
					@Header(name = "Content-Disposition", description = "`attachment; filename=\"<id>.log\"`",
							schema = @Schema(type = "string")),
					@Header(name = "Accept-Ranges", description = "`bytes`", schema = @Schema(type = "string")) },
			content = @Content(mediaType = "application/octet-stream",
					schema = @Schema(type = "string", format = "binary"),
					examples = @ExampleObject(name = "python_repl", value = ">>> print(7*6)\r\n42\r\n>>> ")))
	@ApiResponse(responseCode = "206", description = "The bytes of the requested `Range`.",
			headers = {
					@Header(name = "Content-Range", description = "`bytes A-B/total`",
							schema = @Schema(type = "string", example = "bytes 4-23/24")),
					@Header(name = "Content-Disposition", description = "`attachment; filename=\"<id>.log\"`",
							schema = @Schema(type = "string")) },
			content = @Content(mediaType = "application/octet-stream",
					schema = @Schema(type = "string", format = "binary")))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "410", ref = OutputProblemResponses.OUTPUT_UNAVAILABLE)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.RANGE_NOT_SATISFIABLE)
	@ApiResponse(responseCode = "503", ref = OutputProblemResponses.READ_UNAVAILABLE)
	@GetMapping("/sessions/{id}/log")
	ResponseEntity<StreamingResponseBody> log(Scope scope, HttpServletRequest request,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = "First byte to return; used without a `Range` header.",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							required = false) @Nullable Long offset,
			@Parameter(description = "How many bytes from `offset`; default: to the end.",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							required = false) @Nullable Long length,
			@Parameter(description = """
					One byte range: `bytes=A-B` (inclusive), `bytes=A-` or `bytes=-N` (the last N). \
					A multi-range, unparseable or invalid value (`bytes=5-3`) is ignored (the whole log, 200).""",
					example = "bytes=0-1023") @RequestHeader(name = HttpHeaders.RANGE,
							required = false) @Nullable String range) {
		SessionReads reads = this.registry.find(scope, id).reads();
		long total = reads.total();
		long from;
		long to;
		long[] selected = ByteRanges.select(range, total, "log");
		boolean partial = selected != null;
		if (selected != null) {
			from = selected[0];
			to = selected[1];
		}
		else if (offset != null || length != null) {
			from = Inputs.nonNegative(offset, 0, "offset");
			if (from > total) {
				throw new OutputException.OffsetOutOfRange(from, total);
			}
			to = from + Math.min(Inputs.nonNegative(length, total - from, "length"), total - from);
		}
		else {
			// An unparseable or multi-part Range is ignored, as RFC 9110 allows.
			from = 0;
			to = reads.logEnd();
			if (to == 0 && total > 0) {
				// The disk budget deleted the file: there is nothing to download.
				throw new OutputException.OutputUnavailable(0);
			}
		}
		// A range that runs into bytes no longer kept (past the log cap) ends where they
		// begin, as the whole log ends at the cap; one that starts there is refused.
		to = reads.keptEnd(from, to);
		HttpHeaders headers = new HttpHeaders();
		headers.setContentType(MediaType.APPLICATION_OCTET_STREAM);
		headers.setContentDisposition(ContentDisposition.attachment().filename(id + ".log").build());
		headers.set(HttpHeaders.ACCEPT_RANGES, "bytes");
		headers.setContentLength(to - from);
		if (partial) {
			headers.set(HttpHeaders.CONTENT_RANGE, "bytes " + from + "-" + (to - 1) + "/" + total);
		}
		HttpStatus status = partial ? HttpStatus.PARTIAL_CONTENT : HttpStatus.OK;
		if (to - from >= SENDFILE_BYTES && handedOver(request, reads.fileHolding(from, to), from, to)) {
			return ResponseEntity.status(status).headers(headers).build();
		}
		long start = from;
		long end = to;
		StreamingResponseBody body = (out) -> reads.copy(start, end, out);
		return ResponseEntity.status(status).headers(headers).body(body);
	}

	/**
	 * Hands {@code [from, to)} of the log file to sendfile: the file is opened here, so
	 * what is sent is that file even when the session is removed meanwhile. False when
	 * the range is not all in the file, or the file is gone (the copy then tells why).
	 */
	private boolean handedOver(HttpServletRequest request, @Nullable Path path, long from, long to) {
		if (path == null) {
			return false;
		}
		OpenFile file;
		try {
			file = OpenFile.ofServer(path);
		}
		catch (IOException ex) {
			logger.debug("The log is copied: it could not be opened for sendfile", ex);
			return false;
		}
		if (file.stat().size() >= to && this.sendfile.handOver(request, file, from, to)) {
			return true;
		}
		try {
			file.close();
		}
		catch (IOException ex) {
			logger.debug("Closing a log not handed to sendfile failed", ex);
		}
		return false;
	}

}
