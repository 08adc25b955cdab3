package dev.execd.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;

import com.sun.jna.LastErrorException;
import org.jspecify.annotations.Nullable;

/**
 * One file, directory or link as {@code lstat} sees it.
 *
 * @param name the last name ({@code /} for the root of the file system)
 * @param path the absolute path
 * @param type what it is
 * @param size its size in bytes
 * @param mode the permission bits, {@code 0-07777}
 * @param mtime when its content last changed
 * @param inode its inode number, which a rename into place changes
 * @param target where a link points, as written in the link (its exact bytes, as
 * {@link Names} holds them: show {@link #shownTarget}); null for anything else
 * @param lossy whether the name, or one above it, has bytes that are not UTF-8: they show
 * as U+FFFD in {@code name} and {@code path}, and {@code path} does not name this entry
 * @param device whether it is a character or block device (its type is
 * {@link FileType#OTHER}), which the files API never replaces, moves or removes
 */
public record FileStat(String name, Path path, FileType type, long size, int mode, Instant mtime, long inode,
		@Nullable String target, boolean lossy, boolean device) {

	private static final int S_IFMT = 0170000;

	private static final int S_IFCHR = 0020000;

	private static final int S_IFBLK = 0060000;

	/**
	 * A strong validator: size, modification time to the nanosecond and inode. Every
	 * {@code PUT} renames a new inode into place, so two versions never share one.
	 */
	public String etag() {
		return "\"" + Long.toHexString(this.size) + "-" + Long.toHexString(this.mtime.getEpochSecond()) + "."
				+ Integer.toHexString(this.mtime.getNano()) + "-" + Long.toHexString(this.inode) + "\"";
	}

	/**
	 * Reads an entry without following it.
	 * @param entry the entry through its directory's descriptor ({@link Dir#child})
	 * @param path the absolute path to report
	 */
	static FileStat read(Path entry, Path path, boolean lossy, LinkOption... options) throws IOException {
		Map<String, Object> attributes = Files.readAttributes(entry, "unix:*", options);
		FileType type = ((Boolean) attributes.get("isSymbolicLink")) ? FileType.SYMLINK
				: ((Boolean) attributes.get("isDirectory")) ? FileType.DIR
						: ((Boolean) attributes.get("isRegularFile")) ? FileType.FILE : FileType.OTHER;
		String target = (type == FileType.SYMLINK) ? Files.readSymbolicLink(entry).toString() : null;
		Path name = path.getFileName();
		int mode = (Integer) attributes.get("mode");
		boolean device = (mode & S_IFMT) == S_IFCHR || (mode & S_IFMT) == S_IFBLK;
		return new FileStat((name != null) ? name.toString() : "/", path, type, (Long) attributes.get("size"),
				mode & 07777, ((FileTime) attributes.get("lastModifiedTime")).toInstant(), (Long) attributes.get("ino"),
				target, lossy, device);
	}

	/**
	 * Reads an entry of a directory without following it; a link's target keeps its exact
	 * bytes ({@link Names}).
	 */
	static FileStat read(Dir dir, String name) {
		FileStat stat;
		try {
			stat = read(dir.child(name), dir.path().child(name).path(), dir.lossy() || Names.escaped(name),
					LinkOption.NOFOLLOW_LINKS);
			if (stat.type() != FileType.SYMLINK) {
				return stat;
			}
			return new FileStat(stat.name, stat.path, stat.type, stat.size, stat.mode, stat.mtime, stat.inode,
					Fds.readlink(dir.fd(), name), stat.lossy, false);
		}
		catch (IOException ex) {
			throw dir.refusal(ex, name);
		}
		catch (LastErrorException ex) {
			throw dir.refusal(ex.getErrorCode(), name);
		}
	}

	/**
	 * Refuses a device node: replacing one with a file, or removing it, as root, would
	 * damage the system ({@code /dev/null}). FIFOs and sockets are replaced as
	 * themselves.
	 * @param action what would be done to it, for the message
	 */
	FileStat refuseDevice(String action) {
		if (this.device) {
			throw new FilesException.PathNotAllowed(
					"'" + this.path + "' is a device: the files API never " + action + " a device node");
		}
		return this;
	}

	/** The target to show: bytes that are not UTF-8 as U+FFFD. */
	public @Nullable String shownTarget() {
		return (this.target != null) ? Names.display(this.target) : null;
	}

	/** Whether the link's target has bytes that are not UTF-8. */
	public boolean lossyTarget() {
		return this.target != null && Names.escaped(this.target);
	}

}
