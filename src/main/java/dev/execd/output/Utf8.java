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
			byte c = b[from + len - back];
			if (!isContinuation(c)) {
				int need = sequenceLength(c);
				return (need > back) ? back : 0;
			}
		}
		return 0;
	}

	/**
	 * How many continuation bytes start {@code b[0, len)} (0 to 3): a read that starts
	 * inside a character skips them to the next boundary.
	 */
	public static int leadingContinuations(byte[] b, int len) {
		int n = 0;
		while (n < 3 && n < len && isContinuation(b[n])) {
			n++;
		}
		return n;
	}

	/**
	 * How many bytes after a cut at {@code b[cut]} still belong to the character the cut
	 * is inside (0 to 3), limited to the bytes present.
	 */
	public static int completionAfter(byte[] b, int cut, int len) {
		int n = 0;
		while (n < 3 && cut + n < len && isContinuation(b[cut + n])) {
			n++;
		}
		return n;
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
