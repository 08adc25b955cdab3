package dev.execd.output;

import java.util.Arrays;

/**
 * Which stream each byte of a log came from, kept as the offsets where the stream changes
 * rather than as a second copy of the data. Bounded: past {@link #MAX_CHANGES} the oldest
 * half is forgotten, and bytes before the first kept change report the tag of that
 * change. Not thread-safe; the log guards it.
 */
final class StreamTags {

	static final int MAX_CHANGES = 65536;

	private long[] offsets = new long[8];

	private byte[] tags = new byte[8];

	private int count;

	/** Records that bytes from {@code offset} on come from {@code tag}. */
	void mark(long offset, StreamTag tag) {
		if (this.count > 0 && this.tags[this.count - 1] == tag.ordinal()) {
			return;
		}
		if (this.count == MAX_CHANGES) {
			int keep = this.count / 2;
			System.arraycopy(this.offsets, this.count - keep, this.offsets, 0, keep);
			System.arraycopy(this.tags, this.count - keep, this.tags, 0, keep);
			this.count = keep;
		}
		if (this.count == this.offsets.length) {
			this.offsets = Arrays.copyOf(this.offsets, this.count * 2);
			this.tags = Arrays.copyOf(this.tags, this.count * 2);
		}
		this.offsets[this.count] = offset;
		this.tags[this.count] = (byte) tag.ordinal();
		this.count++;
	}

	/** The run of one stream that contains {@code offset}. */
	StreamRun runAt(long offset) {
		if (this.count == 0) {
			return new StreamRun(StreamTag.STDOUT, Long.MAX_VALUE);
		}
		int i = Arrays.binarySearch(this.offsets, 0, this.count, offset);
		int at = (i >= 0) ? i : Math.max(0, -i - 2);
		long end = (at + 1 < this.count) ? this.offsets[at + 1] : Long.MAX_VALUE;
		return new StreamRun(StreamTag.values()[this.tags[at]], end);
	}

}
