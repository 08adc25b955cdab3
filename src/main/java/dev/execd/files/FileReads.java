package dev.execd.files;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading files and directories: attributes, an open file, a bounded listing.
 */
public final class FileReads {

	private final FileRoots roots;

	FileReads(FileRoots roots) {
		this.roots = roots;
	}

	/** The attributes of a path, not following a link at its end. */
	public FileStat stat(FilePath path) {
		if (path.isRoot()) {
			try (Dir dir = Dir.of(path)) {
				return FileStat.read(dir.proc(), path.path(), false);
			}
			catch (IOException ex) {
				throw new FilesException.NotFound(path.toString());
			}
		}
		try (Dir parent = Dir.parentOf(path, false)) {
			return FileStat.read(parent, path.leaf());
		}
	}

	/**
	 * Opens a regular file. The file is opened once, without following a link, and its
	 * attributes are read through that descriptor, so they belong to the bytes read.
	 * @throws FilesException.IsADirectory for a directory
	 * @throws FilesException.PathNotAllowed for a link or anything but a regular file
	 */
	public OpenFile open(FilePath path) {
		if (path.isRoot()) {
			throw new FilesException.IsADirectory("'" + path + "' is a directory: list it with GET /files/list");
		}
		try (Dir parent = Dir.parentOf(path, false)) {
			return OpenFile.open(parent, path.leaf());
		}
	}

	/**
	 * A directory, open for streaming as an archive; the caller closes it.
	 * @throws FilesException.NotADirectory when it is not a directory
	 */
	public ArchiveWriter archive(FilePath path, ArchiveFormat format) {
		return new ArchiveWriter(this.roots, path, format);
	}

	/**
	 * Lists a directory, breadth of each level sorted by name, down to {@code depth}
	 * levels (1: its entries only), at most {@code maxEntries} entries. Links are listed,
	 * never entered; the output directory is left out.
	 */
	public Listing list(FilePath path, int depth, int maxEntries) {
		List<FileStat> entries = new ArrayList<>();
		try (Dir dir = Dir.of(path)) {
			boolean complete = collect(dir, depth, maxEntries, entries);
			return new Listing(stat(path), entries, !complete);
		}
	}

	/** Adds the entries of a directory; false when {@code max} cut the listing short. */
	private boolean collect(Dir dir, int depth, int max, List<FileStat> entries) {
		for (String name : dir.names()) {
			if (this.roots.reachesOutput(dir, name)) {
				continue;
			}
			if (entries.size() >= max) {
				return false;
			}
			FileStat stat;
			try {
				stat = FileStat.read(dir, name);
			}
			catch (FilesException.NotFound ex) {
				// Removed while listing.
				continue;
			}
			entries.add(stat);
			if (stat.type() == FileType.DIR && depth > 1) {
				try (Dir sub = dir.open(name)) {
					if (!collect(sub, depth - 1, max, entries)) {
						return false;
					}
				}
				catch (FilesException ex) {
					// Replaced or made unreadable while listing: listed, not entered.
				}
			}
		}
		return true;
	}

	/**
	 * A directory's entries.
	 *
	 * @param directory the directory listed
	 * @param entries its entries, and theirs down to the depth asked
	 * @param truncated whether entries were left out to stay within the maximum
	 */
	public record Listing(FileStat directory, List<FileStat> entries, boolean truncated) {

	}

}
