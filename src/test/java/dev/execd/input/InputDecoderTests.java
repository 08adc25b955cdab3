package dev.execd.input;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Tests for {@link InputDecoder}.
 */
class InputDecoderTests {

	static Stream<Arguments> simpleEscapes() {
		return Stream.of(arguments("\\n", 0x0A), arguments("\\r", 0x0D), arguments("\\t", 0x09), arguments("\\b", 0x08),
				arguments("\\f", 0x0C), arguments("\\v", 0x0B), arguments("\\0", 0x00), arguments("\\a", 0x07),
				arguments("\\e", 0x1B), arguments("\\\\", '\\'), arguments("\\\"", '"'), arguments("\\'", '\''));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("simpleEscapes")
	void decodesSimpleEscape(String escape, int value) {
		assertThat(InputDecoder.decode("<" + escape + ">")).isEqualTo(bytes('<', value, '>'));
	}

	static Stream<Arguments> numericEscapes() {
		return Stream.of(arguments("\\x41", bytes(0x41)), arguments("\\x03", bytes(0x03)),
				arguments("\\xff", bytes(0xFF)), arguments("\\xFf", bytes(0xFF)),
				arguments("\\xc3\\xa9", bytes(0xC3, 0xA9)), arguments("\\x411", bytes(0x41, '1')),
				arguments("\\u0041", bytes(0x41)), arguments("\\u00e9", bytes(0xC3, 0xA9)),
				arguments("\\u00FF", bytes(0xC3, 0xBF)), arguments("\\u20AC", bytes(0xE2, 0x82, 0xAC)),
				arguments("\\u00411", bytes(0x41, '1')), arguments("\\uD83D\\uDE00", bytes(0xF0, 0x9F, 0x98, 0x80)),
				arguments("\\ud83d\\ude00", bytes(0xF0, 0x9F, 0x98, 0x80)), arguments("\\u{41}", bytes(0x41)),
				arguments("\\u{0}", bytes(0x00)), arguments("\\u{e9}", bytes(0xC3, 0xA9)),
				arguments("\\u{1F600}", bytes(0xF0, 0x9F, 0x98, 0x80)),
				arguments("\\u{10FFFF}", bytes(0xF4, 0x8F, 0xBF, 0xBF)), arguments("\\u{000041}", bytes(0x41)));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("numericEscapes")
	void decodesNumericEscape(String input, byte[] expected) {
		assertThat(InputDecoder.decode(input)).isEqualTo(expected);
	}

	static Stream<String> malformedEscapes() {
		return Stream.of("\\q", "\\x", "\\x4", "\\x4g", "\\xg4", "\\u", "\\u004", "\\u004g", "\\uD83D", "\\uDE00",
				"\\uD83Dx", "\\uD83D\\uD83D", "\\u{}", "\\u{", "\\u{41", "\\u{1234567}", "\\u{110000}", "\\u{D800}",
				"\\u{DFFF}", "\\u{4g}", "\\x４１", "\\");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("malformedEscapes")
	void keepsMalformedEscapeLiteral(String input) {
		assertThat(InputDecoder.decode(input)).isEqualTo(utf8(input));
	}

	@Test
	void keepsLoneHighSurrogateLiteralBeforeOtherEscape() {
		assertThat(InputDecoder.decode("\\uD83D\\u0041")).isEqualTo(utf8("\\uD83DA"));
	}

	@Test
	void decodesValidEscapeAfterMalformedOne() {
		assertThat(InputDecoder.decode("\\x4\\n")).isEqualTo(utf8("\\x4\n"));
	}

	@Test
	void decodesEscapedBackslashBeforeEscapeLetter() {
		assertThat(InputDecoder.decode("\\\\n\\\\x41")).isEqualTo(utf8("\\n\\x41"));
	}

	@Test
	void keepsTrailingLoneBackslash() {
		assertThat(InputDecoder.decode("dir\\")).isEqualTo(utf8("dir\\"));
	}

	@Test
	void encodesPlainTextAsUtf8() {
		String text = "ls -la é 世界 😀\n";
		assertThat(InputDecoder.decode(text)).isEqualTo(utf8(text));
	}

	@Test
	void decodesEmptyString() {
		assertThat(InputDecoder.decode("")).isEmpty();
	}

	@Test
	void writesRawByteForHexEscapeNotCodePoint() {
		assertThat(InputDecoder.decode("\\xe9")).isEqualTo(bytes(0xE9));
	}

	@Test
	void replacesLoneSurrogateInText() {
		assertThat(InputDecoder.decode("a\uD83Db")).isEqualTo(bytes('a', 0xEF, 0xBF, 0xBD, 'b'));
	}

	@Test
	void decodesMixedTextAndEscapes() {
		assertThat(InputDecoder.decode("echo hi\\x03\\e[A\\r")).isEqualTo(utf8("echo hi\u0003\u001b[A\r"));
	}

	@Test
	void decodesEveryByteValueThroughHexEscape() {
		for (int value = 0; value < 256; value++) {
			assertThat(InputDecoder.decode("\\x%02x".formatted(value))).isEqualTo(bytes(value));
		}
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private static byte[] bytes(int... values) {
		byte[] bytes = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			bytes[i] = (byte) values[i];
		}
		return bytes;
	}

}
