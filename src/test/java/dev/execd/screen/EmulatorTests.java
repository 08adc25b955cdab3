package dev.execd.screen;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The emulator behind the screen, fed bytes as a PTY gives them: split anywhere.
 */
class EmulatorTests {

	private static final String ESC = "\u001b";

	private static byte[] bytes(String output) {
		return output.getBytes(StandardCharsets.UTF_8);
	}

	private static Emulator fed(int cols, int rows, int scrollbackLines, String output) {
		Emulator emulator = Emulators.create(cols, rows, scrollbackLines);
		byte[] bytes = bytes(output);
		emulator.feed(bytes, 0, bytes.length);
		return emulator;
	}

	private static Grid grid(String output) {
		return fed(20, 5, 100, output).grid(0);
	}

	@Test
	void textAndCursorMovesLandWhereATerminalPutsThem() {
		Grid grid = grid("hello\r\nworld   \r\n" + ESC + "[4;3Hat" + ESC + "[1;2H");
		assertThat(grid.lines()).containsExactly("hello", "world", "", "  at", "");
		assertThat(grid.cols()).isEqualTo(20);
		assertThat(grid.rows()).isEqualTo(5);
		assertThat(grid.cursorRow()).isZero();
		assertThat(grid.cursorCol()).isEqualTo(1);
		assertThat(grid.cursorVisible()).isTrue();
		assertThat(grid.altScreen()).isFalse();
		assertThat(grid.title()).isNull();
		assertThat(grid.text()).isEqualTo("hello\nworld\n\n  at\n");
	}

	@Test
	void aLineLongerThanTheRowWrapsWithoutLosingACharacter() {
		Grid grid = grid("abcdefghijklmnopqrstuvwxy");
		assertThat(grid.lines()).startsWith("abcdefghijklmnopqrst", "uvwxy");
		assertThat(grid.cursorRow()).isEqualTo(1);
		assertThat(grid.cursorCol()).isEqualTo(5);
		Emulator emulator = fed(20, 5, 100, "abcdefghijklmnopqrstuvwxy");
		emulator.resize(30, 6);
		assertThat(emulator.grid(0).lines().get(0)).isEqualTo("abcdefghijklmnopqrstuvwxy");
	}

	@Test
	void aCharacterAfterAFullRowWrapsToTheNextRow() {
		// The cursor waits past the last column; the next character takes the next row.
		Grid grid = grid("x".repeat(20) + "burst" + ESC + "[3;1H" + "y".repeat(20) + ESC + "[0mz");
		assertThat(grid.lines()).containsExactly("x".repeat(20), "burst", "y".repeat(20), "z", "");
		assertThat(grid.cursorRow()).isEqualTo(3);
		assertThat(grid.cursorCol()).isEqualTo(1);
	}

	@Test
	void aCarriageReturnRedrawsTheRowInPlace() {
		Grid grid = grid("progress 10%\rprogress 100%\r\n");
		assertThat(grid.lines().get(0)).isEqualTo("progress 100%");
		assertThat(grid.cursorRow()).isEqualTo(1);
		assertThat(grid.cursorCol()).isZero();
	}

	@Test
	void everySplitOfEscapesAndCharactersGivesTheSameScreen() {
		String output = "a\u00e9\u4e2d\ud83d\ude00" + ESC + "]2;t\u00eftle" + ESC + "\\" + ESC + "[2;4H" + ESC
				+ "[1mbold" + ESC + "[0m" + ESC + "[?25l" + ESC + "[?1049h" + ESC + "[Halt" + ESC + "[?1049l" + ESC
				+ "(Bx" + ESC + "]0;last\u0007" + ESC + "[3;1H\u00e8\u0301nd" + ESC + "[K";
		Grid whole = grid(output);
		assertThat(whole.lines()).containsExactly("a\u00e9\u4e2d\ud83d\ude00", "   boldx", "\u00e8\u0301nd", "", "");
		assertThat(whole.title()).isEqualTo("last");
		assertThat(whole.cursorVisible()).isFalse();
		byte[] bytes = bytes(output);
		for (int split = 1; split < bytes.length; split++) {
			Emulator emulator = Emulators.create(20, 5, 100);
			emulator.feed(bytes, 0, split);
			emulator.feed(bytes, split, bytes.length - split);
			assertThat(emulator.grid(0)).as("split at %d", split).isEqualTo(whole);
		}
		Emulator byteByByte = Emulators.create(20, 5, 100);
		for (int i = 0; i < bytes.length; i++) {
			byteByByte.feed(bytes, i, 1);
		}
		assertThat(byteByByte.grid(0)).isEqualTo(whole);
	}

	@Test
	void anUnfinishedSequenceIsNotActedOnUntilItEnds() {
		Emulator emulator = fed(20, 5, 100, "ab" + ESC + "[3");
		assertThat(emulator.grid(0).lines().get(0)).isEqualTo("ab");
		assertThat(emulator.grid(0).cursorCol()).isEqualTo(2);
		byte[] rest = bytes(";5Hc");
		emulator.feed(rest, 0, rest.length);
		Grid grid = emulator.grid(0);
		assertThat(grid.lines()).containsExactly("ab", "", "    c", "", "");
	}

	@Test
	void anEscapeThatNeverEndsDoesNotHoldTheScreenForever() {
		// A CSI whose parameters run on past the bound (control strings are another
		// matter: see ControlStringTests).
		Emulator emulator = fed(20, 5, 100, ESC + "[" + "1;".repeat(2500));
		byte[] more = bytes("\r\nafter");
		emulator.feed(more, 0, more.length);
		assertThat(emulator.grid(0).lines()).contains("after");
	}

	@Test
	void theAlternateScreenComesAndGoesAndThePrimaryIsRestored() {
		for (String mode : List.of("1049", "47", "1047")) {
			Emulator emulator = fed(20, 5, 100, "primary\r\n$ ");
			byte[] enter = bytes(ESC + "[?" + mode + "h" + ESC + "[2J" + ESC + "[Hfull screen");
			emulator.feed(enter, 0, enter.length);
			Grid alt = emulator.grid(0);
			assertThat(alt.altScreen()).as(mode).isTrue();
			assertThat(alt.lines().get(0)).isEqualTo("full screen");
			assertThat(alt.lines()).doesNotContain("primary");
			byte[] leave = bytes(ESC + "[?" + mode + "l");
			emulator.feed(leave, 0, leave.length);
			Grid back = emulator.grid(0);
			assertThat(back.altScreen()).as(mode).isFalse();
			assertThat(back.lines()).as(mode).startsWith("primary", "$");
		}
	}

	@Test
	void theTitleIsTheLastOneSetByOsc0Or2() {
		assertThat(grid(ESC + "]0;zero\u0007").title()).isEqualTo("zero");
		assertThat(grid(ESC + "]0;zero\u0007" + ESC + "]2;two" + ESC + "\\").title()).isEqualTo("two");
	}

	@Test
	void cursorVisibilityFollowsDectcem() {
		assertThat(grid(ESC + "[?25l").cursorVisible()).isFalse();
		assertThat(grid(ESC + "[?25l" + ESC + "[?25h").cursorVisible()).isTrue();
	}

	@Test
	void wideCharactersAreOneCharacterAndTwoCells() {
		Grid grid = grid("\u4e2d\u6587x\r\n\ud83d\ude00y");
		assertThat(grid.lines().get(0)).isEqualTo("\u4e2d\u6587x");
		assertThat(grid.lines().get(1)).isEqualTo("\ud83d\ude00y");
		assertThat(grid.cursorRow()).isEqualTo(1);
		assertThat(grid.cursorCol()).isEqualTo(3);
		assertThat(grid("\u4e2d\u6587x").cursorCol()).isEqualTo(5);
	}

	@Test
	void combiningCharactersStayWithTheirBase() {
		Grid grid = grid("e\u0301te");
		assertThat(grid.lines().get(0)).isEqualTo("\u00e9te");
		assertThat(grid.cursorCol()).isEqualTo(3);
	}

	@Test
	void scrollbackKeepsTheNewestRowsUpToItsBound() {
		StringBuilder output = new StringBuilder();
		for (int i = 1; i <= 30; i++) {
			output.append("line ").append(i).append("\r\n");
		}
		Emulator emulator = fed(20, 5, 10, output.toString());
		Grid grid = emulator.grid(100);
		assertThat(grid.lines()).containsExactly("line 27", "line 28", "line 29", "line 30", "");
		List<String> expected = new ArrayList<>();
		for (int i = 17; i <= 26; i++) {
			expected.add("line " + i);
		}
		assertThat(grid.scrollback()).isEqualTo(expected);
		assertThat(emulator.grid(3).scrollback()).containsExactly("line 24", "line 25", "line 26");
		assertThat(emulator.grid(0).scrollback()).isEmpty();
		assertThat(fed(20, 5, 0, output.toString()).grid(100).scrollback()).isEmpty();
	}

	@Test
	void resizeChangesTheGridAndKeepsWhatFits() {
		Emulator emulator = fed(20, 5, 100, "first\r\nsecond");
		emulator.resize(40, 10);
		Grid grid = emulator.grid(0);
		assertThat(grid.cols()).isEqualTo(40);
		assertThat(grid.rows()).isEqualTo(10);
		assertThat(grid.lines()).hasSize(10).startsWith("first", "second");
		byte[] more = bytes(ESC + "[10;35Hend");
		emulator.feed(more, 0, more.length);
		assertThat(emulator.grid(0).lines().get(9)).isEqualTo(" ".repeat(34) + "end");
		emulator.resize(10, 3);
		Grid small = emulator.grid(0);
		assertThat(small.cols()).isEqualTo(10);
		assertThat(small.rows()).isEqualTo(3);
		assertThat(small.lines()).hasSize(3).allSatisfy((line) -> assertThat(line.length()).isLessThanOrEqualTo(10));
	}

	@Test
	void aFloodOfOutputKeepsOnlyTheScreenAndTheBound() {
		Emulator emulator = Emulators.create(80, 24, 50);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (int i = 0; i < 20_000; i++) {
			out.writeBytes(bytes("y " + i + "\n\r"));
		}
		byte[] flood = out.toByteArray();
		for (int at = 0; at < flood.length; at += 4096) {
			emulator.feed(flood, at, Math.min(4096, flood.length - at));
		}
		Grid grid = emulator.grid(1000);
		assertThat(grid.lines().get(22)).isEqualTo("y 19999");
		assertThat(grid.scrollback()).hasSize(50);
	}

	/** Palette entries past 15 come as the colour xterm gives them: 200 is #ff00d7. */
	private static final int PALETTE_200 = StyleRun.RGB + 0xFF00D7;

	@Test
	void stylesAreRunsOfCellsWithTheirColoursAndAttributes() {
		Grid grid = grid("a" + ESC + "[31mred" + ESC + "[0m " + ESC + "[1;4;44mbu" + ESC + "[0m\r\n" + ESC
				+ "[38;2;1;2;3mrgb" + ESC + "[38;5;200mpal" + ESC + "[7minv" + ESC + "[0m\r\n" + "plain\r\n" + ESC
				+ "[42m   " + ESC + "[0m");
		assertThat(grid.styles().get(0)).containsExactly(new StyleRun(1, 3, 1, StyleRun.DEFAULT, 0),
				new StyleRun(5, 2, StyleRun.DEFAULT, 4, StyleRun.BOLD | StyleRun.UNDERLINE));
		assertThat(grid.styles().get(1)).containsExactly(
				new StyleRun(0, 3, StyleRun.RGB + 0x010203, StyleRun.DEFAULT, 0),
				new StyleRun(3, 3, PALETTE_200, StyleRun.DEFAULT, 0),
				new StyleRun(6, 3, PALETTE_200, StyleRun.DEFAULT, StyleRun.INVERSE));
		assertThat(grid.styles().get(2)).isEmpty();
		assertThat(grid.styles().get(3)).containsExactly(new StyleRun(0, 3, StyleRun.DEFAULT, 2, 0));
		assertThat(grid.styles().get(4)).isEmpty();
	}

	@Test
	void aWideCharacterTakesTwoCellsOfItsRun() {
		Grid grid = grid(ESC + "[32m\u4e2d\u6587" + ESC + "[0mx");
		assertThat(grid.lines().get(0)).isEqualTo("\u4e2d\u6587x");
		assertThat(grid.styles().get(0)).containsExactly(new StyleRun(0, 4, 2, StyleRun.DEFAULT, 0));
	}

	@Test
	void aScrollRegionOfFewerThanTwoRowsIsIgnoredAsXtermIgnoresIt() {
		// Top below bottom: the lines go on down the screen, as if no region was asked.
		assertThat(grid(ESC + "[4;2r" + ESC + "[2;1Ha\r\nb\r\nc\r\nd").lines()).containsExactly("", "a", "b", "c", "d");
		// Neither the cursor goes home nor the region in force goes: top equal to bottom,
		// top past the screen.
		for (String region : List.of("[3;3r", "[9;12r", "[5;1r")) {
			assertThat(grid("ab" + ESC + region + "c").lines().get(0)).as(region).isEqualTo("abc");
			Grid kept = grid("top" + ESC + "[2;3r" + ESC + region + ESC + "[3;1Hx\r\ny\r\nz");
			assertThat(kept.lines()).as(region).containsExactly("top", "y", "z", "", "");
		}
	}

	@Test
	void aScrollRegionPastTheScreenEndsAtItsLastRowAndZeroIsTheDefault() {
		assertThat(grid("top" + ESC + "[3;99r" + ESC + "[5;1H1\r\n2\r\n3").lines()).containsExactly("top", "", "1", "2",
				"3");
		// 0;0 is the whole screen again: the first row scrolls off.
		assertThat(grid(ESC + "[2;3r" + ESC + "[0;0r" + "a" + ESC + "[5;1H1\r\n2").lines()).containsExactly("", "", "",
				"1", "2");
	}

}
