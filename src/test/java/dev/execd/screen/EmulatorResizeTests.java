package dev.execd.screen;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Resizes of a screen in any state a full-screen program leaves it in: the screen always
 * comes out at the new size, whatever JediTerm makes of the content.
 */
class EmulatorResizeTests {

	private static final String ESC = "\u001b";

	private static void feed(Emulator emulator, String output) {
		byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
		emulator.feed(bytes, 0, bytes.length);
	}

	@Test
	void shrinkingTheAlternateScreenWithTheCursorAtItsBottomTakesTheNewSize() {
		Emulator emulator = Emulators.create(80, 24, 100);
		feed(emulator, ESC + "[?1049h" + ESC + "[24;1Hbottom");
		emulator.resize(40, 10);
		Grid grid = emulator.grid(0);
		assertThat(grid.cols()).isEqualTo(40);
		assertThat(grid.rows()).isEqualTo(10);
		assertThat(grid.altScreen()).isTrue();
		assertThat(grid.lines()).hasSize(10);
		assertThat(grid.cursorRow()).isEqualTo(9);
		assertThat(grid.cursorCol()).isEqualTo(6);
		// The program redraws for the new size, at the bottom of the screen it now has.
		feed(emulator, ESC + "[10;1Hredrawn" + ESC + "[?1049l");
		Grid back = emulator.grid(0);
		assertThat(back.altScreen()).isFalse();
		assertThat(back.cols()).isEqualTo(40);
		assertThat(back.rows()).isEqualTo(10);
	}

	@Test
	void thePrimaryScreenIsReflowedUnderTheAlternateOne() {
		Emulator emulator = Emulators.create(20, 5, 100);
		feed(emulator, "a".repeat(15) + "\r\n$ " + ESC + "[?1049h" + ESC + "[5;1Hfull screen");
		emulator.resize(10, 4);
		feed(emulator, ESC + "[?1049l");
		Grid grid = emulator.grid(0);
		assertThat(grid.cols()).isEqualTo(10);
		assertThat(grid.rows()).isEqualTo(4);
		assertThat(grid.lines()).startsWith("a".repeat(10), "a".repeat(5), "$");
	}

	@Test
	void aScrollRegionDoesNotOutliveAResizeThatCutsIt() {
		Emulator emulator = Emulators.create(20, 10, 100);
		feed(emulator, ESC + "[2;9r" + ESC + "[9;1H");
		emulator.resize(20, 4);
		// The region is the whole screen again: a line feed at the bottom scrolls it.
		feed(emulator, ESC + "[4;1Hone\r\ntwo");
		Grid grid = emulator.grid(0);
		assertThat(grid.rows()).isEqualTo(4);
		assertThat(grid.lines()).containsExactly("", "", "one", "two");
	}

	/**
	 * What full-screen programs send, mixed at random with resizes: the alternate screen
	 * on and off, scroll regions, wide characters, lines and characters inserted and
	 * deleted, colours, saved cursors. The seed makes a failure repeatable.
	 */
	@Test
	void randomFullScreenOutputAndResizesAlwaysGiveAScreenOfTheNewSize() {
		List<String> pieces = List.of(ESC + "[?1049h", ESC + "[?1049l", ESC + "[?47h", ESC + "[?47l", ESC + "[?1047h",
				ESC + "[?1047l", "\u4e2d\u6587\u5b57", "\ud83d\ude00", "plain text ", "\r\n", "\n", ESC + "[2J",
				ESC + "[K", ESC + "[1J", ESC + "[0m", ESC + "[1;31;44m", ESC + "[38;5;200m", ESC + "[48;2;1;2;3m",
				ESC + "[7m", ESC + "7", ESC + "8", ESC + "[?6h", ESC + "[?6l", ESC + "[r", ESC + "M", ESC + "D",
				ESC + "[?25l", ESC + "[?25h", ESC + "[H", "\t", "\b");
		for (long seed = 1; seed <= 40; seed++) {
			Random random = new Random(seed);
			int cols = 80;
			int rows = 24;
			Emulator emulator = Emulators.create(cols, rows, 50);
			for (int step = 0; step < 300; step++) {
				int kind = random.nextInt(10);
				if (kind == 0) {
					cols = 20 + random.nextInt(120);
					rows = 5 + random.nextInt(50);
					emulator.resize(cols, rows);
				}
				else if (kind == 1) {
					int top = 1 + random.nextInt(rows + 5);
					feed(emulator, ESC + "[" + top + ";" + (top + random.nextInt(rows)) + "r");
				}
				else if (kind == 2) {
					String op = List.of("L", "M", "@", "P", "S", "T", "X").get(random.nextInt(7));
					feed(emulator, ESC + "[" + random.nextInt(rows + 5) + op);
				}
				else if (kind == 3) {
					feed(emulator,
							ESC + "[" + (1 + random.nextInt(rows + 5)) + ";" + (1 + random.nextInt(cols + 5)) + "H");
				}
				else {
					feed(emulator, pieces.get(random.nextInt(pieces.size())));
				}
				Grid grid = emulator.grid(10);
				assertThat(grid.cols()).as("seed %d step %d", seed, step).isEqualTo(cols);
				assertThat(grid.rows()).as("seed %d step %d", seed, step).isEqualTo(rows);
				assertThat(grid.lines()).hasSize(rows);
				assertThat(grid.cursorRow()).isBetween(0, rows - 1);
				assertThat(grid.cursorCol()).isBetween(0, cols - 1);
			}
		}
	}

}
