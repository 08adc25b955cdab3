package dev.execd.api.docs;

import java.util.Map;

import io.swagger.v3.oas.models.responses.ApiResponse;

/**
 * The refusals of the files routes, as reusable responses (see {@link ProblemResponses}).
 */
public final class FileProblemResponses {

	public static final String FILE_NOT_FOUND = ProblemResponses.PREFIX + "FileNotFound";

	public static final String FILE_CONFLICT = ProblemResponses.PREFIX + "FileConflict";

	public static final String PATH_NOT_ALLOWED = ProblemResponses.PREFIX + "PathNotAllowed";

	public static final String PRECONDITION_FAILED = ProblemResponses.PREFIX + "PreconditionFailed";

	public static final String UPLOAD_TOO_LARGE = ProblemResponses.PREFIX + "UploadTooLarge";

	private FileProblemResponses() {
	}

	static void addTo(Map<String, ApiResponse> all) {
		all.put(ProblemResponses.name(FILE_NOT_FOUND), ProblemResponses.problem("""
				`file_not_found`: nothing exists at the path, or a directory on the way is \
				missing.""", "file_not_found", ProblemExamples.FILE_NOT_FOUND));
		all.put(ProblemResponses.name(FILE_CONFLICT),
				ProblemResponses.problem("""
						The path's kind does not fit: `is_a_directory` (a directory where a file is \
						needed, or a non-empty one removed without `recursive`), `not_a_directory` (a \
						file on the way, or listed), `file_exists` (the target exists).""", "is_a_directory",
						ProblemExamples.IS_A_DIRECTORY, "not_a_directory", ProblemExamples.NOT_A_DIRECTORY,
						"file_exists", ProblemExamples.FILE_EXISTS));
		all.put(ProblemResponses.name(PATH_NOT_ALLOWED), ProblemResponses.problem("""
				`path_not_allowed`: the path is outside the roots (execd.process.workdir-roots, or \
				the tenant's execd.files.tenant-roots entry), in execd's output directory, goes \
				through a symbolic link, names a link or a special file where a regular file is \
				needed, names a device node a write, move or removal would replace or remove, or \
				the operating system refuses it. `forbidden` as on every route.""", "path_not_allowed",
				ProblemExamples.PATH_NOT_ALLOWED, "forbidden", ProblemExamples.FORBIDDEN));
		all.put(ProblemResponses.name(PRECONDITION_FAILED), ProblemResponses.problem("""
				`precondition_failed`: `If-Match` names a version the file is not at (or the file \
				does not exist), or `If-None-Match` names the version it is at (`*`: it exists). \
				Nothing was written; read the file again.""", "precondition_failed",
				ProblemExamples.PRECONDITION_FAILED));
		all.put(ProblemResponses.name(UPLOAD_TOO_LARGE), ProblemResponses.problem("""
				`payload_too_large`: the body (for a multipart upload, one file of it) is larger \
				than execd.files.max-upload-size (1 GB by default). Nothing of it was written.""", "payload_too_large",
				ProblemExamples.UPLOAD_TOO_LARGE));
	}

}
