package dev.execd.process;

/**
 * Receives what a {@link Poller} reads from one output stream, on the poller's thread: it
 * must not block for long, as every stream that thread serves waits meanwhile.
 */
public interface OutputReceiver {

	/**
	 * Bytes read, in {@code b[0, length)}; {@code b} is reused once this returns.
	 */
	void received(byte[] b, int length);

	/**
	 * The stream ended (EOF, EIO from a terminal whose last holder is gone, or the
	 * descriptor was closed); called once, after the last {@link #received}.
	 */
	void ended();

}
