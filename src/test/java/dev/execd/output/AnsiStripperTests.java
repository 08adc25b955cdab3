package dev.execd.output;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Tests for {@link AnsiStripper}.
 */
class AnsiStripperTests {

	private static final String ESC = "\u001b";

	private static final String BEL = "\u0007";

	private static final String ST = ESC + "\\";

	static Stream<Arguments> sequences() {
		return Stream.of(arguments("sgr", ESC + "[1;31mred" + ESC + "[0m", "red"),
				arguments("csi without parameters", ESC + "[mplain", "plain"),
				arguments("cursor movement to other rows", "a" + ESC + "[2Ab" + ESC + "[10;20Hc", "a\nb\nc"),
				arguments("private mode", ESC + "[?1049h" + ESC + "[?25lscreen" + ESC + "[?1049l", "screen"),
				arguments("erase", ESC + "[2J" + ESC + "[Kclear", "clear"),
				arguments("csi with intermediate", ESC + "[2 qcursor", "cursor"),
				arguments("csi with lowest and highest final", ESC + "[1@a" + ESC + "[1~b", "ab"),
				arguments("8-bit csi", "\u009b31mred\u009b0m", "red"),
				arguments("osc with bel", ESC + "]0;window title" + BEL + "prompt$ ", "prompt$ "),
				arguments("osc with st", ESC + "]2;title" + ST + "text", "text"),
				arguments("osc 8 hyperlink", ESC + "]8;;https://x.dev" + ST + "link" + ESC + "]8;;" + ST, "link"),
				arguments("8-bit osc with 8-bit st", "\u009d0;title\u009ctext", "text"),
				arguments("dcs", ESC + "P1$r0m" + ST + "after", "after"),
				arguments("dcs not ended by bel", ESC + "Pdata" + BEL + "more" + ST + "after", "after"),
				arguments("sos", ESC + "Xstring" + ST + "after", "after"),
				arguments("pm", ESC + "^private" + ST + "after", "after"),
				arguments("apc", ESC + "_Gf=100;AAAA" + ST + "after", "after"),
				arguments("8-bit dcs", "\u0090data\u009cafter", "after"),
				arguments("keypad modes", ESC + "=a" + ESC + ">b", "ab"),
				arguments("save and restore cursor", ESC + "7a" + ESC + "8b", "ab"),
				arguments("reverse index and reset", ESC + "Ma" + ESC + "cb", "ab"),
				arguments("charset selection", ESC + "(Ba" + ESC + ")0b" + ESC + "#8c", "abc"),
				arguments("osc interrupted by a new sequence", ESC + "]0;title" + ESC + "[31mred", "red"),
				arguments("csi restarted by esc", ESC + "[31" + ESC + "[32mgreen", "green"),
				arguments("csi cancelled by can", ESC + "[31\u0018text", "text"),
				arguments("line feed inside csi is executed", ESC + "[3\n1mred", "\nred"),
				arguments("non-ascii ends a broken csi", ESC + "[3é", "é"),
				arguments("del inside csi is ignored", ESC + "[3\u007f1mred", "red"),
				arguments("vim rows drawn by address",
						ESC + "[1;1Hline one" + ESC + "[2;1Hline two" + ESC + "[3;1Hline three" + ESC + "[4;1H~" + ESC
								+ "[5;1H~" + ESC + "[10;43H1,1" + ESC + "[10;57HAll",
						"line one\nline two\nline three\n~\n~\n1,1 All"),
				arguments("top frames",
						ESC + "[H" + ESC + "[2Jtop - 13:49:44\r\n  9 kworker/u8:0-ext4-rsv-convers+" + ESC + "[K" + ESC
								+ "[Htop - 13:49:45" + ESC + "[K\r\n",
						"top - 13:49:44\n  9 kworker/u8:0-ext4-rsv-convers+\ntop - 13:49:45\n"),
				arguments("one break for many moves", "a" + ESC + "[2;1H" + ESC + "[5;1H" + ESC + "[7;1Hb", "a\nb"),
				arguments("no break after a newline", "a\n" + ESC + "[5;1Hb", "a\nb"),
				arguments("cursor up and down", "a" + ESC + "[Ab" + ESC + "[3Bc" + ESC + "[2Ed" + ESC + "[Fe",
						"a\nb\nc\nd\ne"),
				arguments("vertical position", ESC + "[1;1Ha" + ESC + "[3db" + ESC + "[3dc", "a\nbc"),
				arguments("index, next line and reverse index", ESC + "[5;1Ha" + ESC + "Db" + ESC + "Ec" + ESC + "Md",
						"a\nb\nc\nd"),
				arguments("a newline moves the row", ESC + "[1;1Ha\r\nb" + ESC + "[2;5Hc", "a\nb c"),
				arguments("forward within the row", ESC + "[5;1Ha" + ESC + "[5;10Hb" + ESC + "[3Cc" + ESC + "[40Gd",
						"a b c d"),
				arguments("no space after whitespace", "a " + ESC + "[3Cb\t" + ESC + "[3Cc", "a b\tc"),
				arguments("no trailing space at the end of a row",
						ESC + "[1;1Hab" + ESC + "[1;9H" + ESC + "[K" + ESC + "[2;1Hcd" + ESC + "[2;9H", "ab\ncd"),
				arguments("up stops at the top row", ESC + "[1;1Ha" + ESC + "[Ab", "ab"),
				arguments("restore to another row", ESC + "[1;1Ha" + ESC + "7" + ESC + "[5;1Hb" + ESC + "8c",
						"a\nb\nc"),
				arguments("scroll region forgets the row", ESC + "[1;1Ha" + ESC + "[1;10r" + ESC + "[1;1Hb", "a\nb"),
				arguments("private and intermediate sequences do not move",
						ESC + "[1;1Ha" + ESC + "[?5A" + ESC + "[2 Ab" + ESC + "[?25h" + ESC + "[5;1H", "ab\n"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("sequences")
	void removesEscapeSequences(String description, String input, String expected) {
		assertThat(AnsiStripper.stripAll(input)).isEqualTo(expected);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("sequences")
	void removesEscapeSequencesSplitAtEveryPoint(String description, String input, String expected) {
		for (int split = 0; split <= input.length(); split++) {
			AnsiStripper stripper = new AnsiStripper();
			String output = stripper.strip(input.substring(0, split)) + stripper.strip(input.substring(split));
			assertThat(output).as("split at %d", split).isEqualTo(expected);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("sequences")
	void removesEscapeSequencesFedOneCharAtATime(String description, String input, String expected) {
		AnsiStripper stripper = new AnsiStripper();
		StringBuilder output = new StringBuilder();
		input.chars().forEach((c) -> output.append(stripper.strip(String.valueOf((char) c))));
		assertThat(output).hasToString(expected);
	}

	@Test
	void firstColumnOfTheSameRowRewindsLikeCarriageReturn() {
		assertThat(AnsiStripper.stripAll(ESC + "[3;1H10%" + ESC + "[3;1H50%" + ESC + "[1G100%\n")).isEqualTo("100%\n");
	}

	@Test
	void separatesRowsOfARealVimScreen() {
		String vim = ESC + "[?1049h" + ESC + "[1;10r" + ESC + "[H" + ESC + "[2J" + ESC + "[10;1H\"f.txt\" 3L, 29B" + ESC
				+ "[1;1Hline one\r\nline two" + ESC + "[2;9H" + ESC + "[K" + ESC + "[3;1Hline three" + ESC + "[3;11H"
				+ ESC + "[K" + ESC + "[4;1H" + ESC + "[94m~     " + ESC + "[5;1H~     " + ESC + "[1;1H" + ESC + "[?25h";
		assertThat(AnsiStripper.stripAll(vim))
			.isEqualTo("\"f.txt\" 3L, 29B\nline one\nline two\nline three\n~     \n~     \n");
	}

	@Test
	void followsTheRowAcrossChunks() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip(ESC + "[2;1Hab")).isEqualTo("ab");
		assertThat(stripper.strip(ESC + "[2;5H")).isEmpty();
		assertThat(stripper.strip("c" + ESC + "[3;1H")).isEqualTo(" c\n");
		assertThat(stripper.strip(ESC + "[7;1Hd")).isEqualTo("d");
	}

	@Test
	void resetForgetsTheRow() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip(ESC + "[2;1Hab")).isEqualTo("ab");
		stripper.reset();
		assertThat(stripper.strip(ESC + "[2;1Hc")).isEqualTo("c");
	}

	@Test
	void removesCsiSplitAcrossChunks() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("plain " + ESC + "[3")).isEqualTo("plain ");
		assertThat(stripper.strip("1mred")).isEqualTo("red");
	}

	@Test
	void removesOscSplitAcrossThreeChunks() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("a" + ESC)).isEqualTo("a");
		assertThat(stripper.strip("]0;long ")).isEmpty();
		assertThat(stripper.strip("title" + ESC)).isEmpty();
		assertThat(stripper.strip("\\b")).isEqualTo("b");
	}

	@Test
	void keepsTextWithoutSequences() {
		String text = "héllo\tworld 世界 😀\n";
		assertThat(AnsiStripper.stripAll(text)).isEqualTo(text);
	}

	@Test
	void keepsNonBmpCharacterThatEndsABrokenSequence() {
		assertThat(AnsiStripper.stripAll(ESC + "😀")).isEqualTo("😀");
	}

	@Test
	void removesBellOutsideOsc() {
		assertThat(AnsiStripper.stripAll("ding" + BEL + "!")).isEqualTo("ding!");
	}

	@Test
	void keepsOtherControlCharacters() {
		assertThat(AnsiStripper.stripAll("ab\bc\u0000d\te")).isEqualTo("ab\bc\u0000d\te");
	}

	@Test
	void dropsTrailingIncompleteSequence() {
		assertThat(AnsiStripper.stripAll("done" + ESC + "[3")).isEqualTo("done");
	}

	static Stream<Arguments> longControlStrings() {
		// Past the bound on escape sequences, as a clipboard copy or a hyperlink runs.
		String base64 = "QUJD".repeat(2560);
		String url = "https://example.dev/" + "a/".repeat(3000);
		return Stream.of(arguments("osc 52 clipboard ended by bel", ESC + "]52;c;" + base64 + BEL),
				arguments("osc 52 clipboard ended by st", ESC + "]52;c;" + base64 + ST),
				arguments("osc 8 hyperlink", ESC + "]8;;" + url + ST + "link" + ESC + "]8;;" + ST),
				arguments("8-bit osc", "\u009d52;c;" + base64 + "\u009c"),
				arguments("dcs", ESC + "Pq" + "#0;2;0;0;0#0~~@@vv".repeat(1000) + ST),
				arguments("sos", ESC + "X" + base64 + ST), arguments("pm", ESC + "^" + base64 + ST),
				arguments("apc", ESC + "_Gf=100;" + base64 + ST),
				arguments("osc aborted by can", ESC + "]52;c;" + base64 + "\u0018"),
				arguments("dcs aborted by sub", ESC + "P" + base64 + "\u001a"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("longControlStrings")
	void removesLongControlStringWhole(String description, String sequence) {
		assertThat(AnsiStripper.stripAll("before " + sequence + "after"))
			.isEqualTo("before " + rest(sequence) + "after");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("longControlStrings")
	void removesLongControlStringWholeAcrossChunks(String description, String sequence) {
		for (int size : new int[] { 1, 7, 1000, 4096 }) {
			AnsiStripper stripper = new AnsiStripper();
			StringBuilder output = new StringBuilder(stripper.strip("before "));
			String input = sequence + "after";
			for (int i = 0; i < input.length(); i += size) {
				output.append(stripper.strip(input.substring(i, Math.min(input.length(), i + size))));
			}
			assertThat(output).as("chunks of %d", size).hasToString("before " + rest(sequence) + "after");
		}
	}

	// The text after the control string in an argument of longControlStrings.
	private static String rest(String sequence) {
		return sequence.contains("link") ? "link" : "";
	}

	@Test
	void removesOscExactlyAtBound() {
		String body = "x".repeat(AnsiStripper.MAX_SEQUENCE_LENGTH);
		assertThat(AnsiStripper.stripAll(ESC + "]" + body + BEL + "visible")).isEqualTo("visible");
	}

	@Test
	void removesOscEndedBySplitTerminatorAfterManyChunks() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("copy" + ESC + "]52;c;")).isEqualTo("copy");
		for (int i = 0; i < 3 * AnsiStripper.MAX_SEQUENCE_LENGTH; i++) {
			assertThat(stripper.strip("QUJD")).isEmpty();
		}
		assertThat(stripper.strip(ESC)).isEmpty();
		assertThat(stripper.strip("\\ done")).isEqualTo(" done");
	}

	@Test
	void keepsEscapeSequencesBoundedAfterALongControlString() {
		String parameters = "1;".repeat(AnsiStripper.MAX_SEQUENCE_LENGTH / 2);
		String osc = ESC + "]52;c;" + "QUJD".repeat(2560) + BEL;
		assertThat(AnsiStripper.stripAll(osc + ESC + "[" + parameters + "5visible")).isEqualTo("5visible");
	}

	@Test
	void abandonsOverlongControlStringPastItsBound() {
		String body = "x".repeat(AnsiStripper.MAX_STRING_BYTES);
		assertThat(AnsiStripper.stripAll(ESC + "]" + body + "visible" + BEL)).isEqualTo("visible");
		// Counted in bytes: a two-byte character counts two.
		String wide = "\u00e9".repeat(AnsiStripper.MAX_STRING_BYTES / 2);
		assertThat(AnsiStripper.stripAll(ESC + "P" + wide + "visible" + ST)).isEqualTo("visible");
	}

	@Test
	void removesControlStringUpToItsBound() {
		String body = "x".repeat(AnsiStripper.MAX_STRING_BYTES);
		assertThat(AnsiStripper.stripAll(ESC + "]" + body + BEL + "visible")).isEqualTo("visible");
	}

	@Test
	void countsControlsInsideACsiTowardItsBound() {
		String controls = "\t".repeat(AnsiStripper.MAX_SEQUENCE_LENGTH);
		assertThat(AnsiStripper.stripAll(ESC + "[" + controls + "1mvisible")).isEqualTo(controls + "1mvisible");
	}

	@Test
	void abandonsOverlongCsiPastBound() {
		String parameters = "1;".repeat(AnsiStripper.MAX_SEQUENCE_LENGTH / 2);
		assertThat(AnsiStripper.stripAll(ESC + "[" + parameters + "5visible")).isEqualTo("5visible");
	}

	@Test
	void collapsesProgressBarToLastState() {
		assertThat(AnsiStripper.stripAll("10%\r50%\r100%\n")).isEqualTo("100%\n");
	}

	@Test
	void collapsesProgressBarOnlyOnItsOwnLine() {
		assertThat(AnsiStripper.stripAll("start\n10%\r" + ESC + "[K50%\r100%\nend\n")).isEqualTo("start\n100%\nend\n");
	}

	@Test
	void keepsOnlyTextAfterLoneCarriageReturn() {
		assertThat(AnsiStripper.stripAll("abcdef\rxy\n")).isEqualTo("xy\n");
	}

	@Test
	void treatsCarriageReturnLineFeedAsNewline() {
		assertThat(AnsiStripper.stripAll("one\r\ntwo\r\n")).isEqualTo("one\ntwo\n");
	}

	@Test
	void treatsCarriageReturnLineFeedSplitAcrossChunksAsNewline() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("one\r")).isEqualTo("one");
		assertThat(stripper.strip("\ntwo")).isEqualTo("\ntwo");
	}

	@Test
	void treatsCarriageReturnAtChunkEndFollowedByTextAsRewind() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("10%\r")).isEqualTo("10%");
		assertThat(stripper.strip("50%\r100%\n")).isEqualTo("100%\n");
	}

	@Test
	void cannotRetractTextReturnedByEarlierChunk() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("abc")).isEqualTo("abc");
		assertThat(stripper.strip("\rxyz\n")).isEqualTo("xyz\n");
	}

	@Test
	void keepsCarriageReturnPendingAcrossSequences() {
		assertThat(AnsiStripper.stripAll("text\r" + ESC + "[0m\n")).isEqualTo("text\n");
	}

	@Test
	void treatsRepeatedCarriageReturnsBeforeLineFeedAsNewline() {
		assertThat(AnsiStripper.stripAll("text\r\r\n")).isEqualTo("text\n");
	}

	@Test
	void rewindsAfterRepeatedCarriageReturns() {
		assertThat(AnsiStripper.stripAll("text\r\rnew")).isEqualTo("new");
	}

	@Test
	void dropsTrailingCarriageReturnOfWholeText() {
		assertThat(AnsiStripper.stripAll("done\r")).isEqualTo("done");
	}

	@Test
	void collapsesProgressBarSplitAtEveryPointWithinChunks() {
		String input = "a\r\nb" + ESC + "[1m\r\n";
		for (int split = 0; split <= input.length(); split++) {
			AnsiStripper stripper = new AnsiStripper();
			String output = stripper.strip(input.substring(0, split)) + stripper.strip(input.substring(split));
			assertThat(output).as("split at %d", split).isEqualTo("a\nb\n");
		}
	}

	@Test
	void resetForgetsPendingSequence() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip(ESC + "]0;unterminated")).isEmpty();
		stripper.reset();
		assertThat(stripper.strip("text")).isEqualTo("text");
	}

	@Test
	void resetForgetsPendingCarriageReturn() {
		AnsiStripper stripper = new AnsiStripper();
		assertThat(stripper.strip("a\r")).isEqualTo("a");
		stripper.reset();
		assertThat(stripper.strip("b\rc")).isEqualTo("c");
	}

}
