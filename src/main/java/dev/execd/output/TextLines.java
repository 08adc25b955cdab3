package dev.execd.output;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The complete lines of one output stream as a person reads them, for watches: bytes are
 * cut at {@code \n} only, so a line split across reads, or a character split across
 * reads, is whole when it is handed on. Each line is decoded as UTF-8 with escape
 * sequences removed (a cursor move forward becomes a space), a trailing {@code \r}
 * dropped and, after a lone {@code \r}, only what follows kept. Every character remembers
 * the log offset of its first byte.
 * <p>
 * The unfinished last line is kept up to {@link #MAX_LINE} bytes; a longer one is handed
 * on in pieces of that size, cut between characters. Not thread-safe.
 */
public final class TextLines implements CharSequence {

	/** The longest line kept whole. */
	public static final int MAX_LINE = 64 * 1024;

	/** What a line shows of itself and what a group shows, in UTF-8 bytes. */
	public static final int MAX_TEXT = 1024;

	private static final byte ESC = 0x1b;

	private byte[] carry = new byte[0];

	private int carried;

	/** The log offset of {@code carry[0]}. */
	private long carryOffset;

	private char[] chars = new char[0];

	/** Per character, the offset of its first byte in the line. */
	private int[] starts = new int[0];

	private int length;

	private long lineOffset;

	/** The raw bytes of the line, for the offset of its end. */
	private int lineBytes;

	/** Receives each complete line; the line is valid only during the call. */
	@FunctionalInterface
	public interface Sink {

		void line(TextLines line);

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
			decode(cut);
			sink.line(this);
		}
		int rest = MAX_LINE - cut;
		System.arraycopy(this.carry, cut, this.carry, 0, rest);
		this.carried = rest;
		this.carryOffset += cut;
	}

	private void flush(Sink sink) {
		decode(this.carried);
		this.carried = 0;
		sink.line(this);
	}

	/** Decodes {@code carry[0, end)} into this line's characters. */
	private void decode(int end) {
		if (this.chars.length < end) {
			this.chars = new char[end];
			this.starts = new int[end];
		}
		this.length = 0;
		this.lineOffset = this.carryOffset;
		this.lineBytes = end;
		byte[] b = this.carry;
		int i = 0;
		while (i < end) {
			int u = b[i] & 0xFF;
			if (u == ESC) {
				i = escape(b, i, end);
			}
			else if (u == '\r') {
				if (i + 1 < end) {
					this.length = 0;
				}
				i++;
			}
			else if (u < 0x20 && u != '\t' || u == 0x7f) {
				i++;
			}
			else {
				i = character(b, i, end);
			}
		}
	}

	/** Skips the escape sequence at {@code b[i]}; a cursor move forward is a space. */
	private int escape(byte[] b, int i, int end) {
		if (i + 1 >= end) {
			return end;
		}
		int kind = b[i + 1] & 0xFF;
		int j = i + 2;
		if (kind == '[') {
			while (j < end && (b[j] & 0xFF) >= 0x20 && (b[j] & 0xFF) <= 0x3F) {
				j++;
			}
			if (j < end && b[j] == 'C') {
				add(' ', i);
			}
			return Math.min(j + 1, end);
		}
		if (kind == ']' || kind == 'P' || kind == 'X' || kind == '^' || kind == '_') {
			// A string up to BEL or ESC \.
			while (j < end && b[j] != 0x07 && !(b[j] == ESC && j + 1 < end && b[j + 1] == '\\')) {
				j++;
			}
			return Math.min((j < end && b[j] == ESC) ? j + 2 : j + 1, end);
		}
		// ESC, intermediate bytes, a final byte (ESC ( B, ESC 7...).
		j = i + 1;
		while (j < end && (b[j] & 0xFF) >= 0x20 && (b[j] & 0xFF) <= 0x2F) {
			j++;
		}
		return Math.min(j + 1, end);
	}

	/** Decodes the character at {@code b[i]}, U+FFFD for a malformed one. */
	private int character(byte[] b, int i, int end) {
		int need = Utf8.sequenceLength(b[i]);
		if (need == 1) {
			add((char) b[i], i);
			return i + 1;
		}
		if (need == 0 || i + need > end) {
			add('\uFFFD', i);
			return i + 1;
		}
		int cp = b[i] & (0xFF >> (need + 1));
		for (int k = 1; k < need; k++) {
			if (!Utf8.isContinuation(b[i + k])) {
				add('\uFFFD', i);
				return i + 1;
			}
			cp = (cp << 6) | (b[i + k] & 0x3F);
		}
		if (Character.isBmpCodePoint(cp)) {
			add((char) cp, i);
		}
		else {
			add(Character.highSurrogate(cp), i);
			add(Character.lowSurrogate(cp), i);
		}
		return i + need;
	}

	private void add(char c, int start) {
		this.chars[this.length] = c;
		this.starts[this.length] = start;
		this.length++;
	}

	/** The log offset of the first byte of character {@code index}. */
	public long offsetOf(int index) {
		return this.lineOffset + ((index < this.length) ? this.starts[index] : this.lineBytes);
	}

	/**
	 * What an event shows of the line: all of it up to {@link #MAX_TEXT} bytes, else that
	 * much from the start, or from {@code matchStart} when the match begins later.
	 */
	public String excerpt(int matchStart) {
		String head = capped(this);
		return (matchStart < head.length()) ? head : capped(subSequence(matchStart, this.length));
	}

	/** {@code text} cut to {@link #MAX_TEXT} UTF-8 bytes, never inside a character. */
	public static String capped(CharSequence text) {
		int end = 0;
		int bytes = 0;
		while (end < text.length()) {
			char c = text.charAt(end);
			boolean pair = Character.isHighSurrogate(c) && end + 1 < text.length()
					&& Character.isLowSurrogate(text.charAt(end + 1));
			int size = pair ? 4 : (c < 0x80) ? 1 : (c < 0x800) ? 2 : 3;
			if (bytes + size > MAX_TEXT) {
				break;
			}
			bytes += size;
			end += pair ? 2 : 1;
		}
		return text.subSequence(0, end).toString();
	}

	@Override
	public int length() {
		return this.length;
	}

	@Override
	public char charAt(int index) {
		return this.chars[index];
	}

	@Override
	public CharSequence subSequence(int start, int end) {
		return new String(this.chars, start, end - start);
	}

	@Override
	public String toString() {
		return new String(this.chars, 0, this.length);
	}

}
