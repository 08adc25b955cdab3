package dev.execd.screen;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.techsenger.jeditermfx.core.TerminalDataStream;
import com.techsenger.jeditermfx.core.util.CharUtils;

/**
 * The characters JediTerm pulls: output bytes decoded as UTF-8, where a character split
 * across feeds waits for its last bytes, and where the emulator can be rewound to a mark
 * so that an escape sequence cut off by the end of a feed is parsed again, whole, with
 * the next one.
 */
final class CharFeed implements TerminalDataStream {

	private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
		.onMalformedInput(CodingErrorAction.REPLACE)
		.onUnmappableCharacter(CodingErrorAction.REPLACE);

	/** At most 3 bytes of a UTF-8 character that is not complete yet. */
	private final ByteBuffer partial = ByteBuffer.allocate(4);

	private final ControlStrings strings = new ControlStrings();

	/** The characters one feed decodes to, before control strings are taken out. */
	private char[] decoded = new char[256];

	private final StringBuilder filtered = new StringBuilder();

	private char[] chars = new char[256];

	/** The next character to read. */
	private int start;

	/** Where the characters decoded so far end. */
	private int end;

	/**
	 * Decodes bytes and appends the characters they complete, control strings taken out
	 * (see {@link ControlStrings}).
	 */
	void append(byte[] bytes, int offset, int length) {
		int most = length + this.partial.position() + 1;
		if (this.decoded.length < most) {
			this.decoded = new char[most];
		}
		CharBuffer out = CharBuffer.wrap(this.decoded);
		int at = offset;
		int left = length;
		// First finish the character the last feed cut off, one byte at a time.
		while (this.partial.position() > 0 && left > 0) {
			this.partial.put(bytes[at++]);
			left--;
			this.partial.flip();
			this.decoder.decode(this.partial, out, false);
			this.partial.compact();
		}
		ByteBuffer in = ByteBuffer.wrap(bytes, at, left);
		this.decoder.decode(in, out, false);
		this.partial.put(in);
		this.filtered.setLength(0);
		this.strings.filter(this.decoded, 0, out.position(), this.filtered);
		compact();
		ensure(this.filtered.length());
		this.filtered.getChars(0, this.filtered.length(), this.chars, this.end);
		this.end += this.filtered.length();
	}

	private void compact() {
		if (this.start > 0) {
			System.arraycopy(this.chars, this.start, this.chars, 0, this.end - this.start);
			this.end -= this.start;
			this.start = 0;
		}
	}

	private void ensure(int more) {
		if (this.end + more > this.chars.length) {
			this.chars = Arrays.copyOf(this.chars, Math.max(this.chars.length * 2, this.end + more));
		}
	}

	/** Where reading is now, to come back to with {@link #rewind}. */
	int mark() {
		return this.start;
	}

	void rewind(int mark) {
		this.start = mark;
	}

	/** Characters not read yet. */
	int remaining() {
		return this.end - this.start;
	}

	void skip() {
		this.start++;
	}

	/** Lets a long buffer go once a flood was processed. */
	void trim() {
		if (this.start == this.end) {
			this.start = 0;
			this.end = 0;
			if (this.chars.length > 4096) {
				this.chars = new char[256];
			}
			if (this.decoded.length > 4096) {
				this.decoded = new char[256];
				this.filtered.setLength(0);
				this.filtered.trimToSize();
			}
		}
	}

	@Override
	public char getChar() throws EOF {
		if (this.start >= this.end) {
			throw new EOF();
		}
		return this.chars[this.start++];
	}

	@Override
	public void pushChar(char c) {
		if (this.start == 0) {
			ensure(1);
			System.arraycopy(this.chars, 0, this.chars, 1, this.end);
			this.end++;
			this.start = 1;
		}
		this.chars[--this.start] = c;
	}

	@Override
	public String readNonControlCharacters(int max) {
		String text = CharUtils.getNonControlCharacters(max, this.chars, this.start, this.end - this.start);
		this.start += text.length();
		return text;
	}

	@Override
	public void pushBackBuffer(char[] bytes, int length) {
		for (int i = length - 1; i >= 0; i--) {
			pushChar(bytes[i]);
		}
	}

	@Override
	public boolean isEmpty() {
		return this.start >= this.end;
	}

}
