package dev.execd.process;

/**
 * Reads one output stream for a {@link Poller} into the loop's buffer. Lives on the
 * loop's thread only.
 * <p>
 * A read of a terminal gives at most what its line discipline holds (4 KiB), so one
 * delivery per read would pass a terminal that floods in 4 KiB pieces, each appended to
 * the log and announced to the session's waiters on its own. The bytes read go on into
 * the same buffer instead, until a read finds nothing more or the buffer is full, and are
 * delivered once: what arrives together is appended together.
 */
final class PolledRead extends Poller.Handler {

	/**
	 * Full buffers delivered in one round, a bound that keeps a flood from holding up the
	 * others.
	 */
	private static final int BUFFERS_PER_ROUND = 4;

	/** Reads into one buffer; a terminal gives 4,095 bytes a read, so 17 fill it. */
	private static final int READS_PER_BUFFER = 32;

	private final OutputReceiver receiver;

	PolledRead(Poller poller, Descriptor descriptor, OutputReceiver receiver) {
		super(poller, descriptor);
		this.receiver = receiver;
	}

	@Override
	void ready(int events) {
		for (int i = 0; i < BUFFERS_PER_ROUND; i++) {
			int filled = 0;
			boolean ended = false;
			for (int r = 0; r < READS_PER_BUFFER && filled < Poller.BUFFER; r++) {
				long n = NativeIo.read(this.descriptor.fd(), this.poller.nativeBuffer.share(filled),
						Poller.BUFFER - filled);
				if (n > 0) {
					filled += (int) n;
					continue;
				}
				// Nothing more for now; or EOF, or EIO from a terminal master once no
				// process holds its other side.
				ended = (n == 0) || !again(NativeIo.errno());
				break;
			}
			if (filled > 0) {
				this.poller.nativeBuffer.read(0, this.poller.buffer, 0, filled);
				this.receiver.received(this.poller.buffer, filled);
			}
			if (ended) {
				stop();
				return;
			}
			if (filled < Poller.BUFFER || isStopped()) {
				return;
			}
		}
	}

	private static boolean again(int errno) {
		return errno == NativeIo.EAGAIN || errno == NativeIo.EINTR;
	}

	@Override
	void stopped() {
		this.receiver.ended();
	}

}
