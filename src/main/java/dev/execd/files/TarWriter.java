package dev.execd.files;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A tar stream (POSIX ustar), written entry by entry: names and link targets that do not
 * fit the header go in a PAX extended header before it. Sizes are limited only by the
 * header's 11 octal digits (8 GiB); larger files get a PAX {@code size} too. Names are
 * their exact bytes ({@link Names}); a PAX header holding bytes that are not UTF-8 says
 * so ({@code hdrcharset=BINARY}), as POSIX asks.
 */
final class TarWriter {

	private static final int BLOCK = 512;

	private static final long MAX_OCTAL_SIZE = 077777777777L;

	private final OutputStream out;

	TarWriter(OutputStream out) {
		this.out = out;
	}

	/** A header; for a regular file the caller then writes exactly {@code size} bytes. */
	void header(String name, char type, int mode, long size, long mtime, String link) throws IOException {
		byte[] nameBytes = Names.encode(name);
		byte[] linkBytes = Names.encode(link);
		if (nameBytes.length > 100 || linkBytes.length > 100 || size > MAX_OCTAL_SIZE) {
			ByteArrayOutputStream pax = new ByteArrayOutputStream();
			if ((nameBytes.length > 100 && Names.escaped(name)) || (linkBytes.length > 100 && Names.escaped(link))) {
				pax.writeBytes(record("hdrcharset", "BINARY"));
			}
			if (nameBytes.length > 100) {
				pax.writeBytes(record("path", name));
			}
			if (linkBytes.length > 100) {
				pax.writeBytes(record("linkpath", link));
			}
			if (size > MAX_OCTAL_SIZE) {
				pax.writeBytes(record("size", Long.toString(size)));
			}
			byte[] data = pax.toByteArray();
			block("PaxHeader", 'x', 0644, data.length, mtime, "");
			this.out.write(data);
			pad(data.length);
		}
		block(name, type, mode, Math.min(size, MAX_OCTAL_SIZE), mtime, link);
	}

	/** Where a file's content goes, after its header. */
	OutputStream stream() {
		return this.out;
	}

	/** Pads a file's content to a whole block. */
	void pad(long size) throws IOException {
		int rest = (int) (size % BLOCK);
		if (rest != 0) {
			this.out.write(new byte[BLOCK - rest]);
		}
	}

	/** The two zero blocks that end an archive. */
	void finish() throws IOException {
		this.out.write(new byte[2 * BLOCK]);
	}

	private void block(String name, char type, int mode, long size, long mtime, String link) throws IOException {
		byte[] header = new byte[BLOCK];
		put(header, 0, 100, truncated(name, 100));
		put(header, 100, 8, octal(mode, 7));
		put(header, 108, 8, octal(0, 7));
		put(header, 116, 8, octal(0, 7));
		put(header, 124, 12, octal(size, 11));
		put(header, 136, 12, octal(Math.max(0, mtime), 11));
		Arrays.fill(header, 148, 156, (byte) ' ');
		header[156] = (byte) type;
		put(header, 157, 100, truncated(link, 100));
		put(header, 257, 6, "ustar\0".getBytes(StandardCharsets.US_ASCII));
		put(header, 263, 2, "00".getBytes(StandardCharsets.US_ASCII));
		long sum = 0;
		for (byte b : header) {
			sum += b & 0xff;
		}
		put(header, 148, 8, (String.format("%06o", sum) + "\0 ").getBytes(StandardCharsets.US_ASCII));
		this.out.write(header);
	}

	/** A PAX record: its own length in decimal counts itself. */
	private static byte[] record(String key, String value) {
		byte[] bytes = Names.encode(value);
		int base = key.length() + bytes.length + 3;
		int length = base + Integer.toString(base).length();
		if (Integer.toString(length).length() > Integer.toString(base).length()) {
			length++;
		}
		ByteArrayOutputStream record = new ByteArrayOutputStream(length);
		record.writeBytes((length + " " + key + "=").getBytes(StandardCharsets.US_ASCII));
		record.writeBytes(bytes);
		record.write('\n');
		return record.toByteArray();
	}

	private static byte[] truncated(String value, int max) {
		byte[] bytes = Names.encode(value);
		return Arrays.copyOf(bytes, Math.min(bytes.length, max));
	}

	private static byte[] octal(long value, int digits) {
		return (String.format("%0" + digits + "o", value) + "\0").getBytes(StandardCharsets.US_ASCII);
	}

	private static void put(byte[] header, int offset, int length, byte[] value) {
		System.arraycopy(value, 0, header, offset, Math.min(length, value.length));
	}

}
