package dev.execd.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The file behind an {@link OutputLog}: only ever a regular file opened without following
 * a symbolic link, and written at given positions up to the log cap. A failed write (a
 * full disk) is reported, and the next write simply tries again. The log's append lock
 * guards the writing side; reads are positional and need no lock. The descriptor is held
 * only while the log is in use ({@link LogChannel}): a write that cannot open the file
 * again (no descriptor left, the file gone) fails the same way.
 */
final class LogFile {

	private static final FileAttribute<?> OWNER_ONLY = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	private final Path path;

	private final LogChannel channel;

	private final long cap;

	// Guarded by the log's append lock: bytes written, whether the file takes more
	// (dropped for the disk budget, or recovered), whether the last write failed.
	private long written;

	private boolean stopped;

	private boolean failing;

	private volatile WriteFailureListener listener = (error, first) -> {
	};

	/**
	 * @param channel the file, just created or opened
	 * @param writable whether the file takes writes (a recovered one does not)
	 */
	LogFile(Path path, FileChannel channel, boolean writable, long cap, IdleChannels idle) {
		this.path = path;
		this.channel = new LogChannel(path, channel, writable, idle);
		this.cap = cap;
	}

	/** A new, empty file; an existing file or link of that name is an error. */
	static FileChannel create(Path path) {
		try {
			return FileChannel.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
					StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), OWNER_ONLY);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A file left by a previous server, read-only; created empty when missing.
	 * @throws IOException also when it is not a regular file (a symbolic link, a FIFO)
	 */
	static FileChannel openExisting(Path path) throws IOException {
		if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
			FileChannel
				.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
						OWNER_ONLY)
				.close();
		}
		if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
			throw new IOException(path + " is not a regular file");
		}
		return FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
	}

	void onFailure(WriteFailureListener listener) {
		this.listener = listener;
	}

	/**
	 * The file takes no more bytes: recovered (read-only, the first {@code size} bytes of
	 * the log), or dropped (zero).
	 */
	void stopAt(long size) {
		this.written = size;
		this.stopped = true;
	}

	/**
	 * Writes the bytes at the end of the file when they fit under the cap and the file is
	 * still the log's whole prefix ({@code appended} bytes so far).
	 * @return how many of the bytes the log keeps: all, unless a write failed, when the
	 * bytes after the failure are dropped with it (a later byte with an offset would
	 * leave a hole no reader could tell apart)
	 */
	int append(byte[] b, int off, int len, long appended) {
		long room = this.cap - this.written;
		if (this.stopped || room <= 0 || appended != this.written) {
			return len;
		}
		int toFile = (int) Math.min(len, room);
		int stored = write(b, off, toFile, this.written);
		this.written += stored;
		return (stored < toFile) ? stored : len;
	}

	long written() {
		return this.written;
	}

	private int write(byte[] b, int off, int len, long pos) {
		ByteBuffer buf = ByteBuffer.wrap(b, off, len);
		try {
			this.channel.writeFully(buf, pos);
			this.failing = false;
		}
		catch (IOException ex) {
			// A full disk stops the log, never the process; the next append retries.
			boolean first = !this.failing;
			this.failing = true;
			this.listener.failed(ex, first);
		}
		return buf.position() - off;
	}

	/**
	 * Reads {@code n} bytes at {@code offset} into {@code out} at {@code off}, fewer at
	 * the end of the file.
	 * @return how many were read
	 * @throws OutputException.ResourcesExhausted when it cannot be opened again for want
	 * of a descriptor, for now
	 * @throws OutputException.OutputUnavailable when the file cannot be read, or opened
	 * again (the file gone or replaced)
	 */
	int read(long offset, byte[] out, int off, int n) {
		ByteBuffer buf = ByteBuffer.wrap(out, off, n);
		try {
			this.channel.readFully(buf, offset);
		}
		catch (IOException ex) {
			throw readFailure(ex, offset);
		}
		return buf.position() - off;
	}

	/**
	 * What a failed read of the log's bytes at {@code offset} tells the reader: a
	 * shortage of descriptors passes, the other failures last.
	 */
	static OutputException readFailure(IOException ex, long offset) {
		return SpareDescriptor.exhausted(ex) ? new OutputException.ResourcesExhausted(offset)
				: new OutputException.OutputUnavailable(offset);
	}

	/** Closes the file for good: it is never opened again. */
	void close() {
		this.channel.close();
	}

	void delete() {
		close();
		try {
			Files.deleteIfExists(this.path);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
