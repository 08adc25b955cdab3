package dev.execd.api.rest;

import java.io.IOException;
import java.nio.channels.Channels;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.execd.api.ApiException;
import dev.execd.api.FileInfo;
import dev.execd.api.FileService;
import dev.execd.api.docs.FileProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.files.FilesException;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Encoding;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.SchemaProperty;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Several files into one directory in one {@code multipart/form-data} request, for
 * browsers and SDKs: each file part is streamed to its file as it arrives (atomically,
 * like {@code PUT /files}), never buffered.
 */
@RestController
@Tag(name = "Files")
class FileUploadController {

	private static final Pattern FILENAME = Pattern
		.compile("(?i)(?:^|;)\\s*filename\\s*=\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|[^;\\s]+)");

	/** RFC 8187's extended value: {@code charset'language'percent-encoded}. */
	private static final Pattern FILENAME_STAR = Pattern
		.compile("(?i)(?:^|;)\\s*filename\\*\\s*=\\s*(utf-8|iso-8859-1)'[^']*'([^;\\s]*)");

	private final FileService files;

	FileUploadController(FileService files) {
		this.files = files;
	}

	/**
	 * The files written.
	 *
	 * @param files each file, in the order of the parts
	 */
	record Uploaded(@ArraySchema(schema = @Schema(implementation = FileInfo.class)) List<FileInfo> files) {

	}

	@Operation(operationId = "uploadFiles", summary = "Upload files into a directory (multipart)", description = """
			Writes each part of a `multipart/form-data` body that has a `filename` as the \
			file of that name in the directory `path`, atomically and streamed as it \
			arrives, in the order of the parts; parts without a filename are ignored. A \
			filename is a single name: with `/`, `\\\\`, a NUL, `.` or `..` it is 400 \
			`invalid_request`. Existing files are replaced (a symbolic link, FIFO or socket \
			as itself; a device node is 403 `path_not_allowed`); `mkdirs` creates the \
			directory. \
			Each file is capped by execd.files.max-upload-size (413). A refusal midway \
			leaves the files before it written.""")
	@RequestBody(content = @Content(mediaType = MediaType.MULTIPART_FORM_DATA_VALUE,
			schemaProperties = @SchemaProperty(name = "file",
					array = @ArraySchema(schema = @Schema(type = "string", format = "binary",
							description = "A file; its part's `filename` names it in the directory."))),
			encoding = @Encoding(name = "file", contentType = MediaType.APPLICATION_OCTET_STREAM_VALUE)))
	@ApiResponse(responseCode = "201", description = "The files written.")
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@ApiResponse(responseCode = "413", ref = FileProblemResponses.UPLOAD_TOO_LARGE)
	@PostMapping(path = "/files", consumes = MediaType.MULTIPART_FORM_DATA_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	Uploaded upload(Scope scope,
			@Parameter(description = "The directory: " + FilesController.PATH, required = true,
					example = "scratch") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = "Create the directory and its missing parents.") @RequestParam(
					required = false) @Nullable Boolean mkdirs,
			@Parameter(hidden = true) @RequestHeader(HttpHeaders.CONTENT_TYPE) String contentType,
			HttpServletRequest request) throws IOException {
		if (path == null || path.isEmpty()) {
			throw ApiException.invalid("path is required");
		}
		InputStream body = Channels.newInputStream(new ServletBodyChannel(request));
		MultipartReader parts = new MultipartReader(body, MultipartReader.boundary(contentType));
		List<FileInfo> written = new ArrayList<>();
		for (Map<String, String> headers = parts.next(); headers != null; headers = parts.next()) {
			String name = filename(headers.get("content-disposition"));
			if (name != null) {
				String target = path.endsWith("/") ? path + name : path + "/" + name;
				try {
					written.add(FileInfo.of(this.files
						.write(scope, target, Channels.newChannel(parts.content()), -1, mkdirs, null, null, null)
						.stat()));
				}
				catch (FilesException.PayloadTooLarge ex) {
					throw new FilesException.PayloadTooLarge(this.files.maxUpload(), name);
				}
			}
		}
		if (written.isEmpty()) {
			throw ApiException.invalid("no part with a filename");
		}
		return new Uploaded(written);
	}

	/**
	 * The part's filename, checked to be one name; null for a field without one. The
	 * header comes as bytes (one ISO-8859-1 character each); {@code filename*} (RFC 6266)
	 * wins over {@code filename}.
	 */
	static @Nullable String filename(@Nullable String disposition) {
		if (disposition == null) {
			return null;
		}
		String name;
		Matcher extended = FILENAME_STAR.matcher(disposition);
		Matcher matcher = FILENAME.matcher(disposition);
		if (extended.find()) {
			name = decode(percentDecoded(extended.group(2)), extended.group(1).equalsIgnoreCase("utf-8"));
		}
		else if (matcher.find()) {
			// As written: browsers send a backslash as itself, never as a quoted-pair, so
			// "a\b" names a file with a backslash, which is refused below.
			name = decode((matcher.group(2) != null) ? matcher.group(2) : matcher.group(1), true);
		}
		else {
			return null;
		}
		if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/") || name.contains("\\")
				|| name.indexOf('\0') >= 0) {
			throw ApiException.invalid("a part's filename must be a single name, not '" + name + "'");
		}
		return name;
	}

	/** The bytes, strictly UTF-8 (or ISO-8859-1): a name is never guessed. */
	private static String decode(String bytes, boolean utf8) {
		if (!utf8) {
			return bytes;
		}
		try {
			return StandardCharsets.UTF_8.newDecoder()
				.decode(ByteBuffer.wrap(bytes.getBytes(StandardCharsets.ISO_8859_1)))
				.toString();
		}
		catch (CharacterCodingException ex) {
			throw ApiException.invalid("a part's filename is not UTF-8: a name that is not UTF-8 cannot be written "
					+ "through the files API");
		}
	}

	private static String percentDecoded(String value) {
		StringBuilder bytes = new StringBuilder();
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c != '%') {
				bytes.append(c);
				continue;
			}
			if (i + 2 >= value.length() || !HexFormat.isHexDigit(value.charAt(i + 1))
					|| !HexFormat.isHexDigit(value.charAt(i + 2))) {
				throw ApiException.invalid("a part's filename* has a % not followed by two hex digits");
			}
			bytes.append((char) HexFormat.fromHexDigits(value, i + 1, i + 3));
			i += 2;
		}
		return bytes.toString();
	}

}
