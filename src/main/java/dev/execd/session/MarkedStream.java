package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * A shell's output stream with its markers taken out (see {@link MarkerFilter}). A read
 * stops at a marker; the marker is reported at the start of the next read, when the
 * session's reader has appended everything before it, so the log position it is reported
 * with is exact. Bytes before the first marker are bash's own start-up notices (a shell
 * on pipes says it has no job control) and are dropped.
 */
final class MarkedStream extends InputStream {

	private final InputStream in;

	private final MarkerFilter filter;

	private final LongSupplier position;

	private final Listener listener;

	/** Output (byte arrays) and markers (strings) in stream order. */
	private final ArrayDeque<Object> items = new ArrayDeque<>();

	private final byte[] raw = new byte[16 * 1024];

	private final MarkerFilter.Sink sink = new MarkerFilter.Sink() {

		@Override
		public void data(byte[] b, int off, int len) {
			if (MarkedStream.this.ready) {
				MarkedStream.this.items.add(Arrays.copyOfRange(b, off, off + len));
			}
		}

		@Override
		public void marker(String body) {
			MarkedStream.this.ready = true;
			MarkedStream.this.items.add(body);
		}

	};

	private boolean ready;

	private boolean eof;

	/** How much of the head item was read. */
	private int consumed;

	/**
	 * @param position the log's end, read when a marker is reported
	 * @param listener receives each marker's body and position
	 */
	MarkedStream(InputStream in, String nonce, LongSupplier position, Listener listener) {
		this.in = in;
		this.filter = new MarkerFilter(nonce);
		this.position = position;
		this.listener = listener;
	}

	@Override
	public int read() throws IOException {
		byte[] one = new byte[1];
		return (read(one, 0, 1) < 0) ? -1 : (one[0] & 0xff);
	}

	@Override
	public int read(byte[] b, int off, int len) throws IOException {
		if (len == 0) {
			return 0;
		}
		while (true) {
			while (this.items.peek() instanceof String body) {
				this.items.poll();
				this.listener.marker(body, this.position.getAsLong());
			}
			if (this.items.peek() instanceof byte[] data) {
				int n = Math.min(len, data.length - this.consumed);
				System.arraycopy(data, this.consumed, b, off, n);
				this.consumed += n;
				if (this.consumed == data.length) {
					this.items.poll();
					this.consumed = 0;
				}
				return n;
			}
			if (this.eof) {
				return -1;
			}
			int n = this.in.read(this.raw);
			if (n < 0) {
				this.eof = true;
				this.filter.finish(this.sink);
			}
			else {
				this.filter.feed(this.raw, 0, n, this.sink);
			}
		}
	}

	@Override
	public void close() throws IOException {
		this.in.close();
	}

	/** Receives markers. */
	interface Listener {

		/**
		 * A marker.
		 * @param body its body
		 * @param position the log's end when every byte before it was appended
		 */
		void marker(String body, long position);

	}

}
