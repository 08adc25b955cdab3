package dev.execd.api.rest;

import java.io.IOException;
import java.io.InputStream;

import dev.execd.api.ExtractedArchive;
import dev.execd.api.FileService;
import dev.execd.api.docs.FileProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.files.ArchiveWriter;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Directories as archives: streamed down while walked, extracted while uploaded.
 */
@RestController
@Tag(name = "Files")
class FileArchiveController {

	private static final String FORMAT = "`tar.gz` (default: modes and symbolic links kept) or `zip` (files and "
			+ "directories only).";

	private final FileService files;

	FileArchiveController(FileService files) {
		this.files = files;
	}

	@Operation(operationId = "downloadArchive", summary = "Download a directory as an archive", description = """
			The directory and everything below it as `tar.gz` or `zip`, streamed while the \
			tree is walked (never built in memory or on disk first), entries sorted by name \
			and named relative to the directory. The walk never follows a link: tar stores \
			links as links, zip leaves them out; special files and execd's output directory \
			are left out. A file is 409 `not_a_directory`.""")
	@ApiResponse(responseCode = "200", description = "The archive.",
			content = { @Content(mediaType = "application/gzip", schema = @Schema(type = "string", format = "binary")),
					@Content(mediaType = "application/zip", schema = @Schema(type = "string", format = "binary")) })
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@GetMapping("/files/archive")
	ResponseEntity<StreamingResponseBody> download(Scope scope,
			@Parameter(description = FilesController.PATH,
					example = "scratch") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = FORMAT, schema = @Schema(allowableValues = { "tar.gz", "zip" })) @RequestParam(
					required = false) @Nullable String format) {
		ArchiveWriter archive = this.files.archive(scope, path, format);
		boolean zip = "zip".equals(format);
		String name = archive.name();
		StreamingResponseBody body = (out) -> {
			try (archive) {
				archive.writeTo(out);
			}
		};
		return ResponseEntity.ok()
			.contentType(
					zip ? MediaType.parseMediaType("application/zip") : MediaType.parseMediaType("application/gzip"))
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.attachment().filename(name + (zip ? ".zip" : ".tar.gz")).build().toString())
			.body(body);
	}

	@Operation(operationId = "extractArchive", summary = "Upload and extract an archive", description = """
			Extracts a `tar.gz` or `zip` body into the directory (made, with its parents, \
			when missing) while it streams in. Entries that would land outside it are \
			refused with 403 `path_not_allowed`: absolute names, `..`, links that are \
			absolute or point outside the directory, and any entry through a link; the \
			extraction stops there, the entries before it stay. Existing files are \
			overwritten in place; tar keeps modes (directories' applied last), zip \
			writes 0644. Hard links, devices and FIFOs are left out. The uncompressed total \
			is capped by execd.files.max-upload-size (413).""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					content = @Content(mediaType = "application/octet-stream",
							schema = @Schema(type = "string", format = "binary"))))
	@ApiResponse(responseCode = "200", description = "What was made.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@ApiResponse(responseCode = "413", ref = FileProblemResponses.UPLOAD_TOO_LARGE)
	@PutMapping(path = "/files/archive", produces = MediaType.APPLICATION_JSON_VALUE)
	ExtractedArchive extract(Scope scope,
			@Parameter(description = FilesController.PATH,
					example = "scratch/restored") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = FORMAT, schema = @Schema(allowableValues = { "tar.gz", "zip" })) @RequestParam(
					required = false) @Nullable String format,
			@Parameter(hidden = true) @RequestHeader(name = HttpHeaders.CONTENT_LENGTH,
					required = false) @Nullable Long length,
			@Parameter(hidden = true) InputStream body) throws IOException {
		return this.files.extract(scope, path, body, (length != null) ? length : -1, format);
	}

}
