package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of one line as slices of the chunks it was read in: a line that spans many
 * chunks is never copied into one array to be validated or sent, so a line of several
 * megabytes costs its chunks and nothing more. A line inside one chunk is one slice of
 * it.
 */
public final class LineBytes {

	private final List<Slice> slices = new ArrayList<>(2);

	private long length;

	void add(byte[] b, int off, int len) {
		if (len > 0) {
			this.slices.add(new Slice(b, off, len));
			this.length += len;
		}
	}

	/** How many bytes the line has. */
	public long length() {
		return this.length;
	}

	/** Drops a last byte equal to {@code b}; whether there was one. */
	boolean dropLast(byte b) {
		if (this.length == 0) {
			return false;
		}
		Slice last = this.slices.get(this.slices.size() - 1);
		if (last.b[last.off + last.len - 1] != b) {
			return false;
		}
		if (last.len == 1) {
			this.slices.remove(this.slices.size() - 1);
		}
		else {
			this.slices.set(this.slices.size() - 1, new Slice(last.b, last.off, last.len - 1));
		}
		this.length--;
		return true;
	}

	/**
	 * Drops every last byte equal to {@code b}: a PTY ends a program's {@code \r\n} as
	 * {@code \r\r\n}.
	 */
	void dropLastAll(byte b) {
		while (dropLast(b)) {
			// each call drops one
		}
	}

	/** Replaces every {@code from} with {@code to}, in place: the chunks are ours. */
	void replace(byte from, byte to) {
		for (Slice s : this.slices) {
			for (int i = s.off; i < s.off + s.len; i++) {
				if (s.b[i] == from) {
					s.b[i] = to;
				}
			}
		}
	}

	/** Writes the line to {@code out}, slice by slice. */
	public void writeTo(OutputStream out) throws IOException {
		for (Slice s : this.slices) {
			out.write(s.b, s.off, s.len);
		}
	}

	/** The first {@code max} bytes as one array. */
	public byte[] prefix(int max) {
		byte[] bytes = new byte[(int) Math.min(max, this.length)];
		int at = 0;
		for (Slice s : this.slices) {
			if (at == bytes.length) {
				break;
			}
			int n = Math.min(s.len, bytes.length - at);
			System.arraycopy(s.b, s.off, bytes, at, n);
			at += n;
		}
		return bytes;
	}

	/** The whole line as one array (a copy). */
	public byte[] toBytes() {
		return prefix(Integer.MAX_VALUE);
	}

	/** Reads the line without copying it. */
	InputStream stream() {
		return new InputStream() {

			private int slice;

			private int pos;

			@Override
			public int read() {
				byte[] one = new byte[1];
				return (read(one, 0, 1) < 0) ? -1 : one[0] & 0xFF;
			}

			@Override
			public int read(byte[] b, int off, int len) {
				while (this.slice < LineBytes.this.slices.size()) {
					Slice s = LineBytes.this.slices.get(this.slice);
					if (this.pos < s.len) {
						int n = Math.min(len, s.len - this.pos);
						System.arraycopy(s.b, s.off + this.pos, b, off, n);
						this.pos += n;
						return n;
					}
					this.slice++;
					this.pos = 0;
				}
				return -1;
			}

		};
	}

	private record Slice(byte[] b, int off, int len) {

	}

}
