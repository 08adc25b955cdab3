package dev.execd.output;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Character boundaries in UTF-8 byte ranges, so that no read splits a character.
 */
public final class Utf8 {

	private Utf8() {
	}

	/**
	 * Length of the lead byte's sequence, or 0 when {@code b} is not a valid lead byte.
	 */
	static int sequenceLength(byte b) {
		int u = b & 0xFF;
		if (u < 0x80) {
			return 1;
		}
		if (u >= 0xC2 && u <= 0xDF) {
			return 2;
		}
		if (u >= 0xE0 && u <= 0xEF) {
			return 3;
		}
		if (u >= 0xF0 && u <= 0xF4) {
			return 4;
		}
		return 0;
	}

	static boolean isContinuation(byte b) {
		return (b & 0xC0) == 0x80;
	}

	/**
	 * How many bytes at the end of {@code b[0, len)} are the start of a character whose
	 * remaining bytes have not arrived yet (0 to 3). Invalid bytes never count: they are
	 * shown as U+FFFD rather than held back.
	 */
	public static int incompleteTail(byte[] b, int len) {
		return incompleteTail(b, 0, len);
	}

	/** As {@link #incompleteTail(byte[], int)}, for {@code b[from, from + len)}. */
	public static int incompleteTail(byte[] b, int from, int len) {
		for (int back = 1; back <= 3 && back <= len; back++) {
			int at = from + len - back;
			if (!isContinuation(b[at])) {
				// A start that can no longer be completed is one U+FFFD already.
				boolean open = unitAt(b, at, from + len) == back;
				return (open && sequenceLength(b[at]) > back) ? back : 0;
			}
		}
		return 0;
	}

	/**
	 * How many continuation bytes start {@code b[0, len)} (0 to 3), whatever came before
	 * them; a read by offset uses {@link #insideAtStart}, which knows.
	 */
	public static int leadingContinuations(byte[] b, int len) {
		int n = 0;
		while (n < 3 && n < len && isContinuation(b[n])) {
			n++;
		}
		return n;
	}

	/**
	 * How many bytes at the start of {@code b[0, len)} belong to a unit (see
	 * {@link #unitAt}) that began in {@code before}, the bytes just before them: a read
	 * that starts inside one starts after it. A continuation byte no unit takes is a
	 * boundary of its own, shown as U+FFFD. When all of {@code b[0, len)} is taken, more
	 * bytes may belong to the unit too.
	 */
	public static int insideAtStart(byte[] before, byte[] b, int len) {
		int k = before.length;
		for (int back = 1; back <= 3 && back <= k; back++) {
			if (!isContinuation(before[k - back])) {
				byte[] joined = new byte[back + Math.min(3, len)];
				System.arraycopy(before, k - back, joined, 0, back);
				System.arraycopy(b, 0, joined, back, joined.length - back);
				return Math.max(0, unitAt(joined, 0, joined.length) - back);
			}
		}
		return 0;
	}

	/**
	 * How many bytes after a cut at {@code b[cut]} still belong to the unit the cut is
	 * inside (0 to 3), limited to the bytes present: a read that ends inside one ends
	 * after it. Stray continuation bytes are units of their own and are not taken.
	 */
	public static int completionAfter(byte[] b, int cut, int len) {
		return completionAfter(b, 0, cut, len);
	}

	/**
	 * As {@link #completionAfter(byte[], int, int)}, for a read whose bytes start at
	 * {@code b[from]}, a boundary: no unit before it reaches the cut.
	 */
	public static int completionAfter(byte[] b, int from, int cut, int len) {
		for (int at = cut - 1; at >= Math.max(from, cut - 3); at--) {
			if (!isContinuation(b[at])) {
				return Math.max(0, at + unitAt(b, at, len) - cut);
			}
		}
		return 0;
	}

	/**
	 * The length of the unit that starts at {@code b[at]} as {@link #decode} reads it: a
	 * character (1 to 4 bytes), the longest start of one that cannot be completed (1 to 3
	 * bytes, shown as one U+FFFD), or any other single byte. Only bytes before
	 * {@code end} are looked at: a start that reaches it may still be completed.
	 * <p>
	 * The byte ranges are those of the JDK's decoder, which reads a surrogate's three
	 * bytes (ED A0 to BF) as one U+FFFD, so that a read never cuts where a read of the
	 * whole output would not.
	 */
	static int unitAt(byte[] b, int at, int end) {
		int u = b[at] & 0xFF;
		int n = sequenceLength(b[at]);
		for (int i = 1; i < n; i++) {
			if (at + i >= end) {
				return i;
			}
			int c = b[at + i] & 0xFF;
			int lo = (i > 1) ? 0x80 : (u == 0xE0) ? 0xA0 : (u == 0xF0) ? 0x90 : 0x80;
			int hi = (i == 1 && u == 0xF4) ? 0x8F : 0xBF;
			if (c < lo || c > hi) {
				return i;
			}
		}
		return Math.max(n, 1);
	}

	/**
	 * The length of the well-formed character at {@code b[at]}, all of whose bytes lie
	 * before {@code end}, or 0: a byte that is no lead byte, a missing or wrong
	 * continuation, an overlong form, a surrogate or a code point past U+10FFFF.
	 */
	public static int wellFormedAt(byte[] b, int at, int end) {
		int n = sequenceLength(b[at]);
		if (n == 0 || at + n > end) {
			return 0;
		}
		if (n > 1) {
			int u = b[at] & 0xFF;
			int second = b[at + 1] & 0xFF;
			// The second byte's range is narrower after E0, ED, F0 and F4 (Unicode table
			// 3-7).
			int lo = (u == 0xE0) ? 0xA0 : (u == 0xF0) ? 0x90 : 0x80;
			int hi = (u == 0xED) ? 0x9F : (u == 0xF4) ? 0x8F : 0xBF;
			if (second < lo || second > hi) {
				return 0;
			}
			for (int i = 2; i < n; i++) {
				if (!isContinuation(b[at + i])) {
					return 0;
				}
			}
		}
		return n;
	}

	/**
	 * Decodes bytes, showing malformed input as U+FFFD.
	 */
	public static String decode(byte[] b, int off, int len) {
		CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
			.onMalformedInput(CodingErrorAction.REPLACE)
			.onUnmappableCharacter(CodingErrorAction.REPLACE);
		try {
			return decoder.decode(ByteBuffer.wrap(b, off, len)).toString();
		}
		catch (CharacterCodingException ex) {
			// Unreachable with REPLACE, which never reports an error.
			throw new IllegalStateException(ex);
		}
	}

	public static String decode(byte[] b) {
		return decode(b, 0, b.length);
	}

}
