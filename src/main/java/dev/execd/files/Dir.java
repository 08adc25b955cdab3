package dev.execd.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

import com.sun.jna.LastErrorException;

/**
 * An open directory below a root, held by a descriptor ({@code O_PATH}) that was reached
 * from the root's one name at a time, never through a symbolic link. Operations name
 * entries through {@code /proc/self/fd/<fd>/<name>}: the kernel jumps straight to the
 * directory the descriptor holds, so renaming or swapping any directory on the way after
 * the walk cannot redirect them. Callers act on entries with
 * {@link LinkOption#NOFOLLOW_LINKS} (or through {@link Fds}), so the last name is never
 * followed either.
 */
final class Dir implements AutoCloseable {

	private final int fd;

	private final FilePath path;

	private final boolean lossy;

	private boolean closed;

	private Dir(int fd, FilePath path, boolean lossy) {
		this.fd = fd;
		this.path = path;
		this.lossy = lossy;
	}

	/**
	 * Opens the directory {@code count} names below the root of {@code target} (all of
	 * them for the target itself, all but one for its parent).
	 * @param create whether to create missing directories on the way (mode 0777 less the
	 * umask)
	 */
	static Dir walk(FilePath target, int count, boolean create) {
		FilePath rootPath = new FilePath(target.root(), target.root());
		Dir dir;
		try {
			dir = new Dir(Fds.openRoot(target.root().toString()), rootPath, false);
		}
		catch (LastErrorException ex) {
			throw (ex.getErrorCode() == Fds.ENOENT) ? new FilesException.NotFound(target.root().toString())
					: new FilesException.PathNotAllowed("the root '" + target.root() + "' cannot be opened");
		}
		List<String> names = target.names();
		try {
			for (int i = 0; i < count; i++) {
				Dir next = create ? dir.openOrCreate(names.get(i)) : dir.open(names.get(i));
				dir.close();
				dir = next;
			}
			return dir;
		}
		catch (RuntimeException ex) {
			dir.close();
			throw ex;
		}
	}

	/** The parent directory of a path below its root. */
	static Dir parentOf(FilePath target, boolean create) {
		if (target.isRoot()) {
			throw new FilesException.PathNotAllowed("'" + target + "' is a root itself");
		}
		return walk(target, target.names().size() - 1, create);
	}

	/** A directory itself, the root included. */
	static Dir of(FilePath target) {
		return walk(target, target.names().size(), false);
	}

	/** The directory entry {@code name}, which must be a directory and not a link. */
	Dir open(String name) {
		try {
			return new Dir(Fds.openDirectory(this.fd, name), this.path.child(name), this.lossy || Names.escaped(name));
		}
		catch (LastErrorException ex) {
			throw refusal(ex.getErrorCode(), name);
		}
	}

	Dir openOrCreate(String name) {
		try {
			Fds.mkdir(this.fd, name, 0777);
		}
		catch (LastErrorException ex) {
			if (ex.getErrorCode() != Fds.EEXIST) {
				throw refusal(ex.getErrorCode(), name);
			}
		}
		return open(name);
	}

	/** What an errno from acting on the entry {@code name} means to the caller. */
	FilesException refusal(int errno, String name) {
		String where = this.path.child(name).toString();
		return switch (errno) {
			case Fds.ENOENT -> new FilesException.NotFound(where);
			case Fds.ELOOP -> symlink(where);
			case Fds.ENOTDIR -> notADirectory(name, where);
			case Fds.EISDIR -> new FilesException.IsADirectory("'" + where + "' is a directory");
			case Fds.EEXIST -> new FilesException.FileExists(where);
			case Fds.EACCES -> new FilesException.PathNotAllowed("permission denied: '" + where + "'");
			case Fds.ENAMETOOLONG -> tooLong(where);
			default -> new FilesException.PathNotAllowed("'" + where + "' cannot be used (errno " + errno + ")");
		};
	}

	/**
	 * Why an entry opened as a directory was not one: a link, or (a directory again, or
	 * gone, by the time it is looked at) something swapped meanwhile, or really a file.
	 */
	private FilesException notADirectory(String name, String where) {
		BasicFileAttributes attributes;
		try {
			// One lstat: successive checks could each see another step of a swap.
			attributes = Files.readAttributes(child(name), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException ex) {
			return new FilesException.NotFound(where);
		}
		return (attributes.isSymbolicLink() || attributes.isDirectory()) ? symlink(where)
				: new FilesException.NotADirectory(where);
	}

	/** The same refusal for an {@link IOException} of the JDK. */
	FilesException refusal(IOException ex, String name) {
		String where = this.path.child(name).toString();
		return switch (ex) {
			case NoSuchFileException e -> new FilesException.NotFound(where);
			case FileAlreadyExistsException e -> new FilesException.FileExists(where);
			case DirectoryNotEmptyException e -> new FilesException.IsADirectory(
					"'" + where + "' is a directory that is not empty: pass recursive=true to remove it");
			case NotDirectoryException e -> new FilesException.NotADirectory(where);
			case AccessDeniedException e -> new FilesException.PathNotAllowed("permission denied: '" + where + "'");
			case FileSystemException e when e.getReason() != null && e.getReason().contains("symbolic links") ->
				symlink(where);
			case FileSystemException e when "Is a directory".equals(e.getReason()) ->
				new FilesException.IsADirectory("'" + where + "' is a directory");
			case FileSystemException e when "File name too long".equals(e.getReason()) -> tooLong(where);
			default -> new FilesException.PathNotAllowed("'" + where + "' cannot be used: " + reason(ex));
		};
	}

	private static String reason(IOException ex) {
		if (ex instanceof FileSystemException fs && fs.getReason() != null) {
			return fs.getReason();
		}
		// A FileSystemException's message names the /proc path; a plain one does not.
		return (!(ex instanceof FileSystemException) && ex.getMessage() != null) ? ex.getMessage()
				: ex.getClass().getSimpleName();
	}

	/** A name past 255 bytes is the caller's mistake, not a place execd may not go. */
	private static FilesException tooLong(String where) {
		return new FilesException.InvalidRequest("'" + where + "': a name is at most 255 bytes (File name too long)");
	}

	private static FilesException symlink(String where) {
		return new FilesException.PathNotAllowed(
				"'" + where + "' is a symbolic link: links are never followed on the way to a file");
	}

	/**
	 * The names of its entries, sorted, each with its exact bytes ({@link Names}): the
	 * JDK's directory stream would decode bytes that are not UTF-8 into another name.
	 */
	List<String> names() {
		try {
			List<String> names = Fds.names(this.fd);
			names.sort(null);
			return names;
		}
		catch (LastErrorException ex) {
			throw new FilesException.PathNotAllowed(
					"'" + this.path + "' cannot be listed (errno " + ex.getErrorCode() + ")");
		}
	}

	/**
	 * Whether a name on the way here has bytes that are not UTF-8, so {@link #path()}
	 * shows them as U+FFFD and does not name this directory.
	 */
	boolean lossy() {
		return this.lossy;
	}

	int fd() {
		return this.fd;
	}

	/** The directory's path, for messages and listings. */
	FilePath path() {
		return this.path;
	}

	/** The directory through its descriptor. */
	Path proc() {
		return Path.of("/proc/self/fd/" + this.fd);
	}

	/** An entry through the directory's descriptor; act on it without following links. */
	Path child(String name) {
		return Names.entry(proc(), name);
	}

	@Override
	public void close() {
		if (!this.closed) {
			this.closed = true;
			Fds.close(this.fd);
		}
	}

}
