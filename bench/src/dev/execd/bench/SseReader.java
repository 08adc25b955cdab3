package dev.execd.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads Server-Sent Events from a response body. The data line stays bytes: at 1 GiB
 * through a stream, turning every event into a String would cost the driver more than
 * the server.
 */
final class SseReader {

	private final InputStream in;

	private final byte[] buf = new byte[64 * 1024];

	private int pos;

	private int lim;

	private byte[] line = new byte[1024];

	private int lineLength;

	SseReader(InputStream in) {
		this.in = in;
	}

	/** One event; {@code data} holds {@code dataLength} bytes of its (single) data line. */
	static final class Event {

		String name;

		String id;

		byte[] data = new byte[32 * 1024];

		int dataLength;

		String dataText() {
			return new String(this.data, 0, this.dataLength, StandardCharsets.UTF_8);
		}

	}

	/**
	 * Reads the next event into {@code event}, skipping comments.
	 * @return false at the end of the stream
	 */
	boolean next(Event event) throws IOException {
		event.name = "message";
		event.id = null;
		event.dataLength = -1;
		while (readLine()) {
			if (this.lineLength == 0) {
				if (event.dataLength >= 0) {
					return true;
				}
				continue;
			}
			if (this.line[0] == ':') {
				continue;
			}
			if (startsWith("data: ")) {
				int n = this.lineLength - 6;
				if (event.data.length < n) {
					event.data = new byte[Math.max(n, event.data.length * 2)];
				}
				System.arraycopy(this.line, 6, event.data, 0, n);
				event.dataLength = n;
			}
			else if (startsWith("event: ")) {
				event.name = new String(this.line, 7, this.lineLength - 7, StandardCharsets.UTF_8);
			}
			else if (startsWith("id: ")) {
				event.id = new String(this.line, 4, this.lineLength - 4, StandardCharsets.UTF_8);
			}
		}
		return false;
	}

	private boolean startsWith(String prefix) {
		if (this.lineLength < prefix.length()) {
			return false;
		}
		for (int i = 0; i < prefix.length(); i++) {
			if (this.line[i] != prefix.charAt(i)) {
				return false;
			}
		}
		return true;
	}

	private boolean readLine() throws IOException {
		this.lineLength = 0;
		while (true) {
			if (this.pos == this.lim) {
				int n = this.in.read(this.buf, 0, this.buf.length);
				if (n < 0) {
					return false;
				}
				this.pos = 0;
				this.lim = n;
			}
			int end = newline(this.pos, this.lim);
			int nl = (end < this.lim) ? end : -1;
			append(this.buf, this.pos, end - this.pos);
			if (nl >= 0) {
				this.pos = nl + 1;
				if (this.lineLength > 0 && this.line[this.lineLength - 1] == '\r') {
					this.lineLength--;
				}
				return true;
			}
			this.pos = this.lim;
		}
	}

	/**
	 * Where the next '\n' in {@code buf[from, to)} is, or {@code to}. Short lines (names,
	 * ids) are scanned byte by byte; long ones (a data line is ~22 KB) with String.indexOf,
	 * a vectorized search: a byte loop over them would cost the driver more CPU than the
	 * server spends on the stream.
	 */
	private int newline(int from, int to) {
		int quick = Math.min(to, from + 64);
		for (int i = from; i < quick; i++) {
			if (this.buf[i] == '\n') {
				return i;
			}
		}
		if (quick == to) {
			return to;
		}
		int at = new String(this.buf, quick, to - quick, StandardCharsets.ISO_8859_1).indexOf('\n');
		return (at >= 0) ? quick + at : to;
	}

	private void append(byte[] b, int off, int n) {
		if (this.lineLength + n > this.line.length) {
			this.line = Arrays.copyOf(this.line, Math.max(this.lineLength + n, this.line.length * 2));
		}
		System.arraycopy(b, off, this.line, this.lineLength, n);
		this.lineLength += n;
	}

	/** The number after {@code "key":} in a JSON data line, or -1. */
	static long longField(Event event, String key) {
		int at = indexOf(event, "\"" + key + "\":", 0);
		if (at < 0) {
			return -1;
		}
		long value = 0;
		for (int i = at + key.length() + 3; i < event.dataLength; i++) {
			byte b = event.data[i];
			if (b < '0' || b > '9') {
				break;
			}
			value = value * 10 + (b - '0');
		}
		return value;
	}

	/**
	 * How many bytes the {@code "data_b64"} string of a data line decodes to, or -1. The
	 * string is the last field, so it ends two bytes before the line does.
	 */
	static long base64Bytes(Event event) {
		String key = "\"data_b64\":\"";
		int at = indexOf(event, key, 0);
		if (at < 0 || event.dataLength < 2 || event.data[event.dataLength - 1] != '}'
				|| event.data[event.dataLength - 2] != '"') {
			return -1;
		}
		int start = at + key.length();
		int end = event.dataLength - 2;
		int length = end - start;
		int padding = 0;
		if (length > 0 && event.data[end - 1] == '=') {
			padding++;
			if (length > 1 && event.data[end - 2] == '=') {
				padding++;
			}
		}
		return (long) length / 4 * 3 - padding;
	}

	/**
	 * How many bytes the {@code "text"} string of a data line holds, or -1: ASCII text,
	 * each escape one byte. The string is the last field, as {@code data_b64} is.
	 */
	static long textBytes(Event event) {
		String key = "\"text\":\"";
		int at = indexOf(event, key, 0);
		if (at < 0 || event.dataLength < 2 || event.data[event.dataLength - 1] != '}'
				|| event.data[event.dataLength - 2] != '"') {
			return -1;
		}
		int start = at + key.length();
		// A vectorized search for escapes, as in newline().
		String text = new String(event.data, start, event.dataLength - 2 - start, StandardCharsets.ISO_8859_1);
		long bytes = text.length();
		for (int i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 2)) {
			boolean unicode = text.charAt(i + 1) == 'u';
			bytes -= unicode ? 5 : 1;
			i += unicode ? 4 : 0;
		}
		return bytes;
	}

	private static int indexOf(Event event, String needle, int from) {
		byte[] n = needle.getBytes(StandardCharsets.US_ASCII);
		// The fields before the payload are short: look at the start of the line only.
		int last = Math.min(event.dataLength - n.length, 200);
		outer: for (int i = from; i <= last; i++) {
			for (int j = 0; j < n.length; j++) {
				if (event.data[i + j] != n[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

}
