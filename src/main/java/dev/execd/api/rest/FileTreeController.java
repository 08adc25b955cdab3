package dev.execd.api.rest;

import dev.execd.api.FileInfo;
import dev.execd.api.FileListing;
import dev.execd.api.FileMkdir;
import dev.execd.api.FileMove;
import dev.execd.api.FileService;
import dev.execd.api.docs.FileProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The workspace's tree over HTTP: list, stat, remove, move, make directories.
 */
@RestController
@Tag(name = "Files")
class FileTreeController {

	private static final String PATH = FilesController.PATH;

	private final FileService files;

	FileTreeController(FileService files) {
		this.files = files;
	}

	@Operation(operationId = "listFiles", summary = "List a directory", description = """
			The directory's entries sorted by name, each directory's own following it down to \
			`depth` levels (1 to 16, default 1), at most `max_entries` (1 to 10000, default \
			1000; `truncated` says when more exist). Symbolic links are listed with their \
			`target`, never entered; execd's output directory is left out. A name that is \
			not UTF-8 is listed with U+FFFD for those bytes and `lossy_name: true`. A file \
			is 409 `not_a_directory`.""")
	@ApiResponse(responseCode = "200", description = "The entries.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@GetMapping(path = "/files/list", produces = MediaType.APPLICATION_JSON_VALUE)
	FileListing list(Scope scope,
			@Parameter(description = PATH, example = ".") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = "Levels to descend, 1 to 16.",
					schema = @Schema(type = "integer", format = "int64", minimum = "1", maximum = "16",
							defaultValue = "1")) @RequestParam(required = false) @Nullable Long depth,
			@Parameter(description = "Entries at most, 1 to 10000.",
					schema = @Schema(type = "integer", format = "int64", minimum = "1", maximum = "10000",
							defaultValue = "1000")) @RequestParam(name = "max_entries",
									required = false) @Nullable Long maxEntries) {
		return this.files.list(scope, path, depth, maxEntries);
	}

	@Operation(operationId = "statFile", summary = "A file's attributes", description = """
			Type, size, permission bits, modification time and, for a symbolic link, its \
			target: the link itself, never what it points to.""")
	@ApiResponse(responseCode = "200", description = "The attributes.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@GetMapping(path = "/files/stat", produces = MediaType.APPLICATION_JSON_VALUE)
	FileInfo stat(Scope scope, @Parameter(description = PATH,
			example = "scratch/hello.txt") @RequestParam(required = false) @Nullable String path) {
		return this.files.stat(scope, path);
	}

	@Operation(operationId = "deleteFile", summary = "Remove a file or directory", description = """
			Removes a file, a symbolic link (never its target) or an empty directory; \
			`recursive=true` removes a directory with everything in it (at most 256 levels deep), descending without \
			following links. A non-empty directory without it is 409 `is_a_directory`. A \
			root, a directory holding execd's output directory, or a device node (also one \
			inside the tree: removal stops there) is 403 `path_not_allowed`.""")
	@ApiResponse(responseCode = "204", description = "Removed.")
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@DeleteMapping("/files")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void delete(Scope scope,
			@Parameter(description = PATH, example = "scratch") @RequestParam(required = false) @Nullable String path,
			@Parameter(description = "Remove a directory and everything in it.",
					example = "true") @RequestParam(required = false) @Nullable Boolean recursive) {
		this.files.delete(scope, path, recursive);
	}

	@Operation(operationId = "moveFile", summary = "Move or rename", description = """
			Renames `from` to `to` in one step (`rename(2)`); both in the roots, on one file \
			system (else 400). An existing `to` is 409 `file_exists` unless `overwrite`. A \
			device node, as `from` or `to`, is 403 `path_not_allowed`: never moved or \
			replaced.""", requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true))
	@ApiResponse(responseCode = "200", description = "What is now at `to`.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@PostMapping(path = "/files/move", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	FileInfo move(Scope scope, @RequestBody FileMove move) {
		return this.files.move(scope, move);
	}

	@Operation(operationId = "makeDirectory", summary = "Create a directory", description = """
			Creates the directory (mode 0777 less execd's umask): 201. With `parents`, missing \
			parents are created and an existing directory answers 200; without, an existing \
			entry is 409 `file_exists`.""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true))
	@ApiResponse(responseCode = "200", description = "It existed already (`parents`).", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "201", description = "Created.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "403", ref = FileProblemResponses.PATH_NOT_ALLOWED)
	@ApiResponse(responseCode = "404", ref = FileProblemResponses.FILE_NOT_FOUND)
	@ApiResponse(responseCode = "409", ref = FileProblemResponses.FILE_CONFLICT)
	@PostMapping(path = "/files/mkdir", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<FileInfo> mkdir(Scope scope, @RequestBody FileMkdir mkdir) {
		FileService.Made made = this.files.mkdir(scope, mkdir);
		return ResponseEntity.status(made.created() ? HttpStatus.CREATED : HttpStatus.OK).body(made.directory());
	}

}
