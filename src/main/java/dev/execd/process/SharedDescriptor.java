package dev.execd.process;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A non-blocking descriptor that threads use concurrently and one of them closes. Closing
 * must wake a call parked on the descriptor, and must not free its number while a call
 * may still pass it to the kernel (a new terminal would get the number and its bytes
 * would go to the wrong session). So calls wait in {@code poll} on the descriptor and an
 * eventfd that {@link #close()} signals, each call is counted in and out, and the last
 * one out closes both descriptors.
 */
final class SharedDescriptor {

	private static final ByteBuffer WAKE = ByteBuffer.allocateDirect(Long.BYTES).putLong(0, 1);

	private final int fd;

	private final int wake;

	private final AtomicInteger calls = new AtomicInteger();

	private final AtomicBoolean freed = new AtomicBoolean();

	private volatile boolean closed;

	/** Takes ownership of {@code fd} and {@code wake}, an eventfd. */
	SharedDescriptor(int fd, int wake) {
		this.fd = fd;
		this.wake = wake;
	}

	int fd() {
		return this.fd;
	}

	boolean closed() {
		return this.closed;
	}

	/** Counts a call in; false once closed (nothing may use the descriptor). */
	boolean enter() {
		this.calls.incrementAndGet();
		if (this.closed) {
			leave();
			return false;
		}
		return true;
	}

	/** Counts a call out; every {@link #enter()} that returned true needs one. */
	void leave() {
		if (this.calls.decrementAndGet() == 0 && this.closed) {
			free();
		}
	}

	/** Parks until the descriptor is ready for {@code events} or is closed. */
	void await(int events) {
		int[] fds = { this.fd, events, this.wake, PtyCalls.POLLIN };
		PtyCalls.poll(fds, 2, -1);
	}

	/** Closes now, or once the last call is out. Safe to call more than once. */
	void close() {
		// Counted in itself, so the eventfd cannot be freed under the write below.
		this.calls.incrementAndGet();
		this.closed = true;
		if (this.freed.get()) {
			this.calls.decrementAndGet();
			return;
		}
		// Wakes every call parked in poll; the eventfd stays readable from now on.
		PtyCalls.write(this.wake, WAKE, Long.BYTES);
		leave();
	}

	private void free() {
		if (this.freed.compareAndSet(false, true)) {
			Libc.close(this.fd);
			Libc.close(this.wake);
		}
	}

}
