package dev.execd.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

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
 * <p>
 * Given {@link IdleChannels}, the file's descriptor is held only while the log is used:
 * closed after the idle period, opened again by the next append or read of the file.
 */
public final class OutputLog implements AutoCloseable {

	private final Path path;

	private final LogFile file;

	/** Serializes appends so that file positions and offsets agree. */
	private final Object appendLock = new Object();

	/** Guarded by appendLock: bytes handed out. */
	private long appended;

	private final PublishedLog published;

	private final ChangeListeners listeners = new ChangeListeners();

	/** A new log whose file stays open until the log is closed. */
	public OutputLog(Path path, long maxLogSize, int windowCap) {
		this(path, maxLogSize, windowCap, IdleChannels.KEEP_OPEN);
	}

	/** A new log whose file {@code idle} closes while nothing reads or writes it. */
	public OutputLog(Path path, long maxLogSize, int windowCap, IdleChannels idle) {
		this(path, maxLogSize, windowCap, LogFile.create(path), true, idle);
	}

	/** With a file already open; tests pass one that fails like a full disk. */
	OutputLog(Path path, long maxLogSize, int windowCap, FileChannel file) {
		this(path, maxLogSize, windowCap, file, true, IdleChannels.KEEP_OPEN);
	}

	private OutputLog(Path path, long maxLogSize, int windowCap, FileChannel file, boolean writable,
			IdleChannels idle) {
		this.path = path;
		this.published = new PublishedLog(windowCap, new StreamTags(StreamTags.pathOf(path), idle));
		this.file = new LogFile(path, file, writable, maxLogSize, idle);
	}

	/**
	 * A finished log found on disk after a restart: read-only, nothing in memory.
	 * @param recordedTotal the output total the metadata recorded; the file may hold more
	 * (written after the metadata) or less (the log cap)
	 * @param recordedLost the lost bytes the metadata recorded
	 * @param idle closes the file while nothing reads it
	 * @throws IOException also when the path is not a regular file: a symbolic link is
	 * never followed
	 */
	public static OutputLog recovered(Path path, long recordedTotal, long recordedLost, IdleChannels idle)
			throws IOException {
		FileChannel file = LogFile.openExisting(path);
		long size;
		try {
			size = file.size();
		}
		catch (IOException ex) {
			file.close();
			throw ex;
		}
		OutputLog log = new OutputLog(path, 0, 1, file, false, idle);
		log.appended = Math.max(size, recordedTotal);
		log.file.stopAt(size);
		log.published.recovered(log.appended, size, recordedLost, StreamTags.recovered(StreamTags.pathOf(path), idle));
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
	 * @return the offset of {@code b[off]}: where the bytes kept start (those the file
	 * could not take are dropped from the end)
	 */
	public long append(byte[] b, int off, int len, StreamTag tag) {
		long at;
		synchronized (this.appendLock) {
			at = this.appended;
			if (len == 0) {
				return at;
			}
			int kept = this.file.append(b, off, len, this.appended);
			this.appended += kept;
			this.published.publish(b, off, kept, len - kept, tag, this.file.written());
		}
		this.listeners.changed(true);
		return at;
	}

	/**
	 * Reads up to {@code max} bytes at {@code offset}; fewer when the range spans bytes
	 * that are neither in the file nor in the window. Reading at the end gives none.
	 * @throws OutputException.OffsetOutOfRange past the end
	 * @throws OutputException.OutputUnavailable when the bytes are no longer kept
	 */
	public byte[] read(long offset, int max) {
		return this.published.read(offset, max, this.file);
	}

	/**
	 * Reads like {@link #read(long, int)}, into {@code out} at {@code off}: a scan reuses
	 * one buffer instead of allocating one per read.
	 * @return how many bytes were read
	 */
	public int read(long offset, byte[] out, int off, int max) {
		return this.published.read(offset, out, off, max, this.file);
	}

	/**
	 * The stream the byte at {@code offset} came from, and where that stream's run ends.
	 */
	public StreamRun runAt(long offset) {
		return this.published.runAt(offset);
	}

	/** The oldest offset still readable. */
	public long firstAvailable() {
		return this.published.firstAvailable();
	}

	/** The bytes of {@code [from, to)} in neither the file nor the window, or null. */
	public LogScan.@Nullable Span gap(long from, long to) {
		return this.published.gap(from, to);
	}

	/**
	 * Whether every byte of {@code [from, to)} is still kept, in the file or the window.
	 */
	public boolean isAvailable(long from, long to) {
		return gap(from, to) == null;
	}

	/** Bytes kept in the file: the total, unless the log cap stopped the file. */
	public long fileBytes() {
		return this.published.fileBytes();
	}

	public long total() {
		return this.published.total();
	}

	public boolean truncated() {
		return this.published.truncated();
	}

	/**
	 * Bytes of output dropped because the file could not be written; they have no offset.
	 */
	public long lostBytes() {
		return this.published.lostBytes();
	}

	/**
	 * Where a stream at {@code offset} can go on: {@code offset} itself when that byte is
	 * still kept, else the oldest later byte that is (the window's start).
	 */
	public long nextAvailable(long offset) {
		return this.published.nextAvailable(offset);
	}

	public long version() {
		return this.published.version();
	}

	public long lastAppendNanos() {
		return this.published.lastAppendNanos();
	}

	/** Wakes every waiter and listener: an exit, a stream's EOF, not output. */
	public void notifyChanged() {
		this.published.notifyChanged();
		this.listeners.changed(false);
	}

	/** Tells {@code listener} of each change; see {@link ChangeListener}. */
	public AutoCloseable onChange(ChangeListener listener) {
		return this.listeners.add(listener);
	}

	/**
	 * Waits until the version differs from {@code seen} or the deadline passes.
	 * @return the current version
	 */
	public long awaitChange(long seen, long deadlineNanos) throws InterruptedException {
		return this.published.awaitChange(seen, deadlineNanos);
	}

	public Path path() {
		return this.path;
	}

	/** Closes the file; recent bytes stay readable from the window. */
	@Override
	public void close() {
		this.published.closed();
		this.file.close();
		this.listeners.changed(false);
	}

	/**
	 * Deletes the file to free disk space; recent bytes stay readable from the window and
	 * the log counts as truncated.
	 */
	public void dropFile() {
		synchronized (this.appendLock) {
			// The stream index stays: the window still needs it.
			close();
			this.file.delete();
			this.file.stopAt(0);
			this.published.fileDropped();
		}
	}

	/** Closes and deletes the log file. */
	public void delete() {
		close();
		this.file.delete();
		this.published.deleteTags();
	}

}
