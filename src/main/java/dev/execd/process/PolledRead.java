package dev.execd.process;

import com.sun.jna.Pointer;

/**
 * Reads one output stream for a {@link Poller} into the loop's buffer. Lives on the
 * loop's thread only.
 * <p>
 * A read of a terminal gives at most what its line discipline holds (4 KiB), so one
 * delivery per read would pass a terminal that floods in 4 KiB pieces, each appended to
 * the log and announced to the session's waiters on its own. After a read that large the
 * bytes go on into the same buffer instead, until a read finds nothing more or the buffer
 * is full, and are delivered once: what arrives together is appended together. A shorter
 * read (a keystroke's echo, a line) is delivered at once, without a read that would only
 * find the descriptor empty.
 */
final class PolledRead extends Poller.Handler {

	/**
	 * Full buffers delivered in one round, a bound that keeps a flood from holding up the
	 * others.
	 */
	private static final int BUFFERS_PER_ROUND = 4;

	/** Reads into one buffer; a terminal gives 4,095 bytes a read, so 17 fill it. */
	private static final int READS_PER_BUFFER = 32;

	/** The most a terminal gives in one read: a read this large may have left more. */
	private static final int TERMINAL_READ = 4095;

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
				Pointer into = (filled == 0) ? this.poller.nativeBuffer : this.poller.nativeBuffer.share(filled);
				long n = NativeIo.read(this.descriptor.fd(), into, Poller.BUFFER - filled);
				if (n > 0) {
					filled += (int) n;
					if (n >= TERMINAL_READ) {
						continue;
					}
					break;
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
