package dev.execd.files;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

import com.sun.jna.LastErrorException;
import org.jspecify.annotations.Nullable;

/**
 * Extracts an archive into a directory as it streams in. Every entry lands inside the
 * target or the extraction stops with {@link FilesException.PathNotAllowed}: absolute
 * names, {@code ..}, and links that point outside the target (or are absolute) are
 * refused, and entries are written through directory descriptors that never follow a
 * link, so a link the archive itself made cannot be used to climb out either. Entries
 * before a refused one stay. The uncompressed total is capped like an upload. Tar names
 * and link targets are made with their exact bytes ({@link Names}), UTF-8 or not.
 */
public final class ArchiveExtractor {

	private final FileRoots roots;

	private final long maxBytes;

	ArchiveExtractor(FileRoots roots, long maxBytes) {
		this.roots = roots;
		this.maxBytes = maxBytes;
	}

	/**
	 * What an extraction made.
	 *
	 * @param files regular files written
	 * @param directories directories made or found
	 * @param links symbolic links made
	 * @param bytes bytes written
	 */
	public record Extracted(int files, int directories, int links, long bytes) {

	}

	/**
	 * Extracts {@code body} into {@code target}, which is created when missing. A body
	 * the decompressor cannot read to its end is {@link FilesException.InvalidRequest};
	 * an error reading the body itself (a cut connection) stays an {@link IOException}.
	 */
	public Extracted extract(FilePath target, InputStream body, ArchiveFormat format) throws IOException {
		WatchedBody watched = new WatchedBody(body);
		Dir parent = target.isRoot() ? null : Dir.parentOf(target, true);
		boolean created = false;
		Extraction run = null;
		try {
			created = parent != null && made(parent, target.leaf());
			try (Dir root = (parent != null) ? parent.open(target.leaf()) : Dir.of(target)) {
				run = new Extraction(this.roots, this.maxBytes, target, root);
				return entries(run, watched, format);
			}
		}
		catch (RuntimeException | IOException ex) {
			if (created && (run == null || run.madeNothing())) {
				removeEmpty(parent, target.leaf());
			}
			throw ex;
		}
		finally {
			if (parent != null) {
				parent.close();
			}
		}
	}

	/**
	 * Removes the directory this request made when nothing was extracted (a body that was
	 * no archive); {@code rmdir} leaves one that holds anything, even an entry someone
	 * else made meanwhile.
	 */
	private static void removeEmpty(@Nullable Dir parent, String name) {
		try {
			if (parent != null) {
				Files.delete(parent.child(name));
			}
		}
		catch (IOException ex) {
			// Not empty, or gone: either way not this request's to remove.
		}
	}

	/** Makes the directory; false when it existed. */
	private static boolean made(Dir parent, String name) {
		try {
			Fds.mkdir(parent.fd(), name, 0777);
			return true;
		}
		catch (LastErrorException ex) {
			if (ex.getErrorCode() != Fds.EEXIST) {
				throw parent.refusal(ex.getErrorCode(), name);
			}
			return false;
		}
	}

	private static Extracted entries(Extraction run, WatchedBody watched, ArchiveFormat format) throws IOException {
		try {
			if (format == ArchiveFormat.ZIP) {
				ZipInputStream zip = new ZipInputStream(zipped(watched));
				for (ZipEntry entry = nextEntry(zip); entry != null; entry = nextEntry(zip)) {
					List<String> names = names(entry.getName());
					if (entry.isDirectory()) {
						run.directory(names, -1);
					}
					else {
						run.file(names, zip, -1);
					}
				}
			}
			else {
				TarReader tar = new TarReader(gunzip(watched));
				for (TarReader.Entry entry = tar.next(); entry != null; entry = tar.next()) {
					List<String> names = names(entry.name());
					if (entry.type() == '5') {
						run.directory(names, entry.mode());
					}
					else if (entry.isFile()) {
						run.file(names, tar.content(), entry.mode());
					}
					else if (entry.type() == '2') {
						run.link(names, entry.link());
					}
					// Hard links, devices and FIFOs are left out.
				}
			}
			return run.finish();
		}
		catch (ZipException | EOFException ex) {
			// The decompressor's (corrupt data, or a body that ended early), unless a
			// read of the body failed: that is the connection's error, not the archive's.
			if (watched.failed) {
				throw ex;
			}
			throw new FilesException.InvalidRequest(
					"the body is not a valid " + ((format == ArchiveFormat.ZIP) ? "zip" : "tar.gz") + " archive");
		}
	}

	private static @Nullable ZipEntry nextEntry(ZipInputStream zip) throws IOException {
		try {
			return zip.getNextEntry();
		}
		catch (ZipException ex) {
			// The JDK's word for a name that is not UTF-8 (older ones threw the one
			// below).
			if (ex.getMessage() != null && ex.getMessage().contains("bad entry name")) {
				throw notUtf8();
			}
			throw ex;
		}
		catch (IllegalArgumentException ex) {
			throw notUtf8();
		}
	}

	/**
	 * An entry name that is not UTF-8: zip has no mark for raw bytes (unmarked names are
	 * CP437 by the format, anything in practice), so a guess would make a name the
	 * archive did not mean.
	 */
	private static FilesException notUtf8() {
		return new FilesException.InvalidRequest(
				"a zip entry name is not UTF-8: send names that are not UTF-8 in a tar.gz archive");
	}

	/**
	 * The body, once its first bytes are a zip's (a local header or an empty archive's
	 * end record): the JDK's zip stream reads anything else as an archive with no entry.
	 */
	private static InputStream zipped(InputStream body) throws IOException {
		BufferedInputStream buffered = new BufferedInputStream(body, 64 * 1024);
		buffered.mark(4);
		byte[] magic = buffered.readNBytes(4);
		buffered.reset();
		if (magic.length < 4 || magic[0] != 'P' || magic[1] != 'K'
				|| !((magic[2] == 3 && magic[3] == 4) || (magic[2] == 5 && magic[3] == 6))) {
			throw new FilesException.InvalidRequest("the body is not a valid zip archive");
		}
		return buffered;
	}

	private static InputStream gunzip(InputStream body) throws IOException {
		return new GZIPInputStream(body, 64 * 1024);
	}

	/** An entry's names below the target; refuses any that would leave it. */
	static List<String> names(String entry) {
		List<String> names = new ArrayList<>();
		if (entry.startsWith("/") || entry.indexOf('\0') >= 0 || entry.contains("\\")) {
			throw outside(entry);
		}
		for (String name : entry.split("/")) {
			if (name.equals("..")) {
				throw outside(entry);
			}
			if (!name.isEmpty() && !name.equals(".")) {
				names.add(name);
			}
		}
		return names;
	}

	static FilesException outside(String entry) {
		return new FilesException.PathNotAllowed(
				"archive entry '" + Names.display(entry) + "' would land outside the target");
	}

}
