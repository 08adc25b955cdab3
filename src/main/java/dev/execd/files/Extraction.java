package dev.execd.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;

import com.sun.jna.LastErrorException;

/**
 * One extraction's state ({@link ArchiveExtractor}): the target's descriptor, what was
 * made so far, and the modes of directories, applied at the end.
 */
final class Extraction {

	private final FileRoots roots;

	private final long maxBytes;

	private final FilePath target;

	private final Dir root;

	private final List<List<String>> modedDirectories = new ArrayList<>();

	private final List<Integer> modes = new ArrayList<>();

	private int files;

	private int directories;

	private int links;

	private long bytes;

	Extraction(FileRoots roots, long maxBytes, FilePath target, Dir root) {
		this.roots = roots;
		this.maxBytes = maxBytes;
		this.target = target;
		this.root = root;
	}

	void directory(List<String> names, int mode) {
		if (names.isEmpty()) {
			return;
		}
		walk(names, names.size()).close();
		this.directories++;
		if (mode >= 0) {
			// Applied at the end: a read-only directory would refuse its own entries.
			this.modedDirectories.add(names);
			this.modes.add(mode);
		}
	}

	/**
	 * Writes a file entry to a temporary file in its directory, then renames it over the
	 * name: whatever was there (a file, a link, a FIFO; a device is refused) is replaced
	 * as itself, never opened, and an entry cut short (a cut upload, the cap, a malformed
	 * archive) leaves nothing behind.
	 */
	void file(List<String> names, InputStream content, int mode) throws IOException {
		if (names.isEmpty()) {
			throw ArchiveExtractor.outside("");
		}
		String leaf = names.get(names.size() - 1);
		try (Dir parent = walk(names, names.size() - 1)) {
			refuseDevice(parent, leaf);
			String part = PartFiles.name();
			boolean moved = false;
			try {
				try (FileChannel out = create(parent, part, leaf)) {
					byte[] buffer = new byte[256 * 1024];
					for (int n = content.read(buffer); n >= 0; n = content.read(buffer)) {
						this.bytes += n;
						if (this.bytes > this.maxBytes) {
							throw new FilesException.PayloadTooLarge(this.maxBytes);
						}
						Channels.newOutputStream(out).write(buffer, 0, n);
					}
				}
				chmod(parent, part, (mode >= 0) ? mode : 0644);
				rename(parent, part, leaf);
				moved = true;
				this.files++;
			}
			finally {
				if (!moved) {
					PartFiles.discard(parent.child(part));
				}
			}
		}
	}

	/**
	 * A symbolic link, made with the target's exact bytes ({@link Names}); one that is
	 * absolute or climbs above the target, name by name, is refused.
	 */
	void link(List<String> names, String target) {
		String shown = shown(names);
		if (target.indexOf('\0') >= 0) {
			// No file name can hold one: refused like a name that leaves the target.
			throw new FilesException.PathNotAllowed(
					"archive entry '" + shown + "' is a link to a name with a NUL byte");
		}
		if (names.isEmpty() || target.isEmpty() || target.startsWith("/") || !inside(names, target)) {
			throw new FilesException.PathNotAllowed(
					"archive entry '" + shown + "' is a link to '" + Names.display(target) + "', outside the target");
		}
		try (Dir parent = walk(names, names.size() - 1)) {
			Fds.symlink(target, parent.fd(), names.get(names.size() - 1));
			this.links++;
		}
		catch (LastErrorException ex) {
			throw this.root.refusal(ex.getErrorCode(), String.join("/", names));
		}
	}

	/**
	 * Whether a relative target, from the link's directory, stays below the target. Each
	 * {@code ..} must come before any name: after one, it is taken from wherever that
	 * name leads, which a link (this archive's own, say to {@code .}) can put anywhere.
	 */
	private static boolean inside(List<String> names, String target) {
		int depth = names.size() - 1;
		boolean named = false;
		for (String name : target.split("/")) {
			if (name.equals("..")) {
				depth--;
				if (named || depth < 0) {
					return false;
				}
			}
			else if (!name.isEmpty() && !name.equals(".")) {
				named = true;
			}
		}
		return true;
	}

	/** An entry's names for a message: bytes that are not UTF-8 as U+FFFD. */
	static String shown(List<String> names) {
		return Names.display(String.join("/", names));
	}

	/** Whether no entry has been made (or found) yet. */
	boolean madeNothing() {
		return this.files == 0 && this.directories == 0 && this.links == 0;
	}

	ArchiveExtractor.Extracted finish() {
		for (int i = this.modedDirectories.size() - 1; i >= 0; i--) {
			List<String> names = this.modedDirectories.get(i);
			try (Dir parent = walk(names, names.size() - 1)) {
				chmod(parent, names.get(names.size() - 1), this.modes.get(i));
			}
		}
		return new ArchiveExtractor.Extracted(this.files, this.directories, this.links, this.bytes);
	}

	/**
	 * Opens (creating) the first {@code count} names below the target; an entry in
	 * execd's output directory is refused like one outside.
	 */
	private Dir walk(List<String> names, int count) {
		FilePath entry = this.target;
		for (String name : names) {
			entry = entry.child(name);
		}
		if (this.roots.reachesOutput(entry)) {
			throw new FilesException.PathNotAllowed(
					"archive entry '" + shown(names) + "' would land in execd's output directory");
		}
		Dir dir = this.root.open(".");
		try {
			for (int i = 0; i < count; i++) {
				Dir next = dir.openOrCreate(names.get(i));
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

	private static void refuseDevice(Dir parent, String leaf) {
		try {
			FileStat.read(parent, leaf).refuseDevice("replaces");
		}
		catch (FilesException.NotFound ex) {
			// Nothing there yet.
		}
	}

	private static FileChannel create(Dir parent, String part, String leaf) {
		try {
			return FileChannel.open(parent.child(part), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
					LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException ex) {
			throw parent.refusal(ex, leaf);
		}
	}

	/** Through the directory's descriptor, so the errno says what is in the way. */
	private static void rename(Dir parent, String part, String leaf) {
		try {
			Fds.rename(parent.fd(), part, parent.fd(), leaf, 0);
		}
		catch (LastErrorException ex) {
			throw parent.refusal(ex.getErrorCode(), leaf);
		}
	}

	private static void chmod(Dir parent, String leaf, int mode) {
		try {
			Files.getFileAttributeView(parent.child(leaf), PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
				.setPermissions(FileWrites.permissions(mode));
		}
		catch (IOException ex) {
			throw parent.refusal(ex, leaf);
		}
	}

}
