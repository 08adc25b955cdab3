package dev.execd.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipOutputStream;

import org.jspecify.annotations.Nullable;

/**
 * A directory streamed as an archive while it is walked, through directory descriptors
 * that never follow a link ({@link Dir}): nothing is built in memory or on disk first.
 * Links are stored as links (tar) or left out (zip); special files and execd's output
 * directory are left out. Names that are not UTF-8 keep their bytes in tar; zip, whose
 * names are UTF-8 here, shows such bytes as U+FFFD, with {@code ~2}, {@code ~3}... after
 * a name that another entry already has.
 */
public final class ArchiveWriter implements AutoCloseable {

	private static final int BUFFER = 256 * 1024;

	private final FileRoots roots;

	private final Dir dir;

	private final ArchiveFormat format;

	ArchiveWriter(FileRoots roots, FilePath path, ArchiveFormat format) {
		this.roots = roots;
		this.dir = Dir.of(path);
		this.format = format;
	}

	/**
	 * The directory's name, for the archive's file name ({@code archive} for {@code /}).
	 */
	public String name() {
		Path name = this.dir.path().path().getFileName();
		return (name != null) ? name.toString() : "archive";
	}

	/** Writes the whole archive; the caller closes {@code out}. */
	public void writeTo(OutputStream out) throws IOException {
		if (this.format == ArchiveFormat.ZIP) {
			ZipOutputStream zip = new ZipOutputStream(out);
			walk(this.dir, "", new Sink(null, zip), 1);
			zip.finish();
		}
		else {
			GZIPOutputStream gzip = new GZIPOutputStream(out, 64 * 1024);
			TarWriter tar = new TarWriter(gzip);
			walk(this.dir, "", new Sink(tar, null), 1);
			tar.finish();
			gzip.finish();
		}
	}

	private void walk(Dir dir, String prefix, Sink sink, int depth) throws IOException {
		if (depth > FileChanges.MAX_DEPTH) {
			// Refused like a removal this deep; once bytes are sent, the body is cut.
			throw new FilesException.PathNotAllowed("'" + dir.path() + "' is more than " + FileChanges.MAX_DEPTH
					+ " levels deep: download it in parts");
		}
		List<String> names = dir.names();
		// Names that are not UTF-8 last: in zip they then never take an exact name's
		// place.
		names.sort(Comparator.comparing(Names::escaped));
		for (String name : names) {
			if (this.roots.reachesOutput(dir, name)) {
				continue;
			}
			FileStat stat;
			try {
				stat = FileStat.read(dir, name);
			}
			catch (FilesException ex) {
				continue;
			}
			String entry = prefix + name;
			long mtime = stat.mtime().getEpochSecond();
			switch (stat.type()) {
				case DIR -> {
					String stored = sink.directory(entry + "/", stat.mode(), mtime);
					Dir sub = openOrNull(dir, name);
					if (sub != null) {
						// A refusal below (too deep) is not caught: it ends the archive.
						try (sub) {
							walk(sub, stored, sink, depth + 1);
						}
					}
				}
				case FILE -> {
					try (OpenFile file = OpenFile.open(dir, name)) {
						sink.file(entry, file, mtime);
					}
					catch (FilesException ex) {
						// Replaced or removed while walking: left out.
					}
				}
				case SYMLINK -> sink.link(entry, stat.target(), mtime);
				case OTHER -> {
				}
			}
		}
	}

	/** A subdirectory, or null when it was replaced while walking (stored empty). */
	private static @Nullable Dir openOrNull(Dir dir, String name) {
		try {
			return dir.open(name);
		}
		catch (FilesException ex) {
			return null;
		}
	}

	@Override
	public void close() {
		this.dir.close();
	}

	/** Where entries go: a tar or a zip stream. */
	private record Sink(@Nullable TarWriter tar, @Nullable ZipOutputStream zip) {

		/** Stores a directory; returns the name it is stored as. */
		String directory(String name, int mode, long mtime) throws IOException {
			if (this.tar != null) {
				this.tar.header(name, '5', mode, 0, mtime, "");
				return name;
			}
			String stored = putNextEntry(name, mtime);
			this.zip.closeEntry();
			return stored;
		}

		void file(String name, OpenFile file, long mtime) throws IOException {
			// The size of the open file: what the header promises is what is sent.
			long size = file.stat().size();
			OutputStream out;
			if (this.tar != null) {
				this.tar.header(name, '0', file.stat().mode(), size, mtime, "");
				out = this.tar.stream();
			}
			else {
				putNextEntry(name, mtime);
				out = this.zip;
			}
			ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
			long position = 0;
			while (position < size) {
				buffer.clear().limit((int) Math.min(BUFFER, size - position));
				int n = file.channel().read(buffer, position);
				if (n < 0) {
					// Truncated meanwhile: zeros keep the header's promise.
					n = buffer.limit();
					Arrays.fill(buffer.array(), 0, n, (byte) 0);
				}
				out.write(buffer.array(), 0, n);
				position += n;
			}
			if (this.tar != null) {
				this.tar.pad(size);
			}
			else {
				this.zip.closeEntry();
			}
		}

		void link(String name, String target, long mtime) throws IOException {
			if (this.tar != null) {
				this.tar.header(name, '2', 0777, 0, mtime, target);
			}
		}

		/**
		 * A zip entry under its name as UTF-8; a lossy one that another entry has already
		 * gets a number after its last name rather than ending the archive.
		 */
		private String putNextEntry(String name, long mtime) throws IOException {
			String shown = Names.display(name);
			for (int n = 1;; n++) {
				String stored = (n == 1) ? shown : numbered(shown, n);
				ZipEntry entry = new ZipEntry(stored);
				entry.setTime(mtime * 1000);
				try {
					this.zip.putNextEntry(entry);
					return stored;
				}
				catch (ZipException ex) {
					// Only a duplicate name is refused before anything is written.
					if (shown.equals(name) || !ex.getMessage().startsWith("duplicate entry")) {
						throw ex;
					}
				}
			}
		}

		private static String numbered(String name, int n) {
			boolean directory = name.endsWith("/");
			String bare = directory ? name.substring(0, name.length() - 1) : name;
			return bare + "~" + n + (directory ? "/" : "");
		}

	}

}
