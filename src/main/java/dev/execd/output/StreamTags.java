package dev.execd.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Which stream each byte of a log came from, kept as the offsets where the stream changes
 * rather than as a second copy of the data, for the log's whole life: each change is one
 * packed long ({@code offset << 2 | tag}, 8 bytes). The newest {@link #MAX_CHANGES} stay
 * in memory (at most 512 KiB); past that the oldest half is appended to an index file
 * beside the log ({@code <id>.streams}), which lookups of older offsets binary-search
 * with positional reads. Only when that file cannot be written are old changes forgotten
 * (bytes before the first kept change then report its tag). Like the log, the index holds
 * its descriptor only while in use ({@link LogChannel}). Not thread-safe; the log guards
 * it.
 */
final class StreamTags {

	static final int MAX_CHANGES = 65536;

	private final @Nullable Path path;

	private final IdleChannels idle;

	private @Nullable LogChannel file;

	/** Changes in the file: they precede every change in memory. */
	private long spilled;

	private boolean broken;

	private long[] packed = new long[8];

	private int count;

	/**
	 * @param path the index file, created when first needed; null keeps memory only
	 */
	StreamTags(@Nullable Path path, IdleChannels idle) {
		this.path = path;
		this.idle = idle;
	}

	/** The index of a finished log found on disk, read-only; empty when missing. */
	static StreamTags recovered(Path path, IdleChannels idle) {
		StreamTags tags = new StreamTags(path, idle);
		// Read-only: a finished log takes no more changes, and the file is complete.
		tags.broken = true;
		try {
			if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
				FileChannel open = FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
				tags.file = new LogChannel(path, open, false, idle);
				tags.spilled = open.size() / Long.BYTES;
			}
		}
		catch (IOException ex) {
			// Unreadable: every byte reports stdout, as before the index existed.
		}
		return tags;
	}

	/** The index file of a log: {@code x.log} gives {@code x.streams}. */
	static Path pathOf(Path log) {
		String name = log.getFileName().toString();
		String base = name.endsWith(".log") ? name.substring(0, name.length() - 4) : name;
		return log.resolveSibling(base + ".streams");
	}

	/** Records that bytes from {@code offset} on come from {@code tag}. */
	void mark(long offset, StreamTag tag) {
		if (this.count > 0 && tagOf(this.packed[this.count - 1]) == tag.ordinal()) {
			return;
		}
		if (this.count == MAX_CHANGES) {
			int spill = this.count / 2;
			if (!spill(spill)) {
				this.broken = true;
			}
			System.arraycopy(this.packed, spill, this.packed, 0, this.count - spill);
			this.count -= spill;
		}
		if (this.count == this.packed.length) {
			this.packed = Arrays.copyOf(this.packed, this.count * 2);
		}
		this.packed[this.count++] = (offset << 2) | tag.ordinal();
	}

	/** The run of one stream that contains {@code offset}. */
	StreamRun runAt(long offset) {
		long size = this.spilled + this.count;
		if (size == 0 || (this.count == 0 && this.file == null)) {
			return new StreamRun(StreamTag.STDOUT, Long.MAX_VALUE);
		}
		long first = (this.count > 0 && (this.broken || this.file == null)) ? this.spilled : 0;
		long lo = first;
		long hi = size - 1;
		// The last change at or before offset; the first kept one when none is.
		while (lo < hi) {
			long mid = (lo + hi + 1) >>> 1;
			if (offsetOf(entry(mid)) <= offset) {
				lo = mid;
			}
			else {
				hi = mid - 1;
			}
		}
		long end = (lo + 1 < size) ? offsetOf(entry(lo + 1)) : Long.MAX_VALUE;
		return new StreamRun(StreamTag.values()[tagOf(entry(lo))], end);
	}

	/** Writes what memory holds to the file, so a restarted server still knows it. */
	void close() {
		if (this.path != null && !this.broken && (this.spilled > 0 || this.count > 1)) {
			write(this.count);
		}
		closeFile();
	}

	/** Closes and deletes the index file. */
	void delete() {
		closeFile();
		if (this.path != null) {
			try {
				Files.deleteIfExists(this.path);
			}
			catch (IOException ex) {
				// Left behind; the session's files are deleted again by id.
			}
		}
	}

	private void closeFile() {
		if (this.file != null) {
			this.file.close();
			this.file = null;
			// Only memory is searched from now on.
			this.broken = true;
		}
	}

	private boolean spill(int n) {
		if (this.broken || this.path == null || !write(n)) {
			return false;
		}
		this.spilled += n;
		return true;
	}

	/** Appends the oldest {@code n} changes in memory to the file. */
	private boolean write(int n) {
		try {
			if (this.file == null) {
				this.file = new LogChannel(this.path,
						FileChannel.open(this.path,
								Set.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
										StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
								PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
						true, this.idle);
			}
			ByteBuffer buf = ByteBuffer.allocate(n * Long.BYTES);
			buf.asLongBuffer().put(this.packed, 0, n);
			this.file.writeFully(buf, this.spilled * Long.BYTES);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private long entry(long i) {
		if (i >= this.spilled) {
			return this.packed[(int) (i - this.spilled)];
		}
		ByteBuffer buf = ByteBuffer.allocate(Long.BYTES);
		try {
			// Positional reads of a file only ever appended to.
			this.file.readFully(buf, i * Long.BYTES);
		}
		catch (IOException ex) {
			throw LogFile.readFailure(ex, offsetOf(this.packed[0]));
		}
		return buf.getLong(0);
	}

	private static long offsetOf(long packed) {
		return packed >>> 2;
	}

	private static int tagOf(long packed) {
		return (int) (packed & 3);
	}

}
