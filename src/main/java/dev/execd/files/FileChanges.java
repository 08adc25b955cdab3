package dev.execd.files;

import java.io.IOException;
import java.nio.file.Files;

import com.sun.jna.LastErrorException;

/**
 * Removing, moving and creating entries, each through the descriptors of the directories
 * involved ({@link Dir}). A recursive removal descends through descriptors too, so a
 * directory swapped for a link while it runs is removed as a link, never followed.
 */
public final class FileChanges {

	/**
	 * Levels a recursive removal descends at most: each holds a descriptor and a stack
	 * frame, and a session can make a tree as deep as it likes.
	 */
	static final int MAX_DEPTH = 256;

	private final FileRoots roots;

	FileChanges(FileRoots roots) {
		this.roots = roots;
	}

	/**
	 * Removes a file, a link (not its target) or a directory ({@code recursive} for one
	 * that is not empty); a device node, even inside the tree, is refused.
	 */
	public void delete(FilePath path, boolean recursive) {
		refuseRootOrOutput(path);
		try (Dir parent = Dir.parentOf(path, false)) {
			String leaf = path.leaf();
			FileStat stat = FileStat.read(parent, leaf).refuseDevice("removes");
			if (stat.type() == FileType.DIR && recursive) {
				try (Dir dir = parent.open(leaf)) {
					removeContents(dir, 1);
				}
			}
			remove(parent, leaf);
		}
	}

	private static void removeContents(Dir dir, int depth) {
		if (depth > MAX_DEPTH) {
			throw new FilesException.PathNotAllowed(
					"'" + dir.path() + "' is more than " + MAX_DEPTH + " levels deep: remove it in parts");
		}
		for (String name : dir.names()) {
			FileStat stat;
			try {
				stat = FileStat.read(dir, name);
			}
			catch (FilesException.NotFound ex) {
				continue;
			}
			stat.refuseDevice("removes");
			if (stat.type() == FileType.DIR) {
				try (Dir sub = dir.open(name)) {
					removeContents(sub, depth + 1);
				}
			}
			remove(dir, name);
		}
	}

	private static void remove(Dir dir, String name) {
		try {
			Files.delete(dir.child(name));
		}
		catch (IOException ex) {
			throw dir.refusal(ex, name);
		}
	}

	/**
	 * Renames {@code from} to {@code to} in one step ({@code rename(2)}): a link moves as
	 * itself. Without {@code overwrite} an existing {@code to} is refused atomically. A
	 * device node, as {@code from} or {@code to}, is refused.
	 */
	public FileStat move(FilePath from, FilePath to, boolean overwrite) {
		refuseRootOrOutput(from);
		refuseRootOrOutput(to);
		try (Dir fromParent = Dir.parentOf(from, false); Dir toParent = Dir.parentOf(to, false)) {
			FileStat.read(fromParent, from.leaf()).refuseDevice("moves");
			try {
				FileStat.read(toParent, to.leaf()).refuseDevice("replaces");
			}
			catch (FilesException.NotFound ex) {
				// Nothing there to keep.
			}
			try {
				Fds.rename(fromParent.fd(), from.leaf(), toParent.fd(), to.leaf(),
						overwrite ? 0 : Fds.RENAME_NOREPLACE);
			}
			catch (LastErrorException ex) {
				throw switch (ex.getErrorCode()) {
					case Fds.EXDEV -> new FilesException.InvalidRequest(
							"'" + from + "' and '" + to + "' are on different file systems");
					case Fds.EINVAL -> new FilesException.InvalidRequest("a directory cannot move into itself");
					case Fds.ENOTEMPTY, Fds.EEXIST ->
						(overwrite) ? new FilesException.IsADirectory("'" + to + "' is a directory that is not empty")
								: new FilesException.FileExists(to.toString());
					default -> toParent.refusal(ex.getErrorCode(), to.leaf());
				};
			}
			return FileStat.read(toParent, to.leaf());
		}
	}

	/**
	 * Creates a directory ({@code parents}: and the missing ones above it; then an
	 * existing directory is no error).
	 * @return whether it was created
	 */
	public boolean mkdir(FilePath path, boolean parents) {
		refuseRootOrOutput(path);
		try (Dir parent = Dir.parentOf(path, parents)) {
			try {
				Fds.mkdir(parent.fd(), path.leaf(), 0777);
				return true;
			}
			catch (LastErrorException ex) {
				if (ex.getErrorCode() == Fds.EEXIST && parents
						&& FileStat.read(parent, path.leaf()).type() == FileType.DIR) {
					return false;
				}
				throw parent.refusal(ex.getErrorCode(), path.leaf());
			}
		}
	}

	private void refuseRootOrOutput(FilePath path) {
		if (path.isRoot()) {
			throw new FilesException.PathNotAllowed("'" + path + "' is a root itself");
		}
		if (this.roots.holdsOutput(path)) {
			throw new FilesException.PathNotAllowed("'" + path + "' holds execd's own output directory");
		}
	}

}
