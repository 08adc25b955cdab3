package dev.execd.api.rest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import dev.execd.api.ExtractedArchive;
import dev.execd.api.FileService;
import dev.execd.api.docs.FileProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.files.ArchiveWriter;
import dev.execd.files.FilesException;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.coyote.CloseNowException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Directories as archives: streamed down while walked, extracted while uploaded.
 */
@RestController
@Tag(name = "Files")
class FileArchiveController {

	private static final Logger logger = LoggerFactory.getLogger(FileArchiveController.class);

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
			are left out. A name that is not UTF-8 keeps its exact bytes in tar; zip shows \
			them as U+FFFD (with `~2`, `~3`... after a name another entry already has). A \
			file is 409 `not_a_directory`. A tree more than 256 levels deep \
			is 403 `path_not_allowed` when the walk gets there before the first bytes are \
			sent, else the body is cut short.""")
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
					required = false) @Nullable String format,
			HttpServletResponse response) {
		ArchiveWriter archive = this.files.archive(scope, path, format);
		boolean zip = "zip".equals(format);
		String name = archive.name();
		StreamingResponseBody body = (out) -> {
			try (archive) {
				archive.writeTo(out);
			}
			catch (AsyncRequestNotUsableException ex) {
				// The client went away: nobody is left to tell.
				throw ex;
			}
			catch (FilesException | IOException ex) {
				if (response.isCommitted()) {
					// Part of the archive is sent: no problem can follow it, only a cut
					// connection tells the client the archive is not whole.
					logger.warn("Archive of '{}' cut short after its first bytes: {}", name, ex.getMessage());
					throw new CloseNowException(ex.getMessage(), ex);
				}
				// Nothing is sent yet (the gzip header waits in the buffer): a refusal,
				// without the archive's content type, which no problem can be written as.
				response.reset();
				throw ex;
			}
		};
		return ResponseEntity.ok()
			.contentType(
					zip ? MediaType.parseMediaType("application/zip") : MediaType.parseMediaType("application/gzip"))
			.header(HttpHeaders.CONTENT_DISPOSITION, disposition(name + (zip ? ".zip" : ".tar.gz")))
			.body(body);
	}

	/**
	 * An ASCII name as {@code filename}, any other also in UTF-8 as {@code filename*}
	 * (RFC 6266): a header is ISO-8859-1, and the web server drops one it cannot encode.
	 */
	static String disposition(String filename) {
		boolean ascii = filename.chars().allMatch((c) -> c >= 0x20 && c < 0x7f);
		ContentDisposition.Builder builder = ContentDisposition.attachment();
		return (ascii ? builder.filename(filename) : builder.filename(filename, StandardCharsets.UTF_8)).build()
			.toString();
	}

	@Operation(operationId = "extractArchive", summary = "Upload and extract an archive", description = """
			Extracts a `tar.gz` or `zip` body into the directory (made, with its parents, \
			when missing) while it streams in. Entries that would land outside it are \
			refused with 403 `path_not_allowed`: absolute names, `..`, links that are \
			absolute or point outside the directory (or have a `..` after a name, which a \
			link could redirect), and any entry through a link; the \
			extraction stops there, the entries before it stay. Each file entry is written \
			to a temporary file and renamed into place: a file, link or FIFO of its name is \
			replaced as itself, a directory is 409 `is_a_directory`, a device node 403 \
			`path_not_allowed` (never replaced), and an entry cut short leaves nothing. A \
			truncated or corrupt archive, a body that is no archive, and a zip entry name \
			that is not UTF-8 (tar names keep their exact bytes) are 400 `invalid_request`. \
			A request that fails before extracting anything removes the directory it made \
			(not its parents). Tar \
			keeps modes (directories' applied last), zip \
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
