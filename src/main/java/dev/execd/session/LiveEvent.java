package dev.execd.session;

import java.util.Arrays;

import dev.execd.output.Utf8;

/**
 * What a {@link LiveOutput} stream sends: output as text or as bytes, a gap where the log
 * no longer keeps bytes, and the end.
 */
public sealed interface LiveEvent {

	/** Whether it reaches the end of the output so far: no more is ready now. */
	default boolean caughtUp() {
		return true;
	}

	/**
	 * Output as text.
	 *
	 * @param offset where its bytes start
	 * @param next where they end: where the stream resumes
	 * @param stream {@code stdout}, {@code stderr} or {@code pty}
	 * @param text the decoded text
	 */
	record Text(long offset, long next, String stream, String text, boolean caughtUp) implements LiveEvent {

	}

	/**
	 * Output as exact bytes, {@code buffer[from, from + length())}; fields as in
	 * {@link Text}. The buffer is the stream's own: valid until its next
	 * {@link LiveOutput#next}.
	 *
	 * @param offset where its bytes start
	 * @param next where they end
	 * @param stream the stream they came from
	 * @param buffer holds the bytes
	 * @param from the index of the first
	 */
	record Bytes(long offset, long next, String stream, byte[] buffer, int from,
			boolean caughtUp) implements LiveEvent {

		public int length() {
			return (int) (this.next - this.offset);
		}

		/** A copy of the bytes, to keep. */
		public byte[] copy() {
			return Arrays.copyOfRange(this.buffer, this.from, this.from + length());
		}

		/** The bytes decoded, malformed ones as U+FFFD. */
		public String text() {
			return Utf8.decode(this.buffer, this.from, length());
		}

		/**
		 * The length of the well-formed character at {@code buffer[index]}, or 0; see
		 * {@link Utf8#wellFormedAt}.
		 */
		public int characterAt(int index) {
			return Utf8.wellFormedAt(this.buffer, index, this.from + length());
		}

	}

	/**
	 * Bytes {@code [from, to)} are no longer kept; the stream goes on at {@code to}.
	 *
	 * @param from the first byte skipped
	 * @param to where the stream resumes
	 */
	record Gap(long from, long to) implements LiveEvent {

	}

	/**
	 * The session ended and all of its output was sent, or it was removed.
	 *
	 * @param session its state now
	 */
	record End(SessionSnapshot session) implements LiveEvent {

	}

}
