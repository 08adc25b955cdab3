package dev.execd.output;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The complete lines of one output stream, for watches: bytes are cut at {@code \n} only,
 * so a line split across reads, or a character split across reads, is whole when it is
 * handed on, as a {@link TextLine}.
 * <p>
 * The unfinished last line is kept up to {@link #MAX_LINE} bytes; a longer one is handed
 * on in pieces of that size, cut between characters. Not thread-safe.
 */
public final class TextLines {

	/** The longest line kept whole. */
	public static final int MAX_LINE = 64 * 1024;

	/** A line buffer up to this size is kept for the next line. */
	private static final int SMALL = 4 * 1024;

	private byte[] carry = new byte[0];

	private int carried;

	/**
	 * Where the carried bytes lie in the log: from {@code carry[segmentStarts[k]]} on at
	 * {@code segmentOffsets[k]}. A new segment begins when the stream's output resumes
	 * after another stream's bytes in the log, so offsets stay exact when stdout and
	 * stderr interleave within a line.
	 */
	private int[] segmentStarts = new int[4];

	private long[] segmentOffsets = new long[4];

	private int segments;

	/** The log offset just after the last carried byte. */
	private long carryEnd;

	/**
	 * Whether the last piece of a long line was handed on just now, with nothing carried
	 * after it: a {@code \n} next ends that line, it is no empty line of its own.
	 */
	private boolean pieceEnded;

	private final TextLine line = new TextLine();

	/** Receives each complete line; the line is valid only during the call. */
	@FunctionalInterface
	public interface Sink {

		void line(TextLine line);

	}

	/** Bytes waiting for the end of their line. */
	public int pending() {
		return this.carried;
	}

	/**
	 * Adds output that starts at log offset {@code offset} and hands each line it
	 * completes to {@code sink}.
	 */
	public void feed(byte[] b, int len, long offset, Sink sink) {
		int from = 0;
		for (int i = Newlines.indexOf(b, 0, len); i >= 0; i = Newlines.indexOf(b, from, len)) {
			append(b, from, i, offset + from, sink);
			flush(sink, offset + i);
			from = i + 1;
		}
		append(b, from, len, offset + from, sink);
	}

	/**
	 * Adds output without looking at its lines, so that a watch added later sees the line
	 * under way whole: only the bytes after the last {@code \n} are kept.
	 */
	public void skip(byte[] b, int len, long offset) {
		int from = Newlines.lastIndexOf(b, 0, len) + 1;
		if (from > 0) {
			this.carried = 0;
			this.pieceEnded = false;
			release();
		}
		append(b, from, len, offset + from, null);
	}

	/** Hands on the unfinished last line, if any: the stream ended. */
	public void end(Sink sink) {
		if (this.carried > 0) {
			flush(sink, this.carryEnd);
		}
	}

	private void append(byte[] b, int from, int to, long offset, @Nullable Sink sink) {
		while (from < to) {
			if (this.carried == 0) {
				this.segments = 0;
			}
			if (this.segments == 0 || offset != this.carryEnd) {
				segment(this.carried, offset);
			}
			int n = Math.min(to - from, MAX_LINE - this.carried);
			if (this.carry.length < this.carried + n) {
				this.carry = Arrays.copyOf(this.carry, Math.min(MAX_LINE, Math.max(256, 2 * (this.carried + n))));
			}
			System.arraycopy(b, from, this.carry, this.carried, n);
			this.carried += n;
			this.pieceEnded = false;
			from += n;
			offset += n;
			this.carryEnd = offset;
			if (this.carried == MAX_LINE) {
				cut(sink);
			}
		}
	}

	/** Hands on a full carry as a line, ending between characters. */
	private void cut(@Nullable Sink sink) {
		int lead = MAX_LINE - 1;
		while (lead > MAX_LINE - 4 && Utf8.isContinuation(this.carry[lead])) {
			lead--;
		}
		int need = Utf8.sequenceLength(this.carry[lead]);
		int cut = (need > 1 && lead + need > MAX_LINE) ? lead : MAX_LINE;
		if (sink != null) {
			this.line.decode(this.carry, cut, this.segmentStarts, this.segmentOffsets, this.segments);
			sink.line(this.line);
		}
		int rest = MAX_LINE - cut;
		System.arraycopy(this.carry, cut, this.carry, 0, rest);
		this.carried = rest;
		// The segment holding byte cut becomes the first; the later ones move down.
		int first = this.segments - 1;
		while (first > 0 && this.segmentStarts[first] > cut) {
			first--;
		}
		int kept = 0;
		for (int k = first; k < this.segments; k++) {
			long at = (k == first) ? this.segmentOffsets[k] + (cut - this.segmentStarts[k]) : this.segmentOffsets[k];
			this.segmentStarts[kept] = (k == first) ? 0 : this.segmentStarts[k] - cut;
			this.segmentOffsets[kept] = at;
			kept++;
		}
		this.segments = (rest > 0) ? kept : 0;
		this.pieceEnded = rest == 0;
	}

	private void segment(int start, long offset) {
		if (this.segments == this.segmentStarts.length) {
			this.segmentStarts = Arrays.copyOf(this.segmentStarts, 2 * this.segments);
			this.segmentOffsets = Arrays.copyOf(this.segmentOffsets, 2 * this.segments);
		}
		this.segmentStarts[this.segments] = start;
		this.segmentOffsets[this.segments] = offset;
		this.segments++;
	}

	/** Hands on the carried line, which ends at log offset {@code end}. */
	private void flush(Sink sink, long end) {
		if (this.carried == 0) {
			boolean piece = this.pieceEnded;
			this.pieceEnded = false;
			if (piece) {
				return;
			}
			// An empty line: no byte of it says where it is, its end does.
			this.segments = 0;
			segment(0, end);
		}
		this.line.decode(this.carry, this.carried, this.segmentStarts, this.segmentOffsets, this.segments);
		this.carried = 0;
		this.segments = 0;
		sink.line(this.line);
		release();
	}

	/** Lets the buffer of a long line go once it ended: an idle session holds little. */
	private void release() {
		if (this.carry.length > SMALL) {
			this.carry = new byte[0];
		}
	}

}
