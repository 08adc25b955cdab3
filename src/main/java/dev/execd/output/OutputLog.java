package dev.execd.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One session's output: every byte gets an absolute offset and goes to a log file (up to
 * a cap) and to a bounded in-memory window of the most recent bytes. Offsets are the only
 * cursor; readers keep their own, nothing is queued per reader.
 * <p>
 * A version number counts every change (appends and {@link #notifyChanged()} events), so
 * a waiter that compares versions never misses a wake-up.
 */
public final class OutputLog implements AutoCloseable {

	private static final FileAttribute<?> OWNER_ONLY = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	private final Path path;

	private final FileChannel file;

	private final long maxLogSize;

	/** Serializes appends so that file positions and offsets agree. */
	private final Object appendLock = new Object();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition changed = this.lock.newCondition();

	/** Guarded by appendLock: bytes handed out, file bytes written. */
	private long appended;

	private long written;

	private boolean fileFailed;

	// Written under lock; the scalars are volatile so that reading one needs no lock.
	private final Window window;

	private volatile long total;

	private volatile long fileBytes;

	private volatile boolean truncated;

	private volatile long version;

	private final StreamTags tags = new StreamTags();

	private volatile long lastAppendNanos = System.nanoTime();

	private boolean closed;

	public OutputLog(Path path, long maxLogSize, int windowCap) {
		this(path, maxLogSize, windowCap,
				open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)));
	}

	private OutputLog(Path path, long maxLogSize, int windowCap, FileChannel file) {
		this.path = path;
		this.maxLogSize = maxLogSize;
		this.window = new Window(windowCap);
		this.file = file;
	}

	/**
	 * A finished log found on disk after a restart: read-only, nothing in memory.
	 * @param recordedTotal the output total the metadata recorded; the file may hold more
	 * (written after the metadata) or less (the log cap)
	 */
	public static OutputLog recovered(Path path, long recordedTotal) throws IOException {
		if (!Files.exists(path)) {
			Files.createFile(path, OWNER_ONLY);
		}
		FileChannel file = FileChannel.open(path, StandardOpenOption.READ);
		OutputLog log = new OutputLog(path, 0, 1, file);
		long size = file.size();
		log.appended = Math.max(size, recordedTotal);
		log.written = size;
		log.fileFailed = true;
		log.total = log.appended;
		log.window.startAt(log.total);
		log.fileBytes = size;
		log.truncated = size < log.total;
		return log;
	}

	private static FileChannel open(Path path, Set<StandardOpenOption> options) {
		try {
			return FileChannel.open(path, options, OWNER_ONLY);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Appends bytes the process wrote. Called by output reader threads only.
	 */
	public void append(byte[] b, int off, int len, StreamTag tag) {
		if (len <= 0) {
			return;
		}
		synchronized (this.appendLock) {
			long pos = this.appended;
			this.appended += len;
			long room = this.maxLogSize - this.written;
			if (!this.fileFailed && room > 0 && pos == this.written) {
				writeFile(b, off, (int) Math.min(len, room), pos);
			}
			publish(b, off, len, tag);
		}
	}

	private void writeFile(byte[] b, int off, int len, long pos) {
		ByteBuffer buf = ByteBuffer.wrap(b, off, len);
		try {
			while (buf.hasRemaining()) {
				this.file.write(buf, pos + buf.position() - off);
			}
		}
		catch (IOException ex) {
			// A full disk or a removed file stops the log, never the process: the
			// window still serves recent bytes and log_truncated tells the client.
			this.fileFailed = true;
		}
		this.written += buf.position() - off;
	}

	private void publish(byte[] b, int off, int len, StreamTag tag) {
		this.lock.lock();
		try {
			this.tags.mark(this.total, tag);
			this.window.append(b, off, len);
			this.total += len;
			this.fileBytes = this.written;
			this.truncated = this.written < this.total;
			this.lastAppendNanos = System.nanoTime();
			this.version++;
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Reads up to {@code max} bytes at {@code offset}; fewer when the range spans bytes
	 * that are neither in the file nor in the window. Reading at the end gives none.
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 */
	public byte[] read(long offset, int max) {
		long fileLimit;
		this.lock.lock();
		try {
			if (offset > this.total) {
				throw new OutputException.OffsetOutOfRange(offset, this.total);
			}
			int n = (int) Math.min(max, this.total - offset);
			if (offset >= this.window.start()) {
				return this.window.copy(offset, n);
			}
			if (this.closed || offset >= this.fileBytes) {
				throw new OutputException.OutputUnavailable(offset);
			}
			fileLimit = Math.min(offset + n, this.fileBytes);
		}
		finally {
			this.lock.unlock();
		}
		// Positional file reads need no lock: these bytes were written before they
		// were published.
		return readFile(offset, (int) (fileLimit - offset));
	}

	private byte[] readFile(long offset, int n) {
		ByteBuffer buf = ByteBuffer.allocate(n);
		try {
			while (buf.hasRemaining()) {
				int r = this.file.read(buf, offset + buf.position());
				if (r < 0) {
					break;
				}
			}
		}
		catch (IOException ex) {
			throw new OutputException.OutputUnavailable(offset);
		}
		return (buf.position() == n) ? buf.array() : Arrays.copyOf(buf.array(), buf.position());
	}

	/**
	 * The stream the byte at {@code offset} came from, and where that stream's run ends.
	 */
	public StreamRun runAt(long offset) {
		this.lock.lock();
		try {
			return this.tags.runAt(offset);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * A run of bytes from one stream.
	 *
	 * @param tag the stream
	 * @param end the offset where the run ends (exclusive)
	 */
	public record StreamRun(StreamTag tag, long end) {

	}

	/**
	 * The oldest offset still readable.
	 */
	public long firstAvailable() {
		this.lock.lock();
		try {
			return (this.fileBytes > 0 && !this.closed) ? 0 : this.window.start();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Whether every byte of {@code [from, to)} is still kept, in the file or the window.
	 */
	public boolean isAvailable(long from, long to) {
		this.lock.lock();
		try {
			long windowStart = this.window.start();
			long fileEnd = this.closed ? 0 : this.fileBytes;
			return from >= windowStart || to <= fileEnd || fileEnd >= windowStart;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Bytes kept in the file: the total, unless the log cap stopped the file. */
	public long fileBytes() {
		return this.fileBytes;
	}

	public long total() {
		return this.total;
	}

	public boolean truncated() {
		return this.truncated;
	}

	public long version() {
		return this.version;
	}

	public long lastAppendNanos() {
		return this.lastAppendNanos;
	}

	/**
	 * Wakes every waiter: something other than output changed (an exit, a stream EOF).
	 */
	public void notifyChanged() {
		this.lock.lock();
		try {
			this.version++;
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Waits until the version differs from {@code seen} or the deadline passes.
	 * @return the current version
	 */
	public long awaitChange(long seen, long deadlineNanos) throws InterruptedException {
		this.lock.lock();
		try {
			while (this.version == seen) {
				long left = deadlineNanos - System.nanoTime();
				if (left <= 0) {
					break;
				}
				this.changed.awaitNanos(Math.min(left, TimeUnit.SECONDS.toNanos(1)));
			}
			return this.version;
		}
		finally {
			this.lock.unlock();
		}
	}

	public Path path() {
		return this.path;
	}

	/**
	 * Closes the file; recent bytes stay readable from the window.
	 */
	@Override
	public void close() {
		this.lock.lock();
		try {
			this.closed = true;
			this.version++;
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
		try {
			this.file.close();
		}
		catch (IOException ex) {
			// Nothing left to flush: writes go straight to the channel.
		}
	}

	/**
	 * Deletes the file to free disk space; recent bytes stay readable from the window and
	 * the log counts as truncated.
	 */
	public void dropFile() {
		synchronized (this.appendLock) {
			delete();
			this.written = 0;
			this.fileFailed = true;
			this.lock.lock();
			try {
				this.fileBytes = 0;
				this.truncated = true;
			}
			finally {
				this.lock.unlock();
			}
		}
	}

	/**
	 * Closes and deletes the log file.
	 */
	public void delete() {
		close();
		try {
			Files.deleteIfExists(this.path);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
