package dev.execd.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.ReadableByteChannel;
import java.util.regex.Pattern;

import dev.execd.config.ExecdProperties;
import dev.execd.files.ArchiveExtractor;
import dev.execd.files.ArchiveFormat;
import dev.execd.files.ArchiveWriter;
import dev.execd.files.FilePath;
import dev.execd.files.FilesException;
import dev.execd.files.FileChanges;
import dev.execd.files.FileReads;
import dev.execd.files.FileRoots;
import dev.execd.files.FileWrites;
import dev.execd.files.OpenFile;
import dev.execd.files.TextReader;
import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The files use cases: every path is resolved for the caller's tenant ({@link FileRoots})
 * and every parameter checked before anything is touched.
 */
@Component
public class FileService {

	/** Levels {@code GET /files/list} descends at most. */
	public static final int MAX_DEPTH = 16;

	/** Entries one listing returns at most. */
	public static final int MAX_ENTRIES = 10_000;

	/** Lines one text page returns at most. */
	public static final int MAX_LINES = 100_000;

	private static final Pattern MODE = Pattern.compile("0?[0-7]{3}");

	private final FileRoots roots;

	private final FileReads reads;

	private final FileWrites writes;

	private final FileChanges changes;

	private final ArchiveExtractor extractor;

	private final long maxUpload;

	FileService(FileRoots roots, FileReads reads, FileWrites writes, FileChanges changes, ArchiveExtractor extractor,
			ExecdProperties properties) {
		this.roots = roots;
		this.reads = reads;
		this.writes = writes;
		this.changes = changes;
		this.extractor = extractor;
		this.maxUpload = properties.files().maxUploadSize().toBytes();
	}

	public FileInfo stat(Scope scope, @Nullable String path) {
		return FileInfo.of(this.reads.stat(locate(scope, path)));
	}

	/** A regular file open for reading; the caller closes it. */
	public OpenFile open(Scope scope, @Nullable String path) {
		return this.reads.open(locate(scope, path));
	}

	/**
	 * A window of a file's lines.
	 * @param offsetLines the first line, from 0
	 * @param offsetChars the characters of the first line to leave out, from 0: where a
	 * page cut inside a line resumes
	 * @param maxLines how many lines, 1 to {@link #MAX_LINES}; default 2000
	 */
	public FileText text(Scope scope, @Nullable String path, @Nullable Long offsetLines, @Nullable Long offsetChars,
			@Nullable Long maxLines) throws IOException {
		long offset = Inputs.nonNegative(offsetLines, 0, "offset_lines");
		long skip = Inputs.nonNegative(offsetChars, 0, "offset_chars");
		int max = (int) Inputs.inRange(maxLines, 2000, 1, MAX_LINES, "max_lines");
		try (OpenFile file = this.reads.open(locate(scope, path))) {
			TextReader.TextPage page = TextReader.read(file, offset, skip, max);
			TextReader.Position next = page.next();
			return new FileText(page.text(), page.totalLines(), next != null, (next != null) ? next.line() : null,
					(next != null) ? next.character() : null);
		}
	}

	/**
	 * Writes a file atomically from a stream.
	 * @param length the declared length, or -1
	 * @param mode octal permission bits ({@code 644}, {@code 0755}), none above 0777
	 */
	public FileWrites.Written write(Scope scope, @Nullable String path, ReadableByteChannel body, long length,
			@Nullable Boolean mkdirs, @Nullable String mode, @Nullable String ifMatch, @Nullable String ifNoneMatch)
			throws IOException {
		if (mode != null && !MODE.matcher(mode).matches()) {
			throw ApiException.invalid("mode must be octal permission bits from 000 to 0777, such as 644 or 0755");
		}
		FilePath located = locate(scope, path);
		return this.writes.write(located, body, length, Inputs.flag(mkdirs),
				(mode != null) ? Integer.parseInt(mode, 8) : null, ifMatch, ifNoneMatch);
	}

	/**
	 * A directory's entries.
	 * @param depth levels, 1 (default) to {@link #MAX_DEPTH}
	 * @param maxEntries 1 to {@link #MAX_ENTRIES}; default 1000
	 */
	public FileListing list(Scope scope, @Nullable String path, @Nullable Long depth, @Nullable Long maxEntries) {
		int levels = (int) Inputs.inRange(depth, 1, 1, MAX_DEPTH, "depth");
		int max = (int) Inputs.inRange(maxEntries, 1000, 1, MAX_ENTRIES, "max_entries");
		var listing = this.reads.list(locate(scope, path), levels, max);
		return new FileListing(FileInfo.of(listing.directory()), listing.entries().stream().map(FileInfo::of).toList(),
				listing.truncated());
	}

	public void delete(Scope scope, @Nullable String path, @Nullable Boolean recursive) {
		this.changes.delete(locate(scope, path), Inputs.flag(recursive));
	}

	public FileInfo move(Scope scope, FileMove move) {
		FilePath from = locate(scope, required(move.from(), "from"));
		FilePath to = locate(scope, required(move.to(), "to"));
		return FileInfo.of(this.changes.move(from, to, Inputs.flag(move.overwrite())));
	}

	/**
	 * Creates a directory.
	 * @return the directory, and whether it was created (false: it existed, with
	 * {@code parents})
	 */
	public Made mkdir(Scope scope, FileMkdir mkdir) {
		FilePath path = locate(scope, required(mkdir.path(), "path"));
		boolean created = this.changes.mkdir(path, Inputs.flag(mkdir.parents()));
		return new Made(created, FileInfo.of(this.reads.stat(path)));
	}

	/**
	 * A directory open for streaming as an archive; the caller closes it.
	 * @param format {@code tar.gz} (default) or {@code zip}
	 */
	public ArchiveWriter archive(Scope scope, @Nullable String path, @Nullable String format) {
		ArchiveFormat parsed = format(format);
		return this.reads.archive(locate(scope, path), parsed);
	}

	/**
	 * Extracts an archive into a directory, made when missing.
	 * @param length the declared length, or -1
	 */
	public ExtractedArchive extract(Scope scope, @Nullable String path, InputStream body, long length,
			@Nullable String format) throws IOException {
		ArchiveFormat parsed = format(format);
		if (length > this.maxUpload) {
			throw new FilesException.PayloadTooLarge(this.maxUpload);
		}
		ArchiveExtractor.Extracted done = this.extractor.extract(locate(scope, path), body, parsed);
		return new ExtractedArchive(done.files(), done.directories(), done.links(), done.bytes());
	}

	/** {@code execd.files.max-upload-size} in bytes: the cap on each uploaded file. */
	public long maxUpload() {
		return this.maxUpload;
	}

	private static ArchiveFormat format(@Nullable String format) {
		if (format == null || format.equals("tar.gz")) {
			return ArchiveFormat.TAR_GZ;
		}
		if (format.equals("zip")) {
			return ArchiveFormat.ZIP;
		}
		throw ApiException.invalid("format must be tar.gz or zip");
	}

	private FilePath locate(Scope scope, @Nullable String path) {
		return this.roots.locate(scope.tenant(), path);
	}

	private static String required(@Nullable String value, String field) {
		if (value == null || value.isEmpty()) {
			throw ApiException.invalid(field + " is required");
		}
		return value;
	}

	/**
	 * A directory made or found.
	 *
	 * @param created whether it was created
	 * @param directory the directory
	 */
	public record Made(boolean created, FileInfo directory) {

	}

}
