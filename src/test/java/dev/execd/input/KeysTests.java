package dev.execd.input;

import java.nio.charset.StandardCharsets;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Tests for {@link Keys}.
 */
class KeysTests {

	private static final String ESC = "\u001b";

	static Stream<Arguments> fixedKeys() {
		return Stream.of(arguments("Tab", "\t"), arguments("BackTab", ESC + "[Z"), arguments("Escape", ESC),
				arguments("Backspace", "\u007f"), arguments("Space", " "), arguments("PageUp", ESC + "[5~"),
				arguments("PageDown", ESC + "[6~"), arguments("Insert", ESC + "[2~"), arguments("Delete", ESC + "[3~"),
				arguments("F1", ESC + "OP"), arguments("F2", ESC + "OQ"), arguments("F3", ESC + "OR"),
				arguments("F4", ESC + "OS"), arguments("F5", ESC + "[15~"), arguments("F6", ESC + "[17~"),
				arguments("F7", ESC + "[18~"), arguments("F8", ESC + "[19~"), arguments("F9", ESC + "[20~"),
				arguments("F10", ESC + "[21~"), arguments("F11", ESC + "[23~"), arguments("F12", ESC + "[24~"),
				arguments("C-@", "\u0000"), arguments("C-[", ESC), arguments("C-\\", "\u001c"),
				arguments("C-]", "\u001d"), arguments("C-^", "\u001e"), arguments("C-_", "\u001f"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("fixedKeys")
	void translatesKeyTheSameInEveryMode(String name, String expected) {
		for (boolean tty : new boolean[] { true, false }) {
			for (boolean applicationCursor : new boolean[] { true, false }) {
				assertThat(Keys.bytes(name, tty, applicationCursor))
					.as("tty=%s, applicationCursor=%s", tty, applicationCursor)
					.isEqualTo(ascii(expected));
			}
		}
	}

	static Stream<Arguments> cursorKeys() {
		return Stream.of(arguments("Up", "[A", "OA"), arguments("Down", "[B", "OB"), arguments("Right", "[C", "OC"),
				arguments("Left", "[D", "OD"), arguments("Home", "[H", "OH"), arguments("End", "[F", "OF"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("cursorKeys")
	void usesNormalCursorSequencesByDefault(String name, String normal, String application) {
		assertThat(Keys.bytes(name, true, false)).isEqualTo(ascii(ESC + normal));
		assertThat(Keys.bytes(name, false, false)).isEqualTo(ascii(ESC + normal));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("cursorKeys")
	void usesApplicationCursorSequencesWhenEnabled(String name, String normal, String application) {
		assertThat(Keys.bytes(name, true, true)).isEqualTo(ascii(ESC + application));
		assertThat(Keys.bytes(name, false, true)).isEqualTo(ascii(ESC + application));
	}

	@Test
	void sendsCarriageReturnForEnterOnTty() {
		assertThat(Keys.bytes("Enter", true, false)).isEqualTo(ascii("\r"));
		assertThat(Keys.bytes("Enter", true, true)).isEqualTo(ascii("\r"));
	}

	@Test
	void sendsLineFeedForEnterOnPipe() {
		assertThat(Keys.bytes("Enter", false, false)).isEqualTo(ascii("\n"));
		assertThat(Keys.bytes("Enter", false, true)).isEqualTo(ascii("\n"));
	}

	static Stream<Arguments> controlLetters() {
		return IntStream.rangeClosed('a', 'z').mapToObj((c) -> arguments((char) c, (byte) (c - 'a' + 1)));
	}

	@ParameterizedTest(name = "C-{0}")
	@MethodSource("controlLetters")
	void translatesControlLetterInEitherCase(char letter, byte expected) {
		assertThat(Keys.bytes("C-" + letter, true, false)).containsExactly(expected);
		assertThat(Keys.bytes("C-" + Character.toUpperCase(letter), false, false)).containsExactly(expected);
	}

	@ParameterizedTest
	@ValueSource(strings = { "x", "X", "é", "世", "😀", ".", "-", "\n" })
	void prefixesMetaCharacterWithEscape(String character) {
		assertThat(Keys.bytes("M-" + character, true, false))
			.isEqualTo((ESC + character).getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void encodesMetaCharacterAsUtf8() {
		assertThat(Keys.bytes("M-é", false, false)).isEqualTo(new byte[] { 0x1B, (byte) 0xC3, (byte) 0xA9 });
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "enter", "ENTER", "up", "tab", "F0", "F13", "f1", "Ctrl-a", "C-", "C-ab", "C-1", "C-é",
			"C-?", "C- ", "c-a", "M-", "M-ab", "M-xy", "m-x", "M-\uD83D", "Enter ", " Enter" })
	void rejectsUnknownKeyNamingIt(String name) {
		assertThat(Keys.isKnown(name)).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> Keys.bytes(name, true, false))
			.withMessageContaining("'" + name + "'");
	}

	@Test
	void rejectsNullKey() {
		assertThat(Keys.isKnown(null)).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> Keys.bytes(null, true, false));
	}

	@ParameterizedTest
	@ValueSource(strings = { "Enter", "Tab", "Up", "End", "F12", "C-a", "C-Z", "C-@", "M-x", "M-😀" })
	void knowsValidKeys(String name) {
		assertThat(Keys.isKnown(name)).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "q", "G", "/", " ", "~", "é", "中", "😀", "\u00a0", "\u200d" })
	void typesSingleCharacterAsItsUtf8Bytes(String character) {
		assertThat(Keys.isKnown(character)).isTrue();
		for (boolean tty : new boolean[] { true, false }) {
			for (boolean applicationCursor : new boolean[] { true, false }) {
				assertThat(Keys.bytes(character, tty, applicationCursor))
					.isEqualTo(character.getBytes(StandardCharsets.UTF_8));
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "\u0000", "\u0003", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u009b", "\uD83D",
			"\uDE00", "qq", "é中" })
	void refusesControlCharactersLoneSurrogatesAndLongerText(String name) {
		assertThat(Keys.isKnown(name)).isFalse();
	}

	@Test
	void namesWinOverCharacters() {
		assertThat(Keys.bytes("C-c", false, false)).containsExactly(0x03);
		assertThat(Keys.bytes("F1", true, false)).isEqualTo(ascii(ESC + "OP"));
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

}
