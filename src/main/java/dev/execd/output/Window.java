package dev.execd.output;

/**
 * The most recent bytes of a log, in a ring indexed by absolute offset that grows as
 * output arrives (an idle session holds no buffer) up to its capacity. Not thread-safe:
 * the log guards it.
 */
final class Window {

	/**
	 * The first ring's size. An idle shell's window holds its prompt, tens of bytes: a
	 * larger first ring would be most of an idle session's heap. A session that writes
	 * more doubles it a few times more on the way to its capacity.
	 */
	private static final int MIN_SIZE = 256;

	private final int capacity;

	private byte[] ring = new byte[0];

	private int length;

	private long end;

	Window(int capacity) {
		this.capacity = Math.max(capacity, 1);
	}

	/** Places an empty window at {@code offset}: the bytes before it were never here. */
	void startAt(long offset) {
		this.end = offset;
		this.length = 0;
	}

	/** Offsets [start, end) are in the window. */
	long start() {
		return this.end - this.length;
	}

	long end() {
		return this.end;
	}

	/** Appends bytes at the end; the oldest fall out past the capacity. */
	void append(byte[] b, int off, int len) {
		int need = (int) Math.min((long) this.length + len, this.capacity);
		if (need > this.ring.length) {
			grow(need);
		}
		int size = this.ring.length;
		int skip = Math.max(0, len - size);
		long offset = this.end + skip;
		for (int i = skip; i < len;) {
			int at = (int) (offset % size);
			int n = Math.min(len - i, size - at);
			System.arraycopy(b, off + i, this.ring, at, n);
			i += n;
			offset += n;
		}
		this.end += len;
		this.length = (int) Math.min((long) this.length + len, size);
	}

	private void grow(int need) {
		int size = Math.max(Math.min(MIN_SIZE, this.capacity), this.ring.length);
		while (size < need) {
			size = (int) Math.min((long) size * 2, this.capacity);
		}
		byte[] bigger = new byte[size];
		for (long offset = start(); offset < this.end; offset++) {
			bigger[(int) (offset % size)] = this.ring[(int) (offset % this.ring.length)];
		}
		this.ring = bigger;
	}

	/**
	 * Copies {@code n} bytes from {@code offset}, which must be in the window, to
	 * {@code out} at {@code off}.
	 */
	void copy(long offset, byte[] out, int off, int n) {
		int size = this.ring.length;
		for (int i = 0; i < n;) {
			int at = (int) ((offset + i) % size);
			int k = Math.min(n - i, size - at);
			System.arraycopy(this.ring, at, out, off + i, k);
			i += k;
		}
	}

}
