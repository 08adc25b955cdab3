package dev.execd.api.rest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import dev.execd.session.LiveEvent;

/**
 * The bytes of the events a connection has not written yet, in one reused buffer. Output
 * is encoded straight into it: base64, or well-formed UTF-8 as a JSON string, with no
 * intermediate string.
 */
final class SseBuffer extends ByteArrayOutputStream {

	/**
	 * JSON's short escapes by character, as the mapper writes them; 0: six characters,
	 * backslash u00XX.
	 */
	private static final byte[] SHORT_ESCAPES = new byte[0x20];

	private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

	/**
	 * Bytes that stand for themselves in a JSON string: printable ASCII but quote and
	 * backslash.
	 */
	private static final boolean[] PLAIN = new boolean[256];

	static {
		for (int c = 0x20; c < 0x80; c++) {
			PLAIN[c] = c != '"' && c != '\\';
		}
		SHORT_ESCAPES['\b'] = 'b';
		SHORT_ESCAPES['\t'] = 't';
		SHORT_ESCAPES['\n'] = 'n';
		SHORT_ESCAPES['\f'] = 'f';
		SHORT_ESCAPES['\r'] = 'r';
	}

	/**
	 * Exactly as long as the bytes to encode: the JDK's fast encoder takes whole arrays.
	 */
	private byte[] plain = new byte[0];

	private byte[] encoded = new byte[0];

	SseBuffer() {
		super(1024);
	}

	private void ensure(int more) {
		if (this.count + more > this.buf.length) {
			this.buf = Arrays.copyOf(this.buf, Math.max(this.buf.length * 2, this.count + more));
		}
	}

	SseBuffer ascii(String text) {
		int n = text.length();
		ensure(n);
		for (int i = 0; i < n; i++) {
			this.buf[this.count++] = (byte) text.charAt(i);
		}
		return this;
	}

	SseBuffer number(long value) {
		return ascii(Long.toString(value));
	}

	/** The bytes in base64. */
	SseBuffer base64(LiveEvent.Bytes bytes) {
		byte[] b = bytes.buffer();
		int from = bytes.from();
		int len = bytes.length();
		if (this.plain.length != len) {
			this.plain = new byte[len];
			this.encoded = new byte[4 * ((len + 2) / 3)];
		}
		System.arraycopy(b, from, this.plain, 0, len);
		int n = Base64.getEncoder().encode(this.plain, this.encoded);
		write(this.encoded, 0, n);
		return this;
	}

	/**
	 * The bytes as a JSON string, byte for byte as the mapper writes the decoded text.
	 * @return false, with nothing written, when the bytes are not well-formed UTF-8 (the
	 * decoded text would replace them)
	 */
	boolean jsonString(LiveEvent.Bytes bytes) {
		byte[] b = bytes.buffer();
		int from = bytes.from();
		int len = bytes.length();
		int mark = this.count;
		ensure(len + 2);
		this.buf[this.count++] = '"';
		int end = from + len;
		for (int i = from; i < end;) {
			// Printable ASCII goes in runs: found byte by byte, copied at once.
			int run = i;
			while (run < end && PLAIN[b[run] & 0xFF]) {
				run++;
			}
			if (run > i) {
				System.arraycopy(b, i, this.buf, this.count, run - i);
				this.count += run - i;
				i = run;
				continue;
			}
			int c = b[i] & 0xFF;
			if (c >= 0x80) {
				int n = bytes.characterAt(i);
				if (n == 0) {
					this.count = mark;
					return false;
				}
				System.arraycopy(b, i, this.buf, this.count, n);
				this.count += n;
				i += n;
				continue;
			}
			// An escape is at most six bytes for one: room for it and all that follow.
			ensure(6 + end - i);
			this.buf[this.count++] = '\\';
			if (c == '"' || c == '\\') {
				this.buf[this.count++] = (byte) c;
			}
			else if (SHORT_ESCAPES[c] != 0) {
				this.buf[this.count++] = SHORT_ESCAPES[c];
			}
			else {
				this.buf[this.count++] = 'u';
				this.buf[this.count++] = '0';
				this.buf[this.count++] = '0';
				this.buf[this.count++] = HEX[c >> 4];
				this.buf[this.count++] = HEX[c & 0xF];
			}
			i++;
		}
		this.buf[this.count++] = '"';
		return true;
	}

	/** Goes back to {@code size}, dropping what was written after it. */
	void truncate(int size) {
		this.count = size;
	}

	@Override
	public void write(byte[] b, int off, int len) {
		ensure(len);
		System.arraycopy(b, off, this.buf, this.count, len);
		this.count += len;
	}

	@Override
	public void writeTo(OutputStream out) throws IOException {
		out.write(this.buf, 0, this.count);
	}

}
