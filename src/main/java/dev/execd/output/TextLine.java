package dev.execd.output;

/**
 * One line of output as a person reads it, for watches: decoded as UTF-8 (U+FFFD for a
 * malformed character), with escape sequences removed (a cursor move forward becomes a
 * space), trailing {@code \r}s dropped and, after a {@code \r} within the line, only what
 * follows kept: a PTY ends a program's own {@code \r\n} as {@code \r\r\n}. Every
 * character remembers the log offset of its first byte. Reused from line to line; not
 * thread-safe.
 */
public final class TextLine implements CharSequence {

	/** What a line shows of itself and what a group shows, in UTF-8 bytes. */
	public static final int MAX_TEXT = 1024;

	private static final byte ESC = 0x1b;

	private char[] chars = new char[0];

	/** Per character, the offset of its first byte in the line. */
	private int[] starts = new int[0];

	private int length;

	/**
	 * Where the line's bytes lie in the log: byte {@code segmentStarts[k]} of the line
	 * and those after it, up to the next segment, start at log offset
	 * {@code segmentOffsets[k]}. One segment unless another stream's output came between
	 * two parts of the line.
	 */
	private int[] segmentStarts = new int[1];

	private long[] segmentOffsets = new long[1];

	private int segments;

	/**
	 * The raw bytes of the line but its trailing {@code \r}s, for the offset of its end:
	 * a match at the end of {@code a\r\n} or of an empty {@code \r\n} line starts where
	 * the first of them is, as a log search reports it.
	 */
	private int lineBytes;

	/** Decodes {@code b[0, end)}, which starts at log offset {@code offset}. */
	void decode(byte[] b, int end, long offset) {
		decode(b, end, new int[] { 0 }, new long[] { offset }, 1);
	}

	/**
	 * Decodes {@code b[0, end)}, whose bytes lie in the log as the segments say (see
	 * {@link #segmentStarts}).
	 */
	void decode(byte[] b, int end, int[] starts, long[] offsets, int count) {
		// Grown for a long line, shrunk again after it: an idle session holds little.
		if (this.chars.length < end || this.chars.length > 4 * Math.max(end, 1024)) {
			this.chars = new char[end];
			this.starts = new int[end];
		}
		if (this.segmentStarts.length < count) {
			this.segmentStarts = new int[count];
			this.segmentOffsets = new long[count];
		}
		System.arraycopy(starts, 0, this.segmentStarts, 0, count);
		System.arraycopy(offsets, 0, this.segmentOffsets, 0, count);
		this.segments = count;
		this.length = 0;
		int text = Newlines.withoutReturns(b, 0, end);
		this.lineBytes = text;
		int i = 0;
		while (i < text) {
			int u = b[i] & 0xFF;
			if (u == ESC) {
				i = escape(b, i, text);
			}
			else if (u == '\r') {
				this.length = 0;
				i++;
			}
			else if (u < 0x20 && u != '\t' || u == 0x7f) {
				i++;
			}
			else {
				i = character(b, i, text);
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
		int at = (index < this.length) ? this.starts[index] : this.lineBytes;
		int k = this.segments - 1;
		while (k > 0 && this.segmentStarts[k] > at) {
			k--;
		}
		return this.segmentOffsets[k] + (at - this.segmentStarts[k]);
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
