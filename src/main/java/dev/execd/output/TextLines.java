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

	private byte[] carry = new byte[0];

	private int carried;

	/** The log offset of {@code carry[0]}. */
	private long carryOffset;

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
		for (int i = 0; i < len; i++) {
			if (b[i] == '\n') {
				append(b, from, i, offset + from, sink);
				flush(sink);
				from = i + 1;
			}
		}
		append(b, from, len, offset + from, sink);
	}

	/**
	 * Adds output without looking at its lines, so that a watch added later sees the line
	 * under way whole: only the bytes after the last {@code \n} are kept.
	 */
	public void skip(byte[] b, int len, long offset) {
		int from = len;
		while (from > 0 && b[from - 1] != '\n') {
			from--;
		}
		if (from > 0) {
			this.carried = 0;
		}
		append(b, from, len, offset + from, null);
	}

	/** Hands on the unfinished last line, if any: the stream ended. */
	public void end(Sink sink) {
		if (this.carried > 0) {
			flush(sink);
		}
	}

	private void append(byte[] b, int from, int to, long offset, @Nullable Sink sink) {
		while (from < to) {
			if (this.carried == 0) {
				this.carryOffset = offset;
			}
			int n = Math.min(to - from, MAX_LINE - this.carried);
			if (this.carry.length < this.carried + n) {
				this.carry = Arrays.copyOf(this.carry, Math.min(MAX_LINE, Math.max(256, 2 * (this.carried + n))));
			}
			System.arraycopy(b, from, this.carry, this.carried, n);
			this.carried += n;
			from += n;
			offset += n;
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
			this.line.decode(this.carry, cut, this.carryOffset);
			sink.line(this.line);
		}
		int rest = MAX_LINE - cut;
		System.arraycopy(this.carry, cut, this.carry, 0, rest);
		this.carried = rest;
		this.carryOffset += cut;
	}

	private void flush(Sink sink) {
		this.line.decode(this.carry, this.carried, this.carryOffset);
		this.carried = 0;
		sink.line(this.line);
	}

}
