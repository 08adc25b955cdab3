package dev.execd.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The descriptor of one log file, held only while the log is in use: {@link #acquire()}
 * opens it when it is closed, {@link IdleChannels} closes it once no read or write has
 * used it for a while, so an idle session holds no descriptor for its log. A reopen
 * checks that the path still names the file the log created: a file removed or replaced
 * meanwhile fails like a full disk (writes) or an unreadable file (reads), and another
 * file's bytes are never read.
 * <p>
 * One small monitor guards the channel and its use count. A write takes it inside the
 * log's append lock, a read with no other lock, the sweeper with no other lock: the order
 * is always append lock, then this. Reads and writes run between {@code acquire} and
 * {@code release}, outside the monitor, and a channel in use is never closed.
 */
final class LogChannel {

	private final Path path;

	private final boolean writable;

	private final IdleChannels idle;

	/** The created file's device and inode; null when they cannot be read. */
	private final @Nullable Object fileKey;

	// Guarded by this. Invariant: tracked by the sweeper exactly while channel is open.
	private @Nullable FileChannel channel;

	private int users;

	/** Whether the channel holds the slot of the server's reserve: closed once unused. */
	private boolean borrowed;

	private long lastUse = System.nanoTime();

	private boolean closed;

	/**
	 * The file's change time and size when its channel was closed: an inode number alone
	 * could be the same for a file created after the log's was removed.
	 */
	private @Nullable Map<String, Object> closedAs;

	/**
	 * @param opened the file just created or opened, held until it is idle
	 * @param writable whether a reopen is for writing too (a recovered log is read-only)
	 */
	LogChannel(Path path, FileChannel opened, boolean writable, IdleChannels idle) {
		this.path = path;
		this.writable = writable;
		this.idle = idle;
		this.fileKey = keyOf(path);
		synchronized (this) {
			this.channel = opened;
			idle.track(this);
		}
	}

	/**
	 * The open channel, opened again when the sweeper closed it; pair with
	 * {@link #release()}.
	 * @throws IOException when the file cannot be opened (no descriptor left), is gone or
	 * was replaced, or the log is closed
	 */
	synchronized FileChannel acquire() throws IOException {
		if (this.closed) {
			throw new ClosedChannelException();
		}
		if (this.channel != null && !this.channel.isOpen()) {
			// A FileChannel closes under all its users when one of them is interrupted.
			closeChannel();
		}
		if (this.channel == null) {
			this.channel = reopenOrBorrow();
			this.idle.track(this);
		}
		this.users++;
		return this.channel;
	}

	synchronized void release() {
		this.users--;
		this.lastUse = System.nanoTime();
		if ((this.closed || this.borrowed) && this.users == 0) {
			closeChannel();
		}
	}

	/**
	 * Writes all of {@code buf} at {@code pos}, opening the file again if it was closed.
	 */
	void writeFully(ByteBuffer buf, long pos) throws IOException {
		long at = pos;
		for (boolean retried = false;; retried = true) {
			FileChannel open = acquire();
			try {
				while (buf.hasRemaining()) {
					at += open.write(buf, at);
				}
				return;
			}
			catch (ClosedChannelException ex) {
				rethrowUnlessClosedByOthers(ex, retried);
			}
			finally {
				release();
			}
		}
	}

	/**
	 * Reads into {@code buf} from {@code pos} until it is full or the file ends, opening
	 * the file again if it was closed.
	 */
	void readFully(ByteBuffer buf, long pos) throws IOException {
		long at = pos;
		for (boolean retried = false;; retried = true) {
			FileChannel open = acquire();
			try {
				int n;
				while (buf.hasRemaining() && (n = open.read(buf, at)) >= 0) {
					at += n;
				}
				return;
			}
			catch (ClosedChannelException ex) {
				rethrowUnlessClosedByOthers(ex, retried);
			}
			finally {
				release();
			}
		}
	}

	/**
	 * A use that found the channel closed by another user's interrupt goes on once, on
	 * the file opened again; one interrupted itself, or the log closed, fails.
	 */
	private void rethrowUnlessClosedByOthers(ClosedChannelException ex, boolean retried) throws ClosedChannelException {
		if (retried || ex instanceof ClosedByInterruptException || Thread.currentThread().isInterrupted()
				|| this.closed) {
			throw ex;
		}
	}

	/** Closes the channel when nobody uses it and its last use is {@code idle} old. */
	synchronized void closeIfIdle(long now, long idleNanos) {
		if (this.channel != null && this.users == 0 && now - this.lastUse >= idleNanos) {
			closeChannel();
		}
	}

	/** Closes for good: the file is never opened again (a read in progress finishes). */
	synchronized void close() {
		this.closed = true;
		if (this.users == 0) {
			closeChannel();
		}
	}

	private void closeChannel() {
		if (this.channel != null) {
			this.closedAs = this.closed ? null : stateOf(this.path);
			try {
				this.channel.close();
			}
			catch (IOException ex) {
				// Nothing left to flush: writes go straight to the channel.
			}
			this.channel = null;
			this.idle.forget(this);
			SpareDescriptor spare = this.idle.spare();
			if (this.borrowed && spare != null) {
				this.borrowed = false;
				spare.giveBack();
			}
		}
	}

	/**
	 * Opens the file again; when no descriptor is left, in the place of the server's
	 * reserve, which this log then holds until its current use ends.
	 */
	private FileChannel reopenOrBorrow() throws IOException {
		try {
			return reopen();
		}
		catch (IOException ex) {
			SpareDescriptor spare = this.idle.spare();
			if (spare == null || !SpareDescriptor.exhausted(ex)) {
				throw ex;
			}
			FileChannel opened = spare.openInstead(this, ex);
			this.borrowed = true;
			return opened;
		}
	}

	FileChannel reopen() throws IOException {
		FileChannel opened = this.writable
				? FileChannel.open(this.path, StandardOpenOption.READ, StandardOpenOption.WRITE,
						LinkOption.NOFOLLOW_LINKS)
				: FileChannel.open(this.path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
		// The path must still name the created file once it is open: a file put in its
		// place before the open shows another inode, or (the log's inode number reused
		// after a removal) another change time or size than at the close. Nothing but
		// this log writes the file, so an unchanged file shows the same.
		Map<String, Object> state = stateOf(this.path);
		if (this.fileKey == null || !this.fileKey.equals(keyOf(this.path)) || state == null
				|| !state.equals(this.closedAs)) {
			opened.close();
			throw new IOException(this.path + " is no longer the session's log file");
		}
		return opened;
	}

	private static @Nullable Map<String, Object> stateOf(Path path) {
		try {
			return Files.readAttributes(path, "unix:ino,ctime,size", LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException | UnsupportedOperationException ex) {
			return null;
		}
	}

	private static @Nullable Object keyOf(Path path) {
		try {
			return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
		}
		catch (IOException ex) {
			return null;
		}
	}

}
