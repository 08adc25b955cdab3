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
 * <p>
 * When the file cannot be written (a full disk), the bytes that failed are dropped: they
 * get no offset and are counted in {@link #lostBytes()}, so offsets keep numbering
 * exactly the bytes kept and the file stays the log's prefix. Every later append tries
 * the file again, so the log resumes as soon as there is room.
 */
public final class OutputLog implements AutoCloseable {

	private final Path path;

	private final LogFile file;

	private final long maxLogSize;

	/** Serializes appends so that file positions and offsets agree. */
	private final Object appendLock = new Object();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition changed = this.lock.newCondition();

	/** Guarded by appendLock: bytes handed out, file bytes written. */
	private long appended;

	private long written;

	/** The file takes no more bytes: dropped for the disk budget, or recovered. */
	private boolean fileStopped;

	// Written under lock; the scalars are volatile so that reading one needs no lock.
	private final Window window;

	private volatile long total;

	private volatile long fileBytes;

	private volatile boolean truncated;

	private volatile long lostBytes;

	private volatile long version;

	private final StreamTags tags = new StreamTags();

	private volatile long lastAppendNanos = System.nanoTime();

	private boolean closed;

	public OutputLog(Path path, long maxLogSize, int windowCap) {
		this(path, maxLogSize, windowCap, LogFile.create(path));
	}

	/** With a file already open; tests pass one that fails like a full disk. */
	OutputLog(Path path, long maxLogSize, int windowCap, FileChannel file) {
		this.path = path;
		this.maxLogSize = maxLogSize;
		this.window = new Window(windowCap);
		this.file = new LogFile(file);
	}

	/**
	 * A finished log found on disk after a restart: read-only, nothing in memory.
	 * @param recordedTotal the output total the metadata recorded; the file may hold more
	 * (written after the metadata) or less (the log cap)
	 * @param recordedLost the lost bytes the metadata recorded
	 * @throws IOException also when the path is not a regular file: a symbolic link is
	 * never followed
	 */
	public static OutputLog recovered(Path path, long recordedTotal, long recordedLost) throws IOException {
		FileChannel file = LogFile.openExisting(path);
		OutputLog log = new OutputLog(path, 0, 1, file);
		long size = file.size();
		log.appended = Math.max(size, recordedTotal);
		log.written = size;
		log.fileStopped = true;
		log.lostBytes = recordedLost;
		log.total = log.appended;
		log.window.startAt(log.total);
		log.fileBytes = size;
		log.truncated = size < log.total;
		return log;
	}

	/**
	 * Tells {@code listener} about every failed file write. Set before output arrives.
	 */
	public void onWriteFailure(WriteFailureListener listener) {
		this.file.onFailure(listener);
	}

	/**
	 * Appends bytes the process wrote. Called by output reader threads only.
	 */
	public void append(byte[] b, int off, int len, StreamTag tag) {
		if (len <= 0) {
			return;
		}
		synchronized (this.appendLock) {
			int kept = len;
			long room = this.maxLogSize - this.written;
			if (!this.fileStopped && room > 0 && this.appended == this.written) {
				int toFile = (int) Math.min(len, room);
				int stored = this.file.write(b, off, toFile, this.written);
				this.written += stored;
				if (stored < toFile) {
					// What follows the failure is dropped with it: a later byte with
					// an offset would leave a hole no reader could tell apart.
					kept = stored;
				}
			}
			this.appended += kept;
			publish(b, off, kept, len - kept, tag);
		}
	}

	private void publish(byte[] b, int off, int len, int lost, StreamTag tag) {
		this.lock.lock();
		try {
			this.lostBytes += lost;
			if (len == 0) {
				this.version++;
				this.changed.signalAll();
				return;
			}
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
				int r = this.file.channel.read(buf, offset + buf.position());
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

	/**
	 * Bytes of output dropped because the file could not be written; they have no offset.
	 */
	public long lostBytes() {
		return this.lostBytes;
	}

	/**
	 * Where a stream at {@code offset} can go on: {@code offset} itself when that byte is
	 * still kept, else the oldest later byte that is (the window's start).
	 */
	public long nextAvailable(long offset) {
		this.lock.lock();
		try {
			boolean inFile = !this.closed && offset < this.fileBytes;
			return inFile ? offset : Math.max(offset, this.window.start());
		}
		finally {
			this.lock.unlock();
		}
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
			this.file.channel.close();
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
			this.fileStopped = true;
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
