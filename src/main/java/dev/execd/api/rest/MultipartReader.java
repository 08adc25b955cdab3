package dev.execd.api.rest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.execd.api.ApiException;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@code multipart/form-data} body part by part as it arrives (RFC 7578, RFC
 * 2046): each part's headers, then its content as a stream that ends at the next
 * delimiter. Nothing is held but one buffer, so a part of any size goes straight to its
 * file. A malformed body is 400 {@code invalid_request}.
 */
final class MultipartReader {

	private static final int BUFFER = 64 * 1024;

	private static final int MAX_HEADER_BYTES = 16 * 1024;

	private final InputStream in;

	/** {@code CRLF--boundary}: the first one is preceded by a virtual CRLF. */
	private final byte[] delimiter;

	private final byte[] buffer;

	private int pos;

	private int lim;

	private boolean eof;

	/** Whether the stream is inside a part's content (or the preamble). */
	private boolean inContent = true;

	MultipartReader(InputStream in, String boundary) {
		this.in = in;
		this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
		this.buffer = new byte[BUFFER + this.delimiter.length];
		this.buffer[0] = '\r';
		this.buffer[1] = '\n';
		this.lim = 2;
	}

	/** The {@code boundary} parameter of a multipart content type. */
	static String boundary(@Nullable String contentType) {
		if (contentType != null) {
			for (String param : contentType.split(";")) {
				String[] pair = param.strip().split("=", 2);
				if (pair.length == 2 && pair[0].strip().equalsIgnoreCase("boundary")) {
					String value = pair[1].strip();
					if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
						value = value.substring(1, value.length() - 1);
					}
					if (!value.isEmpty() && value.length() <= 70) {
						return value;
					}
				}
			}
		}
		throw ApiException.invalid("a multipart/form-data body needs a boundary of 1 to 70 characters");
	}

	/**
	 * Skips what is left of the current part and reads the next one's headers.
	 * @return the headers, names in lower case; null after the last part
	 */
	@Nullable Map<String, String> next() throws IOException {
		byte[] skip = new byte[8192];
		while (read(skip, 0, skip.length) >= 0) {
			// Discarded: the rest of a part nobody read, or the preamble.
		}
		this.pos += this.delimiter.length;
		if (!fill(2)) {
			throw malformed();
		}
		if (this.buffer[this.pos] == '-' && this.buffer[this.pos + 1] == '-') {
			return null;
		}
		if (!line().isBlank()) {
			throw malformed();
		}
		Map<String, String> headers = new LinkedHashMap<>();
		int bytes = 0;
		for (String line = line(); !line.isEmpty(); line = line()) {
			bytes += line.length();
			int colon = line.indexOf(':');
			if (colon <= 0 || bytes > MAX_HEADER_BYTES) {
				throw malformed();
			}
			headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
		}
		this.inContent = true;
		return headers;
	}

	/** The current part's content, up to the next delimiter. */
	InputStream content() {
		return new InputStream() {

			@Override
			public int read() throws IOException {
				byte[] one = new byte[1];
				return (MultipartReader.this.read(one, 0, 1) < 0) ? -1 : (one[0] & 0xff);
			}

			@Override
			public int read(byte[] b, int off, int len) throws IOException {
				return MultipartReader.this.read(b, off, len);
			}

		};
	}

	private int read(byte[] b, int off, int len) throws IOException {
		if (!this.inContent) {
			return -1;
		}
		if (len == 0) {
			return 0;
		}
		fill(this.delimiter.length);
		int match = indexOfDelimiter();
		int safe = (match >= 0) ? match : this.lim - this.delimiter.length + 1;
		if (match < 0 && this.eof) {
			throw malformed();
		}
		if (match == this.pos) {
			this.inContent = false;
			return -1;
		}
		int n = Math.min(len, Math.max(0, safe - this.pos));
		if (n == 0) {
			// Too few bytes to rule a delimiter out: fill() read to EOF or has them now.
			throw malformed();
		}
		System.arraycopy(this.buffer, this.pos, b, off, n);
		this.pos += n;
		return n;
	}

	private int indexOfDelimiter() {
		byte first = this.delimiter[0];
		int last = this.lim - this.delimiter.length;
		outer: for (int i = this.pos; i <= last; i++) {
			if (this.buffer[i] != first) {
				continue;
			}
			for (int j = 1; j < this.delimiter.length; j++) {
				if (this.buffer[i + j] != this.delimiter[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

	/**
	 * A header line without its CRLF, each byte as one ISO-8859-1 character: a filename
	 * is decoded as UTF-8 later, strictly, where one that is not UTF-8 can be refused.
	 */
	private String line() throws IOException {
		StringBuilder line = new StringBuilder();
		while (true) {
			if (!fill(1)) {
				throw malformed();
			}
			byte b = this.buffer[this.pos++];
			if (b == '\n' && line.length() > 0 && line.charAt(line.length() - 1) == '\r') {
				line.setLength(line.length() - 1);
				return line.toString();
			}
			if (line.length() > MAX_HEADER_BYTES) {
				throw malformed();
			}
			line.append((char) (b & 0xff));
		}
	}

	/** Makes at least {@code want} bytes available unless the body ends first. */
	private boolean fill(int want) throws IOException {
		if (this.lim - this.pos >= want) {
			return true;
		}
		System.arraycopy(this.buffer, this.pos, this.buffer, 0, this.lim - this.pos);
		this.lim -= this.pos;
		this.pos = 0;
		while (this.lim < want && !this.eof) {
			int n = this.in.read(this.buffer, this.lim, this.buffer.length - this.lim);
			if (n < 0) {
				this.eof = true;
			}
			else {
				this.lim += n;
			}
		}
		return this.lim - this.pos >= want;
	}

	private static ApiException malformed() {
		return ApiException.invalid("malformed multipart/form-data body");
	}

}
