package dev.execd.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Entries of a tar stream (ustar, with PAX and GNU long names), read in order. A
 * malformed stream is {@link FilesException.InvalidRequest}, and so is a GNU sparse
 * entry.
 */
final class TarReader {

	private static final int BLOCK = 512;

	/** PAX and GNU headers larger than this are refused, not buffered. */
	private static final int MAX_META = 64 * 1024;

	private final InputStream in;

	private long remaining;

	private long padding;

	TarReader(InputStream in) {
		this.in = in;
	}

	/**
	 * One entry's header.
	 *
	 * @param name its path in the archive
	 * @param type the ustar type flag ({@code '0'} file, {@code '5'} directory,
	 * {@code '2'} symbolic link...)
	 * @param mode its permission bits
	 * @param size the bytes of content that follow
	 * @param link a link's target
	 */
	record Entry(String name, char type, int mode, long size, String link) {

		boolean isFile() {
			return this.type == '0' || this.type == '\0' || this.type == '7';
		}

	}

	/** The next entry, its content unread; null at the end. */
	@Nullable Entry next() throws IOException {
		skip(this.remaining + this.padding);
		Map<String, String> pax = new HashMap<>();
		while (true) {
			byte[] header = this.in.readNBytes(BLOCK);
			if (header.length == 0 || isZero(header)) {
				return null;
			}
			if (header.length < BLOCK) {
				throw malformed();
			}
			char type = (char) header[156];
			long size = octal(header, 124, 12);
			this.remaining = size;
			this.padding = (BLOCK - size % BLOCK) % BLOCK;
			if (type == 'x' || type == 'L' || type == 'K') {
				byte[] meta = content(size);
				if (type == 'x') {
					parsePax(meta, pax);
				}
				else {
					pax.put((type == 'L') ? "path" : "linkpath", text(meta, 0, meta.length));
				}
				continue;
			}
			if (type == 'g') {
				content(size);
				continue;
			}
			String name = text(header, 0, 100);
			String prefix = text(header, 345, 155);
			if (!prefix.isEmpty() && text(header, 257, 5).equals("ustar")) {
				name = prefix + "/" + name;
			}
			name = pax.getOrDefault("path", name);
			String link = pax.getOrDefault("linkpath", text(header, 157, 100));
			if (pax.containsKey("size")) {
				size = parse(pax.get("size"));
				if (size < 0) {
					throw malformed();
				}
				this.remaining = size;
				this.padding = (BLOCK - size % BLOCK) % BLOCK;
			}
			if (type == 'S' || pax.keySet().stream().anyMatch((key) -> key.startsWith("GNU.sparse."))) {
				// GNU sparse files (old-format 'S', PAX 0.0, 0.1 and 1.0) hold a map of
				// their data; extracting one as a plain file would write the map or drop
				// the file, so the archive is refused here, before any of it is written.
				throw new FilesException.InvalidRequest(
						"archive entry '" + Names.display(pax.getOrDefault("GNU.sparse.name", name))
								+ "' is a sparse file, which extraction does not support; archive it without --sparse");
			}
			return new Entry(name, type, (int) octal(header, 100, 8) & 07777, size, link);
		}
	}

	/** The current entry's content, to read before the next call to {@link #next}. */
	InputStream content() {
		return new InputStream() {

			@Override
			public int read() throws IOException {
				byte[] one = new byte[1];
				return (read(one, 0, 1) < 0) ? -1 : one[0] & 0xff;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				if (TarReader.this.remaining <= 0) {
					return -1;
				}
				int n = TarReader.this.in.read(buffer, offset, (int) Math.min(length, TarReader.this.remaining));
				if (n < 0) {
					throw malformed();
				}
				TarReader.this.remaining -= n;
				return n;
			}

		};
	}

	private byte[] content(long size) throws IOException {
		if (size > MAX_META) {
			throw new FilesException.InvalidRequest("a tar extended header is larger than " + MAX_META + " bytes");
		}
		byte[] data = this.in.readNBytes((int) size);
		if (data.length < size) {
			throw malformed();
		}
		skip(this.padding);
		this.remaining = 0;
		this.padding = 0;
		return data;
	}

	private void skip(long count) throws IOException {
		for (long left = count; left > 0;) {
			long n = this.in.skip(left);
			if (n <= 0) {
				if (this.in.read() < 0) {
					throw malformed();
				}
				n = 1;
			}
			left -= n;
		}
		this.remaining = 0;
		this.padding = 0;
	}

	/**
	 * PAX records, {@code "<length> <key>=<value>\n"}, each as long as its length says (a
	 * name may hold a newline). Values keep their exact bytes ({@link Names}), which
	 * {@code hdrcharset=BINARY} says need not be UTF-8.
	 */
	private static void parsePax(byte[] meta, Map<String, String> pax) {
		int start = 0;
		while (start < meta.length && meta[start] != 0) {
			int space = start;
			while (space < meta.length && meta[space] >= '0' && meta[space] <= '9' && space - start < 9) {
				space++;
			}
			if (space == start || space >= meta.length || meta[space] != ' ') {
				throw malformed();
			}
			int length = Integer.parseInt(new String(meta, start, space - start, StandardCharsets.US_ASCII));
			int end = start + length;
			if (end > meta.length || end <= space + 1 || meta[end - 1] != '\n') {
				throw malformed();
			}
			int equals = space + 1;
			while (equals < end - 1 && meta[equals] != '=') {
				equals++;
			}
			if (equals > space + 1 && equals < end - 1) {
				pax.put(new String(meta, space + 1, equals - space - 1, StandardCharsets.UTF_8),
						Names.decode(Arrays.copyOfRange(meta, equals + 1, end - 1)));
			}
			start = end;
		}
	}

	private static boolean isZero(byte[] block) {
		for (byte b : block) {
			if (b != 0) {
				return false;
			}
		}
		return true;
	}

	/**
	 * A field up to its NUL; a name or link target keeps its exact bytes ({@link Names}).
	 */
	private static String text(byte[] header, int offset, int length) {
		int end = offset;
		while (end < offset + length && header[end] != 0) {
			end++;
		}
		return Names.decode(Arrays.copyOfRange(header, offset, end));
	}

	private static long octal(byte[] header, int offset, int length) {
		if ((header[offset] & 0x80) != 0) {
			throw new FilesException.InvalidRequest("tar numbers in base-256 are not supported");
		}
		String value = text(header, offset, length).trim();
		return value.isEmpty() ? 0 : parseOctal(value);
	}

	private static long parseOctal(String value) {
		try {
			long parsed = Long.parseLong(value, 8);
			if (parsed < 0) {
				throw malformed();
			}
			return parsed;
		}
		catch (NumberFormatException ex) {
			throw malformed();
		}
	}

	private static long parse(String value) {
		try {
			return Long.parseLong(value.trim());
		}
		catch (NumberFormatException ex) {
			throw malformed();
		}
	}

	private static FilesException malformed() {
		return new FilesException.InvalidRequest("the body is not a valid tar.gz archive");
	}

}
