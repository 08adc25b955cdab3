package dev.execd.screen;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wide characters as xterm and tmux lay them out: two cells each, never half of one next
 * to what replaced the other half, never past the last column.
 */
class WideCharacterTests {

	private static final String ESC = "\u001b";

	private static Grid grid(String output) {
		Emulator emulator = Emulators.create(20, 3, 10);
		byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
		emulator.feed(bytes, 0, bytes.length);
		return emulator.grid(0);
	}

	@Test
	void writingOverTheSecondHalfOfAWideCharacterBlanksTheFirst() {
		Grid grid = grid("中文x" + ESC + "[1;2Hy");
		assertThat(grid.lines()).containsExactly(" y文x", "", "");
		assertThat(grid.cursorCol()).isEqualTo(2);
	}

	@Test
	void writingOverTheFirstHalfOfAWideCharacterBlanksTheSecond() {
		Grid grid = grid("中文x" + ESC + "[1;3Hy");
		assertThat(grid.lines()).containsExactly("中y x", "", "");
		assertThat(grid.cursorCol()).isEqualTo(3);
		// A wide character over the second half of one and the first half of the next.
		assertThat(grid("中文x" + ESC + "[1;2H日").lines()).containsExactly(" 日 x", "", "");
	}

	@Test
	void aRowOfWideCharactersWrittenOverInHalfKeepsItsWidth() {
		Grid grid = grid("中".repeat(10) + ESC + "[1;2Hy");
		assertThat(grid.lines().get(0)).isEqualTo(" y" + "中".repeat(9));
		assertThat(grid.lines().get(1)).isEmpty();
	}

	@Test
	void theBlankedHalfStaysBlankWhenCharactersShiftIntoIt() {
		// y and z replace the second half of one and the first half of the next; once
		// deleted (DCH), only blanks are left where the halves were.
		Grid grid = grid("中中" + ESC + "[1;2Hyz" + ESC + "[1;2H" + ESC + "[2P");
		assertThat(grid.lines()).containsExactly("", "", "");
	}

	@Test
	void aWideCharacterThatDoesNotFitInTheLastColumnGoesToTheNextRow() {
		Grid grid = grid("0123456789012345678中z");
		assertThat(grid.lines()).containsExactly("0123456789012345678", "中z", "");
		assertThat(grid.cursorRow()).isEqualTo(1);
		assertThat(grid.cursorCol()).isEqualTo(3);
		// The cell it left keeps what it showed.
		Grid over = grid("x".repeat(20) + "\r" + ESC + "[20G中");
		assertThat(over.lines()).containsExactly("x".repeat(20), "中", "");
		Grid emoji = grid("0123456789012345678\ud83d\ude00z");
		assertThat(emoji.lines()).containsExactly("0123456789012345678", "\ud83d\ude00z", "");
	}

	@Test
	void wideCharactersPastTheEndOfTheRowWrapInsteadOfBeingLost() {
		Grid grid = grid("ab" + "中".repeat(10));
		assertThat(grid.lines()).containsExactly("ab" + "中".repeat(9), "中", "");
		assertThat(grid.cursorRow()).isEqualTo(1);
		assertThat(grid.cursorCol()).isEqualTo(2);
	}

	@Test
	void aRenderedRowNeverHasMoreCellsThanTheScreenIsWide() {
		String dwc = "\uE000";
		assertThat(JediTermEmulator.render("中" + dwc + "y" + dwc + "x", 20)).isEqualTo("中y x");
		assertThat(JediTermEmulator.render("中y文" + dwc, 20)).isEqualTo(" y文");
		assertThat(JediTermEmulator.render("abc中" + dwc, 4)).isEqualTo("abc");
		assertThat(JediTermEmulator.render("a\ud83d\ude00", 2)).isEqualTo("a");
	}

}
