package dev.execd.session;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Removes a shell session's boundary markers from its output. A marker is exactly
 * {@code ESC ] 6973 ; <nonce> ; <body> BEL} with a body of at most {@value #MAX_BODY}
 * characters from {@code [0-9A-Za-z; ]}; anything else, including a near miss, passes
 * through unchanged. Markers may be split across reads: a possible start at the end of a
 * read is held back until the next bytes decide. Not thread-safe: one stream, one reader.
 */
final class MarkerFilter {

	static final int MAX_BODY = 256;

	private static final byte ESC = 0x1b;

	private static final byte BEL = 0x07;

	private final byte[] prefix;

	/** Bytes of a possible marker seen so far: a prefix of it, then its body. */
	private final ByteArrayOutputStream held = new ByteArrayOutputStream();

	private final StringBuilder body = new StringBuilder();

	/** How many bytes of the prefix matched; 0 when no marker is in progress. */
	private int matched;

	MarkerFilter(String nonce) {
		this.prefix = ("\u001b]6973;" + nonce + ";").getBytes(StandardCharsets.US_ASCII);
	}

	/** Filters bytes, in order, into output and markers. */
	void feed(byte[] b, int off, int len, Sink sink) {
		int end = off + len;
		int start = off;
		int i = off;
		while (i < end) {
			byte c = b[i];
			if (this.matched == 0) {
				if (c == ESC) {
					emit(sink, b, start, i);
					this.held.write(c);
					this.matched = 1;
					start = i + 1;
				}
				i++;
				continue;
			}
			if (this.matched < this.prefix.length) {
				if (c == this.prefix[this.matched]) {
					this.held.write(c);
					this.matched++;
					start = ++i;
					continue;
				}
			}
			else if (c == BEL) {
				String marker = this.body.toString();
				reset();
				sink.marker(marker);
				start = ++i;
				continue;
			}
			else if (bodyChar(c) && this.body.length() < MAX_BODY) {
				this.held.write(c);
				this.body.append((char) c);
				start = ++i;
				continue;
			}
			// Not a marker after all: what was held is output, and this byte is looked
			// at afresh (it may start a marker itself).
			flush(sink);
			start = i;
		}
		if (this.matched == 0) {
			emit(sink, b, start, end);
		}
	}

	/** Passes on what is held: the stream ended inside a possible marker. */
	void finish(Sink sink) {
		flush(sink);
	}

	private void flush(Sink sink) {
		if (this.held.size() > 0) {
			byte[] bytes = this.held.toByteArray();
			sink.data(bytes, 0, bytes.length);
		}
		reset();
	}

	private void reset() {
		this.held.reset();
		this.body.setLength(0);
		this.matched = 0;
	}

	private static void emit(Sink sink, byte[] b, int from, int to) {
		if (to > from) {
			sink.data(b, from, to - from);
		}
	}

	private static boolean bodyChar(byte c) {
		return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == ';' || c == ' ';
	}

	/** Receives the filtered stream. */
	interface Sink {

		/** Output bytes; valid only during the call. */
		void data(byte[] b, int off, int len);

		/** A marker's body. */
		void marker(String body);

	}

}
