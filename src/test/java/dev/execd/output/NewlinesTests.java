package dev.execd.output;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link Newlines}: the word-at-a-time search agrees with a byte loop on every
 * position, including the bytes next to a newline that a carry-based test would confuse.
 */
class NewlinesTests {

	/** Around {@code \n}: bytes one above, one below, with the high bit, and zero. */
	private static final byte[] ALPHABET = { '\n', 0x0B, 0x09, (byte) 0x8A, 0x00, (byte) 0xFF, 'a', 0x01 };

	@Test
	void findsTheSameNewlinesAsAByteLoopInRandomBytes() {
		Random random = new Random(42);
		for (int round = 0; round < 20_000; round++) {
			byte[] b = new byte[random.nextInt(40)];
			int density = 1 + random.nextInt(ALPHABET.length);
			for (int i = 0; i < b.length; i++) {
				b[i] = ALPHABET[random.nextInt(density)];
			}
			int from = b.length == 0 ? 0 : random.nextInt(b.length + 1);
			int to = from + random.nextInt(b.length - from + 1);
			assertThat(Newlines.indexOf(b, from, to)).as("first in %s [%d, %d)", hex(b), from, to)
				.isEqualTo(firstByLoop(b, from, to));
			assertThat(Newlines.lastIndexOf(b, from, to)).as("last in %s [%d, %d)", hex(b), from, to)
				.isEqualTo(lastByLoop(b, from, to));
		}
	}

	@Test
	void findsANewlineAtEveryPositionOfALongRun() {
		byte[] b = new byte[300];
		Arrays.fill(b, (byte) 0x0B);
		assertThat(Newlines.indexOf(b, 0, b.length)).isEqualTo(-1);
		assertThat(Newlines.lastIndexOf(b, 5, b.length)).isEqualTo(4);
		for (int at = 0; at < b.length; at++) {
			b[at] = '\n';
			assertThat(Newlines.indexOf(b, 0, b.length)).isEqualTo(at);
			assertThat(Newlines.lastIndexOf(b, 0, b.length)).isEqualTo(at);
			b[at] = 0x0B;
		}
	}

	private static int firstByLoop(byte[] b, int from, int to) {
		for (int i = from; i < to; i++) {
			if (b[i] == '\n') {
				return i;
			}
		}
		return -1;
	}

	private static int lastByLoop(byte[] b, int from, int to) {
		for (int i = to - 1; i >= from; i--) {
			if (b[i] == '\n') {
				return i;
			}
		}
		return from - 1;
	}

	private static String hex(byte[] b) {
		return HexFormat.of().formatHex(b);
	}

}
