package dev.execd.process;

import java.util.function.IntConsumer;

import org.jspecify.annotations.Nullable;

/**
 * A file descriptor of a child's stream that execd owns, closed exactly once. While a
 * {@link Poller} serves it, only the poller's thread may close it: a descriptor closed
 * behind its back could be reused by the next open, and the poller would read another
 * file under the same number. {@link #close()} then asks the poller to stop, which closes
 * it.
 */
public final class Descriptor {

	private final int fd;

	private boolean closed;

	/** Stops the poller serving this descriptor; null while none does. */
	private @Nullable Runnable stop;

	Descriptor(int fd) {
		this.fd = fd;
	}

	/**
	 * A duplicate of {@code fd} (closed on exec), for a descriptor another library owns
	 * and closes when it likes.
	 * @throws SpawnException when the process is out of descriptors
	 */
	static Descriptor dup(int fd) throws SpawnException {
		int copy = NativeIo.fcntl(fd, NativeIo.F_DUPFD_CLOEXEC, 0);
		if (copy < 0) {
			int errno = NativeIo.errno();
			throw new SpawnException(errno, "fcntl(F_DUPFD_CLOEXEC) failed with errno " + errno);
		}
		return new Descriptor(copy);
	}

	/** A descriptor that was closed already: what a process that is gone reads. */
	static Descriptor closed() {
		Descriptor descriptor = new Descriptor(-1);
		descriptor.closed = true;
		return descriptor;
	}

	int fd() {
		return this.fd;
	}

	/**
	 * Hands the descriptor to a poller.
	 * @param stop what {@link #close()} runs from now on
	 * @return false when it was closed already
	 */
	synchronized boolean serve(Runnable stop) {
		if (this.closed) {
			return false;
		}
		this.stop = stop;
		return true;
	}

	/** Called by the poller on its thread once it no longer waits on the descriptor. */
	void closedByPoller() {
		synchronized (this) {
			this.closed = true;
			this.stop = null;
		}
		NativeIo.close(this.fd);
	}

	/**
	 * Runs {@code action} with the number unless the descriptor is closed, holding the
	 * lock that closing takes, so the number cannot meanwhile name another file.
	 * @return whether it ran
	 */
	synchronized boolean use(IntConsumer action) {
		if (this.closed) {
			return false;
		}
		action.accept(this.fd);
		return true;
	}

	/** Closes the descriptor, or has the poller serving it close it; idempotent. */
	public void close() {
		Runnable pollerStop;
		synchronized (this) {
			if (this.closed) {
				return;
			}
			pollerStop = this.stop;
			if (pollerStop == null) {
				this.closed = true;
			}
		}
		if (pollerStop != null) {
			pollerStop.run();
		}
		else {
			NativeIo.close(this.fd);
		}
	}

}
