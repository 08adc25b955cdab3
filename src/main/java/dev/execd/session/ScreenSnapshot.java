package dev.execd.session;

import java.util.List;

import dev.execd.screen.StyleRun;
import org.jspecify.annotations.Nullable;

/**
 * What a PTY session's terminal shows, rendered from its output up to {@code offset}.
 *
 * @param cols width in cells
 * @param rows height in rows
 * @param lines one string per row, trailing blanks trimmed; a wide character is one
 * character here and two cells on the screen
 * @param styles per row, its cells in a style other than the default, left to right
 * @param cursorRow the cursor's row, 0-based
 * @param cursorCol the cursor's column in cells, 0-based
 * @param cursorVisible whether the program shows the cursor
 * @param altScreen whether the alternate screen is shown
 * @param title the window title the program set, or null
 * @param scrollback rows that scrolled off the primary screen, oldest first
 * @param offset the log offset the screen reflects: every byte before it was rendered
 */
public record ScreenSnapshot(int cols, int rows, List<String> lines, List<List<Run>> styles, int cursorRow,
		int cursorCol, boolean cursorVisible, boolean altScreen, @Nullable String title, List<String> scrollback,
		long offset) {

	public ScreenSnapshot {
		lines = List.copyOf(lines);
		styles = styles.stream().<List<Run>>map(List::copyOf).toList();
		scrollback = List.copyOf(scrollback);
	}

	/** The rows joined by {@code \n}, as a person reads the screen. */
	public String text() {
		return String.join("\n", this.lines);
	}

	/**
	 * Cells of one row in one style other than the default; see {@link StyleRun}, whose
	 * codes these are.
	 *
	 * @param col the first cell, 0-based
	 * @param length how many cells
	 * @param fg the foreground: -1 default, 0-15 an ANSI colour, 2^24 + 0xRRGGBB direct
	 * @param bg the background, coded as {@code fg}
	 * @param flags the attributes, as {@link StyleRun}'s flags
	 */
	public record Run(int col, int length, int fg, int bg, int flags) {

		static Run of(StyleRun run) {
			return new Run(run.col(), run.length(), run.fg(), run.bg(), run.flags());
		}

	}

}
