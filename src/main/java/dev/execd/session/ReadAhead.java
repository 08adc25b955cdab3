package dev.execd.session;

import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;

/**
 * A stream's bytes of the log read ahead: {@code [start, start + length)} in one reused
 * buffer, refilled by reads of up to its size. A stream that is behind then reads the log
 * in a few large reads instead of one read, and one new array, per event. A log's bytes
 * never change once written, so what the buffer holds stays right even after the log
 * dropped it. Not thread-safe: one stream, one thread.
 */
final class ReadAhead {

	/** What a stream reads at once: a pipe's capacity, four events. */
	static final int STREAM_BYTES = 64 * 1024;

	private final int size;

	/** Grown as reads need it, so an idle stream holds none and a slow trickle little. */
	private byte[] buf = new byte[0];

	private long start;

	private int length;

	ReadAhead(int size) {
		this.size = size;
	}

	byte[] buffer() {
		return this.buf;
	}

	/** The index of the byte at {@code offset}, which must be buffered. */
	int indexOf(long offset) {
		return (int) (offset - this.start);
	}

	/**
	 * Buffers the log from {@code offset} on, reading at most up to {@code total} when
	 * fewer than {@code want} bytes at it are buffered yet.
	 * @return where the bytes buffered from {@code offset} end: at least {@code want}
	 * unless the log gave fewer
	 * @throws OutputException.OutputUnavailable when the byte at {@code offset} is no
	 * longer kept
	 * @throws OutputException.ResourcesExhausted when it cannot be read for want of a
	 * descriptor, for now
	 */
	long fill(OutputLog log, long offset, long want, long total) {
		long end = this.start + this.length;
		if (offset < this.start || offset > end) {
			this.start = offset;
			this.length = 0;
			end = offset;
		}
		if (end >= want) {
			return end;
		}
		// Keep what is buffered from offset on, at the front, and read after it. The
		// buffer grows to what there is to read, doubling, up to its size.
		int keep = (int) (end - offset);
		int need = (int) Math.min(this.size, keep + (total - end));
		byte[] target = this.buf;
		if (target.length < need) {
			target = new byte[Math.max(need, Math.min(this.size, 2 * target.length))];
		}
		System.arraycopy(this.buf, indexOf(offset), target, 0, keep);
		this.buf = target;
		this.start = offset;
		this.length = keep;
		try {
			this.length += log.read(end, target, keep, (int) Math.min(target.length - keep, total - end));
		}
		catch (OutputException.OutputUnavailable | OutputException.ResourcesExhausted ex) {
			if (keep == 0) {
				throw ex;
			}
			// The buffered bytes go out first; the next read finds the gap (or the
			// descriptor it lacked).
		}
		return this.start + this.length;
	}

}
