package dev.execd.output;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * What readers of an {@link OutputLog} see, behind one lock: the total, the memory window
 * of recent bytes, which stream each byte came from, how much of the log the file holds,
 * and a version number that counts every change, so a waiter that compares versions never
 * misses a wake-up. File reads happen after the lock is released.
 */
final class PublishedLog {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition changed = this.lock.newCondition();

	// Written under lock; the scalars are volatile so that reading one needs no lock.
	private final Window window;

	private StreamTags tags;

	private volatile long total;

	private volatile long fileBytes;

	private volatile boolean truncated;

	private volatile long lostBytes;

	private volatile long version;

	private volatile long lastAppendNanos = System.nanoTime();

	private boolean closed;

	PublishedLog(int windowCap, StreamTags tags) {
		this.window = new Window(windowCap);
		this.tags = tags;
	}

	/** A log after a restart: {@code fileBytes} of it on disk, none in memory. */
	void recovered(long total, long fileBytes, long lost, StreamTags tags) {
		this.tags = tags;
		this.lostBytes = lost;
		this.total = total;
		this.window.startAt(total);
		this.fileBytes = fileBytes;
		this.truncated = fileBytes < total;
	}

	/**
	 * Publishes {@code len} appended bytes; {@code lost} more were dropped.
	 * @param fileBytes how many bytes of the log the file now holds
	 */
	void publish(byte[] b, int off, int len, int lost, StreamTag tag, long fileBytes) {
		this.lock.lock();
		try {
			this.lostBytes += lost;
			if (len > 0) {
				this.tags.mark(this.total, tag);
				this.window.append(b, off, len);
				this.total += len;
				this.fileBytes = fileBytes;
				this.truncated = fileBytes < this.total;
				this.lastAppendNanos = System.nanoTime();
			}
			changed();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** See {@link OutputLog#read}; bytes out of the window come from the file. */
	byte[] read(long offset, int max, LogFile file) {
		byte[] out = new byte[(int) Math.max(0, Math.min(max, this.total - offset))];
		int n = read(offset, out, 0, out.length, file);
		return (n == out.length) ? out : Arrays.copyOf(out, n);
	}

	/** See {@link OutputLog#read(long, byte[], int, int)}. */
	int read(long offset, byte[] out, int off, int max, LogFile file) {
		long fileLimit;
		this.lock.lock();
		try {
			if (offset > this.total) {
				throw new OutputException.OffsetOutOfRange(offset, this.total);
			}
			int n = (int) Math.min(max, this.total - offset);
			if (offset >= this.window.start()) {
				this.window.copy(offset, out, off, n);
				return n;
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
		return file.read(offset, out, off, (int) (fileLimit - offset));
	}

	StreamRun runAt(long offset) {
		this.lock.lock();
		try {
			return this.tags.runAt(offset);
		}
		finally {
			this.lock.unlock();
		}
	}

	long firstAvailable() {
		this.lock.lock();
		try {
			return (this.fileBytes > 0 && !this.closed) ? 0 : this.window.start();
		}
		finally {
			this.lock.unlock();
		}
	}

	LogScan.@Nullable Span gap(long from, long to) {
		this.lock.lock();
		try {
			long gapFrom = Math.max(from, this.closed ? 0 : this.fileBytes);
			long gapTo = Math.min(to, this.window.start());
			return (gapFrom < gapTo) ? new LogScan.Span(gapFrom, gapTo) : null;
		}
		finally {
			this.lock.unlock();
		}
	}

	long nextAvailable(long offset) {
		this.lock.lock();
		try {
			boolean inFile = !this.closed && offset < this.fileBytes;
			return inFile ? offset : Math.max(offset, this.window.start());
		}
		finally {
			this.lock.unlock();
		}
	}

	long fileBytes() {
		return this.fileBytes;
	}

	long total() {
		return this.total;
	}

	boolean truncated() {
		return this.truncated;
	}

	long lostBytes() {
		return this.lostBytes;
	}

	long version() {
		return this.version;
	}

	long lastAppendNanos() {
		return this.lastAppendNanos;
	}

	/** Counts a change that is not output (an exit, an EOF); wakes every waiter. */
	void notifyChanged() {
		this.lock.lock();
		try {
			changed();
		}
		finally {
			this.lock.unlock();
		}
	}

	long awaitChange(long seen, long deadlineNanos) throws InterruptedException {
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

	/** The file is closed: only the window stays readable. */
	void closed() {
		this.lock.lock();
		try {
			this.closed = true;
			this.tags.close();
			changed();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Deletes the stream index with the log. */
	void deleteTags() {
		this.lock.lock();
		try {
			this.tags.delete();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The file was deleted: the log counts as truncated. */
	void fileDropped() {
		this.lock.lock();
		try {
			this.fileBytes = 0;
			this.truncated = true;
		}
		finally {
			this.lock.unlock();
		}
	}

	private void changed() {
		this.version++;
		this.changed.signalAll();
	}

}
