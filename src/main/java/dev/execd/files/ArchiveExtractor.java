package dev.execd.files;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

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
		Body watched = new Body(body);
		try (Dir root = Dir.walk(target, target.names().size(), true)) {
			Extraction run = new Extraction(this.roots, this.maxBytes, target, root);
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

	/** The request body, remembering whether a read of it failed. */
	private static final class Body extends FilterInputStream {

		private boolean failed;

		Body(InputStream in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			try {
				return super.read();
			}
			catch (IOException ex) {
				this.failed = true;
				throw ex;
			}
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			try {
				return this.in.read(buffer, offset, length);
			}
			catch (IOException ex) {
				this.failed = true;
				throw ex;
			}
		}

		@Override
		public long skip(long count) throws IOException {
			try {
				return super.skip(count);
			}
			catch (IOException ex) {
				this.failed = true;
				throw ex;
			}
		}

	}

	static FilesException outside(String entry) {
		return new FilesException.PathNotAllowed(
				"archive entry '" + Names.display(entry) + "' would land outside the target");
	}

}
