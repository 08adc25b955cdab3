package dev.execd.process;

/**
 * Reads one output stream for a {@link Poller}: one read per readiness, into the loop's
 * buffer. Lives on the loop's thread only.
 */
final class PolledRead extends Poller.Handler {

	private final OutputReceiver receiver;

	PolledRead(Poller poller, Descriptor descriptor, OutputReceiver receiver) {
		super(poller, descriptor);
		this.receiver = receiver;
	}

	@Override
	void ready(int events) {
		long n = NativeIo.read(this.descriptor.fd(), this.poller.nativeBuffer, Poller.BUFFER);
		if (n > 0) {
			this.poller.nativeBuffer.read(0, this.poller.buffer, 0, (int) n);
			this.receiver.received(this.poller.buffer, (int) n);
			return;
		}
		if (n < 0) {
			int errno = NativeIo.errno();
			if (errno == NativeIo.EAGAIN || errno == NativeIo.EINTR) {
				return;
			}
		}
		// EOF, or EIO from a terminal master once no process holds its other side.
		stop();
	}

	@Override
	void stopped() {
		this.receiver.ended();
	}

}
