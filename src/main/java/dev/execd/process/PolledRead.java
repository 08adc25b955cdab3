package dev.execd.process;

/**
 * Reads one output stream for a {@link Poller} into the loop's buffer. Lives on the
 * loop's thread only.
 */
final class PolledRead extends Poller.Handler {

	private static final int READS_PER_ROUND = 4;

	private final OutputReceiver receiver;

	PolledRead(Poller poller, Descriptor descriptor, OutputReceiver receiver) {
		super(poller, descriptor);
		this.receiver = receiver;
	}

	@Override
	void ready(int events) {
		// A full buffer means more is waiting: read on, up to a bound that keeps a
		// flooding stream from holding up the others on this loop.
		for (int i = 0; i < READS_PER_ROUND; i++) {
			long n = NativeIo.read(this.descriptor.fd(), this.poller.nativeBuffer, Poller.BUFFER);
			if (n > 0) {
				this.poller.nativeBuffer.read(0, this.poller.buffer, 0, (int) n);
				this.receiver.received(this.poller.buffer, (int) n);
				if (n < Poller.BUFFER || isStopped()) {
					return;
				}
				continue;
			}
			if (n < 0) {
				int errno = NativeIo.errno();
				if (errno == NativeIo.EAGAIN || errno == NativeIo.EINTR) {
					return;
				}
			}
			// EOF, or EIO from a terminal master once no process holds its other side.
			stop();
			return;
		}
	}

	@Override
	void stopped() {
		this.receiver.ended();
	}

}
