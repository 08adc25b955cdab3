package dev.execd.screen;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Control strings (OSC, DCS, APC) as xterm and tmux end them: never drawn, and one cut
 * short swallows nothing past its end.
 */
class ControlStringTests {

	private static final String ESC = "\u001b";

	private static final String ST = ESC + "\\";

	private static Grid grid(String output) {
		Emulator emulator = Emulators.create(20, 3, 10);
		byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
		emulator.feed(bytes, 0, bytes.length);
		return emulator.grid(0);
	}

	/** The same output split at every byte: each split gives the same screen. */
	private static Grid everySplit(String output) {
		Grid whole = grid(output);
		byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
		for (int split = 1; split < bytes.length; split++) {
			Emulator emulator = Emulators.create(20, 3, 10);
			emulator.feed(bytes, 0, split);
			emulator.feed(bytes, split, bytes.length - split);
			assertThat(emulator.grid(0)).as("split at %d", split).isEqualTo(whole);
		}
		return whole;
	}

	@Test
	void anOscCutShortByAnotherEscapeEndsThereAndTheEscapeIsActedOn() {
		Grid grid = everySplit("abc" + ESC + "]0;cut" + ESC + "[31mred" + ESC + "[0m!");
		assertThat(grid.lines()).containsExactly("abcred!", "", "");
		assertThat(grid.styles().get(0)).containsExactly(new StyleRun(3, 3, 1, StyleRun.DEFAULT, 0));
		assertThat(grid.title()).isNull();
		// ESC ] right after: the second OSC is read whole.
		Grid again = everySplit(ESC + "]0;cut" + ESC + "]2;kept\u0007x");
		assertThat(again.lines().get(0)).isEqualTo("x");
		assertThat(again.title()).isEqualTo("kept");
	}

	@Test
	void canAndSubAbortAnOscWithoutSettingTheTitle() {
		for (String abort : new String[] { "\u0018", "\u001a" }) {
			Grid grid = everySplit("abc" + ESC + "]0;aborted" + abort + "def");
			assertThat(grid.lines()).containsExactly("abcdef", "", "");
			assertThat(grid.cursorCol()).isEqualTo(6);
			assertThat(grid.title()).isNull();
		}
	}

	@Test
	void anOscEndsAtBelOrStAndWhatFollowsIsDrawn() {
		Grid bel = everySplit(ESC + "]2;one\u0007after bel");
		assertThat(bel.lines().get(0)).isEqualTo("after bel");
		assertThat(bel.title()).isEqualTo("one");
		Grid st = everySplit(ESC + "]0;two" + ST + "after st");
		assertThat(st.lines().get(0)).isEqualTo("after st");
		assertThat(st.title()).isEqualTo("two");
	}

	@Test
	void anOscThatHasNotEndedDrawsNothingOfWhatFollowsUntilItEnds() {
		// As xterm: text and line ends are part of the string until BEL, ST, CAN, SUB or
		// another ESC.
		Emulator emulator = Emulators.create(20, 3, 10);
		byte[] head = ("shown" + ESC + "]0;title\r\nstill title").getBytes(StandardCharsets.UTF_8);
		emulator.feed(head, 0, head.length);
		assertThat(emulator.grid(0).lines()).containsExactly("shown", "", "");
		byte[] tail = "\u0007 and after".getBytes(StandardCharsets.UTF_8);
		emulator.feed(tail, 0, tail.length);
		assertThat(emulator.grid(0).lines()).containsExactly("shown and after", "", "");
		assertThat(emulator.grid(0).title()).isEqualTo("titlestill title");
	}

	@Test
	void anOscLongerThanTheBoundIsConsumedAndIgnored() {
		Emulator emulator = Emulators.create(20, 3, 10);
		byte[] start = (ESC + "]0;").getBytes(StandardCharsets.UTF_8);
		emulator.feed(start, 0, start.length);
		byte[] chunk = "x".repeat(1000).getBytes(StandardCharsets.UTF_8);
		for (int i = 0; i < 1000; i++) {
			emulator.feed(chunk, 0, chunk.length);
		}
		assertThat(emulator.grid(0).lines()).containsExactly("", "", "");
		byte[] end = ("\u0007after" + ESC + "]0;short\u0007").getBytes(StandardCharsets.UTF_8);
		emulator.feed(end, 0, end.length);
		Grid grid = emulator.grid(0);
		assertThat(grid.lines()).containsExactly("after", "", "");
		assertThat(grid.title()).isEqualTo("short");
		Grid atBound = grid(ESC + "]0;" + "t".repeat(ControlStrings.MAX_OSC - 2) + "\u0007");
		assertThat(atBound.title()).hasSize(ControlStrings.MAX_OSC - 2);
		assertThat(grid(ESC + "]0;" + "t".repeat(ControlStrings.MAX_OSC) + "\u0007").title()).isNull();
	}

	@Test
	void aDcsIsConsumedAndNotDrawn() {
		// DECRQSS, sixel (a BEL in a DCS is payload), tmux passthrough (doubled ESCs,
		// a nested OSC and ST included).
		assertThat(everySplit("a" + ESC + "P$qm" + ST + "b").lines()).containsExactly("ab", "", "");
		assertThat(everySplit("a" + ESC + "Pq#0;2;0;0;0\u0007#0~~@@" + ST + "b").lines()).containsExactly("ab", "", "");
		Grid passthrough = everySplit(
				"a" + ESC + "Ptmux;" + ESC + ESC + "]0;inner\u0007" + ESC + ESC + "[31m" + ESC + ESC + "\\" + ST + "b");
		assertThat(passthrough.lines()).containsExactly("ab", "", "");
		assertThat(passthrough.styles().get(0)).isEmpty();
		assertThat(passthrough.title()).isNull();
		assertThat(everySplit("a" + ESC + "Pq\u0018b").lines()).containsExactly("ab", "", "");
	}

	@Test
	void apcPmAndSosAreConsumedAndNotDrawn() {
		assertThat(everySplit("a" + ESC + "_Gf=100;AAAA" + ST + "b" + ESC + "^pm" + ST + "c" + ESC + "Xsos" + ST + "d")
			.lines()).containsExactly("abcd", "", "");
	}

}
