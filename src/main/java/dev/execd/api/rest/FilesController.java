package dev.execd.api.rest;

import java.io.IOException;

import dev.execd.api.ApiException;
import dev.execd.api.FileInfo;
import dev.execd.api.FileService;
import dev.execd.api.FileText;
import dev.execd.api.docs.FileProblemResponses;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.files.EntityTags;
import dev.execd.files.FileStat;
import dev.execd.files.FileWrites;
import dev.execd.files.OpenFile;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A file's bytes over HTTP: download (whole, by range, or as lines of text) and atomic
 * upload. The open file is streamed, never loaded whole.
 */
@RestController
@Tag(name = "Files", description = """
		Files of the workspace, resolved like a session's `workdir` and confined to the roots; \
		symbolic links are never followed on the way.""")
class FilesController {

	static final String PATH = """
			The path: relative to execd.process.default-workdir (with tenant roots: to the \
			tenant's root), or absolute inside the roots.""";

	private final FileService files;

	private final JsonMapper json;

	private final Sendfile sendfile;

	FilesController(FileService files, JsonMapper json, Sendfile sendfile) {
		this.files = files;
		this.json = json;
		this.sendfile = sendfile;
	}

	@Operation(operationId = "readFile", summary = "Download a file", description = """
			The file's bytes as `application/octet-stream`, with a strong `ETag` (size, \
			modification time and inode) and `Last-Modified`. One `Range: bytes=A-B` answers \
			206 (an unsatisfiable one 416 `offset_out_of_range`); `If-None-Match` with the \
			current tag answers 304. The file is opened once, without following a link, and \
			what is sent is that open file: a file replaced meanwhile does not mix in. \
			`encoding=utf8` answers JSON instead: `offset_lines`/`max_lines` (default 2000, at \
			most 100000) select lines, `total_lines` counts them all; a window holds at most 1 Mi \
			characters, and a truncated one names where the next starts (`next_offset_lines`, \
			`next_offset_chars`: a line cut at the cap goes on there). A directory is 409 \
			`is_a_directory`; a symbolic link or a special file 403 `path_not_allowed`.""")
	@ApiResponse(responseCode = "200", description = "The file, or its lines with `encoding=utf8`.",
			headers = { @Header(name = "ETag", description = "The file's version.", schema = @Schema(type = "string")),
					@Header(name = "Last-Modified", schema = @Schema(type = "string")) },
			content = {
					@Content(mediaType = "application/octet-stream",
							schema = @Schema(type = "string", format = "binary")),
					@Content(mediaType = "application/json", schema = @Schema(implementation = FileText.class)) })
	@ApiResponse(responseCode = "206", description = "The bytes of the requested `Range`.",
			headers = @Header(name = "Content-Range", description = "`bytes A-B/total`",
					schema = @Schema(type = "string", example = "bytes 0-1023/4096")),
			content = @Content(mediaType = "application/octet-stream",
					schema = @Schema(type = "string", format = "binary")))
	@ApiResponse(responseCode = "304", description = "`If-None-Match` names the current version.")
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.RANGE_NOT_SATISFIABLE)
	@GetMapping("/files")
	ResponseEntity<StreamingResponseBody> read(Scope scope,
			@Parameter(description = PATH,
					example = "scratch/hello.txt") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = "`utf8`: the lines as JSON text instead of the bytes.",
					schema = @Schema(allowableValues = "utf8")) @RequestParam(
							required = false) @Nullable String encoding,
			@Parameter(description = "With `encoding=utf8`: the first line, from 0.",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							name = "offset_lines", required = false) @Nullable Long offsetLines,
			@Parameter(
					description = "With `encoding=utf8`: the characters of the first line to leave out, "
							+ "from 0 (a truncated window's `next_offset_chars`).",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							name = "offset_chars", required = false) @Nullable Long offsetChars,
			@Parameter(description = "With `encoding=utf8`: how many lines, 1 to 100000 (default 2000).",
					schema = @Schema(type = "integer", format = "int64", minimum = "1",
							maximum = "100000")) @RequestParam(name = "max_lines",
									required = false) @Nullable Long maxLines,
			@Parameter(description = "One byte range: `bytes=A-B`, `bytes=A-` or `bytes=-N`; others are ignored.",
					example = "bytes=0-1023") @RequestHeader(name = HttpHeaders.RANGE,
							required = false) @Nullable String range,
			@Parameter(description = "A version (`ETag`) the client holds: 304 when it is current.") @RequestHeader(
					name = HttpHeaders.IF_NONE_MATCH, required = false) @Nullable String ifNoneMatch,
			HttpServletRequest request) throws IOException {
		if (encoding != null) {
			if (!encoding.equals("utf8")) {
				throw ApiException.invalid("encoding must be utf8");
			}
			// One operation answers bytes or JSON; a streamed body is how one handler
			// returns either.
			FileText text = this.files.text(scope, path, offsetLines, offsetChars, maxLines);
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body((out) -> this.json.writeValue(out, text));
		}
		if (offsetLines != null || offsetChars != null || maxLines != null) {
			throw ApiException.invalid("offset_lines, offset_chars and max_lines go with encoding=utf8");
		}
		OpenFile file = this.files.open(scope, path);
		try {
			FileStat stat = file.stat();
			HttpHeaders headers = new HttpHeaders();
			headers.setETag(stat.etag());
			headers.setLastModified(stat.mtime());
			if (ifNoneMatch != null && EntityTags.matchesWeakly(ifNoneMatch, stat.etag())) {
				file.close();
				return ResponseEntity.status(HttpStatus.NOT_MODIFIED).headers(headers).build();
			}
			long total = stat.size();
			long[] selected = ByteRanges.select(range, total, "file");
			long from = (selected != null) ? selected[0] : 0;
			long to = (selected != null) ? selected[1] : total;
			headers.setContentType(MediaType.APPLICATION_OCTET_STREAM);
			headers.set(HttpHeaders.ACCEPT_RANGES, "bytes");
			headers.setContentLength(to - from);
			if (selected != null) {
				headers.set(HttpHeaders.CONTENT_RANGE, "bytes " + from + "-" + (to - 1) + "/" + total);
			}
			HttpStatus status = (selected != null) ? HttpStatus.PARTIAL_CONTENT : HttpStatus.OK;
			if (to > from && this.sendfile.handOver(request, file, from, to)) {
				return ResponseEntity.status(status).headers(headers).build();
			}
			StreamingResponseBody body = (out) -> {
				try (file) {
					Sendfile.copy(file.channel(), from, to, out, path);
				}
			};
			return ResponseEntity.status(status).headers(headers).body(body);
		}
		catch (RuntimeException ex) {
			file.close();
			throw ex;
		}
	}

	@Operation(operationId = "writeFile", summary = "Upload a file", description = """
			Writes the body (any content type) to the path atomically: it is streamed to a \
			temporary file in the same directory, which is then renamed over the path, so a \
			reader sees the old content or the new, never part of it. 201 when the file is \
			new, 200 when it replaced one, with the new `ETag`. `If-Match` with a version \
			(or `*`: any existing file) makes it conditional: 412 `precondition_failed` when \
			the file is at another version. `If-None-Match: *` writes only a new file (412 \
			when one exists, checked atomically with the rename); with versions, 412 when the \
			file is at one of them. With both, `If-Match` is evaluated first (RFC 9110 \
			13.2.2). `mkdirs=true` creates missing directories; `mode` \
			sets the permission bits (octal, default: a replaced file's, else 0644). The body \
			may be up to execd.files.max-upload-size (1 GB; 413 beyond). A directory at the \
			path is 409 `is_a_directory`; a symbolic link, FIFO or socket at the path is \
			replaced as itself, not followed or opened; a device node is 403 \
			`path_not_allowed`, never replaced.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					content = @Content(mediaType = "application/octet-stream",
							schema = @Schema(type = "string", format = "binary"))))
	@ApiResponse(responseCode = "200", description = "Replaced an existing file.", useReturnTypeSchema = true,
			headers = @Header(name = "ETag", description = "The new version.", schema = @Schema(type = "string")))
	@ApiResponse(responseCode = "201", description = "Created a new file.", useReturnTypeSchema = true,
			headers = @Header(name = "ETag", description = "The new version.", schema = @Schema(type = "string")))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@ApiResponse(responseCode = "412", ref = FileProblemResponses.PRECONDITION_FAILED)
	@ApiResponse(responseCode = "413", ref = FileProblemResponses.UPLOAD_TOO_LARGE)
	@PutMapping(path = "/files", produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<FileInfo> write(Scope scope,
			@Parameter(description = PATH,
					example = "scratch/hello.txt") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = "Create missing parent directories.",
					example = "true") @RequestParam(required = false) @Nullable Boolean mkdirs,
			@Parameter(description = "Permission bits in octal, 000 to 0777.", example = "0644",
					schema = @Schema(pattern = "^0?[0-7]{3}$")) @RequestParam(required = false) @Nullable String mode,
			@Parameter(
					description = "Write only if the file is at this version (`ETag`), or exists (`*`).") @RequestHeader(
							name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch,
			@Parameter(
					description = "Write only if the file is not at one of these versions; `*`: only a new file.") @RequestHeader(
							name = HttpHeaders.IF_NONE_MATCH, required = false) @Nullable String ifNoneMatch,
			@Parameter(hidden = true) @RequestHeader(name = HttpHeaders.CONTENT_LENGTH,
					required = false) @Nullable Long length,
			HttpServletRequest request) throws IOException {
		FileWrites.Written written = this.files.write(scope, path, new ServletBodyChannel(request),
				(length != null) ? length : -1, mkdirs, mode, ifMatch, ifNoneMatch);
		return ResponseEntity.status(written.created() ? HttpStatus.CREATED : HttpStatus.OK)
			.eTag(written.stat().etag())
			.body(FileInfo.of(written.stat()));
	}

}
