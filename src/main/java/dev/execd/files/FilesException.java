package dev.execd.files;

/**
 * Why a file operation was refused. Each kind maps to one contract code; messages name
 * the path as the caller gave it (resolved), never anything outside the roots.
 */
public abstract sealed class FilesException extends RuntimeException {

	FilesException(String message) {
		super(message, null, false, false);
	}

	/** Nothing exists at the path, or a directory on the way is missing. */
	public static final class NotFound extends FilesException {

		NotFound(String path) {
			super("no file or directory '" + path + "'"
					+ (path.contains("\uFFFD")
							? " (where a listing shows U+FFFD with lossy_name, the name has bytes that are not UTF-8, "
									+ "which no path can give)"
							: ""));
		}

	}

	/** A directory where a file was needed, or a non-empty one without recursion. */
	public static final class IsADirectory extends FilesException {

		IsADirectory(String message) {
			super(message);
		}

	}

	/** Something that is not a directory where one was needed. */
	public static final class NotADirectory extends FilesException {

		NotADirectory(String path) {
			super("'" + path + "' is not a directory");
		}

	}

	/**
	 * Outside the roots, the server's own output directory, a symbolic link on the way,
	 * or something the operating system does not let execd touch.
	 */
	public static final class PathNotAllowed extends FilesException {

		PathNotAllowed(String message) {
			super(message);
		}

	}

	/** Something already exists where the operation would create. */
	public static final class FileExists extends FilesException {

		FileExists(String path) {
			super("'" + path + "' already exists");
		}

	}

	/** The file's current version is not the one the caller named. */
	public static final class PreconditionFailed extends FilesException {

		PreconditionFailed(String message) {
			super(message);
		}

	}

	/** The body is larger than {@code execd.files.max-upload-size}. */
	public static final class PayloadTooLarge extends FilesException {

		public PayloadTooLarge(long max) {
			super("the body is larger than " + max + " bytes (execd.files.max-upload-size)");
		}

		/** A multipart part: the cap is on each file, not on the body. */
		public PayloadTooLarge(long max, String file) {
			super("the file '" + file + "' (a part of the body) is larger than " + max
					+ " bytes, the cap on each file (execd.files.max-upload-size)");
		}

	}

	/** A malformed path or an operation that makes no sense (a directory into itself). */
	public static final class InvalidRequest extends FilesException {

		public InvalidRequest(String message) {
			super(message);
		}

	}

}
