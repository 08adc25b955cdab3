package dev.execd.files;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

/**
 * Extracts an archive into a directory as it streams in. Every entry lands inside the
 * target or the extraction stops with {@link FilesException.PathNotAllowed}: absolute
 * names, {@code ..}, and links that point outside the target (or are absolute) are
 * refused, and entries are written through directory descriptors that never follow a
 * link, so a link the archive itself made cannot be used to climb out either. Entries
 * before a refused one stay. The uncompressed total is capped like an upload.
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

	/** Extracts {@code body} into {@code target}, which is created when missing. */
	public Extracted extract(FilePath target, InputStream body, ArchiveFormat format) throws IOException {
		try (Dir root = Dir.walk(target, target.names().size(), true)) {
			Extraction run = new Extraction(this.roots, this.maxBytes, target, root);
			if (format == ArchiveFormat.ZIP) {
				ZipInputStream zip = new ZipInputStream(zipped(body));
				try {
					for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
						List<String> names = names(entry.getName());
						if (entry.isDirectory()) {
							run.directory(names, -1);
						}
						else {
							run.file(names, zip, -1);
						}
					}
				}
				catch (ZipException ex) {
					throw new FilesException.InvalidRequest("the body is not a valid zip archive");
				}
			}
			else {
				TarReader tar = new TarReader(gunzip(body));
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
		try {
			return new GZIPInputStream(body, 64 * 1024);
		}
		catch (ZipException | EOFException ex) {
			throw new FilesException.InvalidRequest("the body is not a valid tar.gz archive");
		}
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
		return new FilesException.PathNotAllowed("archive entry '" + entry + "' would land outside the target");
	}

}
