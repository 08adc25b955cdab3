package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Tests for {@link Utf8}.
 */
class Utf8Tests {

	static Stream<Arguments> tails() {
		return Stream.of(arguments("empty", "", 0), arguments("ascii", "616263", 0),
				arguments("complete 2-byte é", "61c3a9", 0), arguments("complete 3-byte €", "61e282ac", 0),
				arguments("complete 4-byte 😀", "61f09f9880", 0), arguments("first byte of é", "61c3", 1),
				arguments("first byte of €", "61e2", 1), arguments("two bytes of €", "61e282", 2),
				arguments("only the first byte of €", "e2", 1), arguments("first byte of 😀", "61f0", 1),
				arguments("two bytes of 😀", "61f09f", 2), arguments("three bytes of 😀", "61f09f98", 3),
				arguments("three bytes of 😀 alone", "f09f98", 3), arguments("lone continuation", "6180", 0),
				arguments("only a continuation", "80", 0), arguments("invalid byte ff", "61ff", 0),
				arguments("invalid lead c0", "61c0", 0), arguments("invalid lead f5", "61f5", 0),
				arguments("continuations without a lead", "61808080", 0),
				arguments("ascii after a complete €", "e282ac61", 0));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("tails")
	void countsTheStartOfAnUnfinishedCharacterAtTheEnd(String description, String hex, int expected) {
		byte[] bytes = hex(hex);
		assertThat(Utf8.incompleteTail(bytes, bytes.length)).isEqualTo(expected);
	}

	@Test
	void looksOnlyAtTheGivenLengthForTheTail() {
		byte[] euroThenA = hex("e282ac41");
		assertThat(Utf8.incompleteTail(euroThenA, 1)).isEqualTo(1);
		assertThat(Utf8.incompleteTail(euroThenA, 2)).isEqualTo(2);
		assertThat(Utf8.incompleteTail(euroThenA, 3)).isZero();
		assertThat(Utf8.incompleteTail(euroThenA, 0)).isZero();
	}

	static Stream<Arguments> heads() {
		return Stream.of(arguments("empty", "", 0), arguments("ascii", "4142", 0), arguments("lead byte", "e282ac", 0),
				arguments("last byte of €", "ac41", 1), arguments("last two bytes of €", "82ac41", 2),
				arguments("last three bytes of 😀", "9f988041", 3), arguments("at most three", "8080808041", 3),
				arguments("only continuations", "8080", 2));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("heads")
	void countsTheContinuationBytesAtTheStart(String description, String hex, int expected) {
		byte[] bytes = hex(hex);
		assertThat(Utf8.leadingContinuations(bytes, bytes.length)).isEqualTo(expected);
	}

	@Test
	void looksOnlyAtTheGivenLengthForTheHead() {
		assertThat(Utf8.leadingContinuations(hex("9f988041"), 2)).isEqualTo(2);
	}

	@Test
	void countsTheBytesThatCompleteTheCharacterACutIsIn() {
		// a € b: the € occupies indexes 1 to 3
		byte[] bytes = hex("61e282ac62");
		assertThat(Utf8.completionAfter(bytes, 0, bytes.length)).isZero();
		assertThat(Utf8.completionAfter(bytes, 1, bytes.length)).isZero();
		assertThat(Utf8.completionAfter(bytes, 2, bytes.length)).isEqualTo(2);
		assertThat(Utf8.completionAfter(bytes, 3, bytes.length)).isEqualTo(1);
		assertThat(Utf8.completionAfter(bytes, 4, bytes.length)).isZero();
		assertThat(Utf8.completionAfter(bytes, 5, bytes.length)).isZero();
	}

	@Test
	void completesACutOnlyWithTheBytesPresent() {
		byte[] bytes = hex("61e282ac62");
		assertThat(Utf8.completionAfter(bytes, 2, 3)).isEqualTo(1);
		assertThat(Utf8.completionAfter(bytes, 2, 2)).isZero();
	}

	@Test
	void completesACutInsideA4ByteCharacterWithAtMostThreeBytes() {
		byte[] bytes = hex("f09f988080");
		assertThat(Utf8.completionAfter(bytes, 1, bytes.length)).isEqualTo(3);
	}

	@Test
	void doesNotHoldBackAStartThatCanNoLongerBeCompleted() {
		// E0 takes A0 to BF next: E0 80 is two U+FFFD already.
		assertThat(Utf8.incompleteTail(hex("61e080"), 3)).isZero();
		assertThat(Utf8.incompleteTail(hex("61f480"), 3)).isEqualTo(2);
		assertThat(Utf8.incompleteTail(hex("61f490"), 3)).isZero();
	}

	static Stream<Arguments> starts() {
		return Stream.of(arguments("after ascii", "41", "808041", 0),
				arguments("stray continuations", "808080", "8041", 0),
				arguments("after a lead and a continuation of €", "41e282", "ac41", 1),
				arguments("after the lead of 😀", "f0", "9f988041", 3),
				arguments("a continuation the lead before cannot take", "e0", "8041", 0),
				arguments("after the start of € that C ends", "e2", "8243", 1),
				arguments("after a complete €", "e282ac", "8041", 0), arguments("nothing before", "", "8041", 0),
				arguments("the rest not yet written", "e2", "82", 1));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("starts")
	void startsAfterOnlyTheBytesOfAUnitThatBeganBefore(String description, String before, String hex, int expected) {
		byte[] bytes = hex(hex);
		assertThat(Utf8.insideAtStart(hex(before), bytes, bytes.length)).isEqualTo(expected);
	}

	@Test
	void doesNotCompleteACutWithStrayContinuations() {
		// A, five stray continuations, B, the start of a € that C cuts short.
		byte[] bytes = hex("41808080808042e28243");
		assertThat(Utf8.completionAfter(bytes, 1, bytes.length)).isZero();
		assertThat(Utf8.completionAfter(bytes, 3, bytes.length)).isZero();
		assertThat(Utf8.completionAfter(bytes, 8, bytes.length)).isEqualTo(1);
		// Continuations before the read's first byte are not the read's to complete.
		assertThat(Utf8.completionAfter(hex("e28282"), 2, 3, 3)).isZero();
	}

	static Stream<Arguments> invalidTexts() {
		return Stream.of(arguments("stray continuations", "41808080808042e28243"),
				arguments("overlong and surrogate", "c0afe08080eda080eda043f4908080"),
				arguments("truncated starts", "f09f98e282c3f09f9880e2"), arguments("valid", "61c3a9e282acf09f9880"),
				arguments("bytes that are never utf-8", "fffef5f8c1"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("invalidTexts")
	void readsThatMeetAtAnyOffsetDecodeAsTheWholeDoes(String description, String hex) {
		byte[] bytes = hex(hex);
		String whole = Utf8.decode(bytes);
		for (int cut = 0; cut <= bytes.length; cut++) {
			byte[] before = Arrays.copyOfRange(bytes, Math.max(0, cut - 3), cut);
			byte[] after = Arrays.copyOfRange(bytes, cut, bytes.length);
			int start = cut + Utf8.insideAtStart(before, after, after.length);
			int end = cut + Utf8.completionAfter(bytes, cut, bytes.length);
			// A read that ends at the cut and one that starts there meet at one boundary.
			assertThat(end).as("cut at %d", cut).isEqualTo(start);
			assertThat(Utf8.decode(bytes, 0, end) + Utf8.decode(bytes, end, bytes.length - end)).as("cut at %d", cut)
				.isEqualTo(whole);
		}
	}

	@Test
	void aStrayContinuationIsABoundaryOfItsOwn() {
		byte[] bytes = hex("41808080808042e28243");
		for (int cut = 1; cut <= 6; cut++) {
			byte[] before = Arrays.copyOfRange(bytes, Math.max(0, cut - 3), cut);
			byte[] after = Arrays.copyOfRange(bytes, cut, bytes.length);
			assertThat(Utf8.insideAtStart(before, after, after.length)).as("cut at %d", cut).isZero();
		}
	}

	@Test
	void decodesValidText() {
		String text = "a é € 😀";
		assertThat(Utf8.decode(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(text);
	}

	@Test
	void decodesInvalidBytesAsReplacementCharacters() {
		assertThat(Utf8.decode(hex("618062"))).isEqualTo("a\uFFFDb");
		assertThat(Utf8.decode(hex("ff"))).isEqualTo("\uFFFD");
		assertThat(Utf8.decode(hex("61c0af62"))).isEqualTo("a\uFFFD\uFFFDb");
	}

	@Test
	void decodesOnlyTheGivenRange() {
		byte[] bytes = hex("41e282ac42");
		assertThat(Utf8.decode(bytes, 1, 3)).isEqualTo("€");
		assertThat(Utf8.decode(bytes, 0, 2)).isEqualTo("A\uFFFD");
	}

	private static byte[] hex(String hex) {
		return HexFormat.of().parseHex(hex);
	}

}
