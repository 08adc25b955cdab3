package dev.execd.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.jspecify.annotations.Nullable;

/**
 * A directory streamed as an archive while it is walked, through directory descriptors
 * that never follow a link ({@link Dir}): nothing is built in memory or on disk first.
 * Links are stored as links (tar) or left out (zip); special files and execd's output
 * directory are left out.
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
		List<String> names = new ArrayList<>();
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir.proc())) {
			stream.forEach((entry) -> names.add(entry.getFileName().toString()));
		}
		names.sort(null);
		for (String name : names) {
			if (this.roots.reachesOutput(dir.path().child(name))) {
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
					sink.directory(entry + "/", stat.mode(), mtime);
					Dir sub = openOrNull(dir, name);
					if (sub != null) {
						// A refusal below (too deep) is not caught: it ends the archive.
						try (sub) {
							walk(sub, entry + "/", sink, depth + 1);
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

		void directory(String name, int mode, long mtime) throws IOException {
			if (this.tar != null) {
				this.tar.header(name, '5', mode, 0, mtime, "");
			}
			else {
				this.zip.putNextEntry(entry(name, mtime));
				this.zip.closeEntry();
			}
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
				this.zip.putNextEntry(entry(name, mtime));
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

		private static ZipEntry entry(String name, long mtime) {
			ZipEntry entry = new ZipEntry(name);
			entry.setTime(mtime * 1000);
			return entry;
		}

	}

}
