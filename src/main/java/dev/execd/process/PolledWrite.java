package dev.execd.process;

/**
 * Non-blocking writes to a child's stdin on a {@link Poller}'s thread (the one that reads
 * the descriptor too, when it is a terminal's master). The descriptor is watched for room
 * only while the child's side is full: then the poller runs {@code writable} once there
 * is room again. An idle stdin costs no registration and no buffer; the bytes pass
 * through the loop's buffer.
 */
public final class PolledWrite extends Poller.Handler {

	private final Runnable writable;

	private final boolean open;

	private boolean waiting;

	private PolledWrite(Poller poller, Descriptor descriptor, Runnable writable) {
		super(poller, descriptor);
		this.writable = writable;
		this.open = descriptor.serve(this);
	}

	/**
	 * Takes over a child's stdin: from now on, closing the descriptor goes through the
	 * poller.
	 * @param writable runs on the poller's thread once a write that found no room can be
	 * retried
	 */
	public static PolledWrite of(Descriptor stdin, Runnable writable) {
		return new PolledWrite(stdin.poller(), stdin, writable);
	}

	/** Runs {@code task} on the poller's thread, where writes are made. */
	public void execute(Runnable task) {
		this.poller.execute(task);
	}

	/**
	 * Writes what the child's side takes now; on the poller's thread only.
	 * @return how many bytes were written, 0 when there was no room (and {@code writable}
	 * runs once there is), or -1 when nobody reads any more (EPIPE) or stdin was closed
	 */
	public int write(byte[] b, int off, int len) {
		if (!this.open || isStopped()) {
			return -1;
		}
		int chunk = Math.min(len, Poller.BUFFER);
		this.poller.nativeBuffer.write(0, b, off, chunk);
		long n = NativeIo.write(this.descriptor.fd(), this.poller.nativeBuffer, chunk);
		if (n >= 0) {
			return (int) n;
		}
		int errno = NativeIo.errno();
		if (errno == NativeIo.EAGAIN || errno == NativeIo.EINTR) {
			if (!this.waiting) {
				this.waiting = true;
				this.poller.add(this, NativeIo.EPOLLOUT);
			}
			return isStopped() ? -1 : 0;
		}
		return -1;
	}

	/**
	 * Writes what the child's side takes now, from any thread, while nothing else writes
	 * (the caller makes sure of that): a keystroke then reaches the child without waking
	 * the poller. The descriptor is non-blocking, so this never waits; it holds the lock
	 * that closing takes, so the number cannot meanwhile name another file.
	 * @return how many bytes were written, 0 when there was no room (the caller then
	 * hands the bytes to {@link #write} on the poller's thread, which waits for room), or
	 * -1 when nobody reads any more or stdin was closed
	 */
	public int writeNow(byte[] b, int len) {
		long[] n = { -1 };
		int[] errno = { 0 };
		boolean open = this.descriptor.use((fd) -> {
			n[0] = NativeIo.write(fd, b, len);
			errno[0] = (n[0] < 0) ? NativeIo.errno() : 0;
		});
		if (!open || n[0] >= 0) {
			return (int) n[0];
		}
		return (errno[0] == NativeIo.EAGAIN || errno[0] == NativeIo.EINTR) ? 0 : -1;
	}

	/** Closes stdin; on the poller's thread only. */
	public void close() {
		if (this.open) {
			stop();
		}
	}

	@Override
	void ready(int events) {
		// Level-triggered: watching on would wake the loop for as long as there is room.
		this.waiting = false;
		this.poller.remove(this);
		this.writable.run();
	}

}
