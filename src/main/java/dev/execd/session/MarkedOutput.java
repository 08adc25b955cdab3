package dev.execd.session;

import java.util.Arrays;
import java.util.function.LongSupplier;

import dev.execd.process.OutputReceiver;
import org.jspecify.annotations.Nullable;

/**
 * A shell's output stream with its markers taken out (see {@link MarkerFilter}), passed
 * on to the session's receiver. A marker is reported when the receiver has appended
 * everything before it, so the log position it is reported with is exact. Bytes before
 * the first marker are bash's own start-up notices (a shell on pipes says it has no job
 * control) and are dropped.
 */
final class MarkedOutput implements OutputReceiver {

	private final OutputReceiver out;

	private final MarkerFilter filter;

	private final LongSupplier position;

	private final Listener listener;

	private final @Nullable Runnable readFirst;

	private final MarkerFilter.Sink sink = new MarkerFilter.Sink() {

		@Override
		public void data(byte[] b, int off, int len) {
			if (MarkedOutput.this.ready && len > 0) {
				// Receivers take chunks at the start of an array.
				MarkedOutput.this.out.received((off == 0) ? b : Arrays.copyOfRange(b, off, off + len), len);
			}
		}

		@Override
		public void marker(String body) {
			MarkedOutput.this.ready = true;
			MarkedOutput.this.listener.marker(body, MarkedOutput.this.position.getAsLong());
		}

	};

	private boolean ready;

	/**
	 * @param position the log's end, read when a marker is reported
	 * @param listener receives each marker's body and position
	 * @param readFirst on a pipe shell's stderr, reads what its stdout holds into the log
	 * (see {@link ExitNotice}); else null
	 */
	MarkedOutput(OutputReceiver out, String nonce, LongSupplier position, Listener listener,
			@Nullable Runnable readFirst) {
		this.out = out;
		this.filter = new MarkerFilter(nonce);
		this.position = position;
		this.listener = listener;
		this.readFirst = readFirst;
	}

	@Override
	public void received(byte[] b, int length) {
		byte[] chunk = b;
		if (this.readFirst != null && ExitNotice.endsLikeNotice(b, length)) {
			// The stdout written before bash's exit notice goes into the log before it;
			// that read reuses the buffer this chunk is in.
			chunk = Arrays.copyOf(b, length);
			this.readFirst.run();
		}
		this.filter.feed(chunk, 0, length, this.sink);
	}

	@Override
	public void ended() {
		this.filter.finish(this.sink);
		this.out.ended();
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
