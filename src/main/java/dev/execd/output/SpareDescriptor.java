package dev.execd.output;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * One descriptor held back for the log files closed for idleness. When the server is out
 * of descriptors, such a file is opened again in the reserve's place, so that its output
 * is still written and read rather than dropped; the borrowed file is closed as soon as
 * that use ends, which takes the reserve back. One log borrows it at a time, the others
 * wait a moment for it. Another thread of the server may take the slot between the
 * reserve's close and the log's open; the open then fails as it would have without it.
 */
final class SpareDescriptor {

	/** How long a log waits for the reserve that another log borrowed, by default. */
	static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final long waitNanos;

	private static final Path DEV_NULL = Path.of("/dev/null");

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition returned = this.lock.newCondition();

	// Guarded by lock: the reserve (null while lent, or when it could not be taken back
	// yet) and whether a log holds the slot.
	private @Nullable FileChannel spare = take();

	private boolean lent;

	SpareDescriptor(long waitNanos) {
		this.waitNanos = waitNanos;
	}

	/** Whether {@code ex} says that no descriptor was left (EMFILE or ENFILE). */
	static boolean exhausted(IOException ex) {
		return ex instanceof FileSystemException failed && failed.getReason() != null
				&& failed.getReason().startsWith("Too many open files");
	}

	/**
	 * Opens {@code log}'s file in the reserve's place; hand it back with
	 * {@link #giveBack()} once that file is closed.
	 * @throws IOException when no reserve is left to lend, or the open fails anyway
	 */
	FileChannel openInstead(LogChannel log, IOException refused) throws IOException {
		this.lock.lock();
		try {
			long left = this.waitNanos;
			while (this.lent) {
				if (left <= 0) {
					throw refused;
				}
				left = this.returned.awaitNanos(left);
			}
			if (this.spare == null) {
				// Not taken back at the last return: once more, or there is none to lend.
				this.spare = take();
				if (this.spare == null) {
					throw refused;
				}
			}
			this.spare.close();
			this.spare = null;
			this.lent = true;
			try {
				return log.reopen();
			}
			catch (IOException | RuntimeException ex) {
				giveBack();
				throw ex;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("interrupted while waiting for a descriptor");
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The borrowed file is closed: the reserve is taken again. */
	void giveBack() {
		this.lock.lock();
		try {
			this.lent = false;
			this.spare = take();
			this.returned.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	private static @Nullable FileChannel take() {
		try {
			return FileChannel.open(DEV_NULL);
		}
		catch (IOException ex) {
			return null;
		}
	}

}
