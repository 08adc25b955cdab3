package dev.execd.screen;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a terminal shows at one moment.
 *
 * @param cols width in cells
 * @param rows height in rows
 * @param lines one string per row, {@code rows} of them, trailing blanks trimmed; a wide
 * character is one character here and two cells on the screen
 * @param styles per row, its cells in a style other than the default, left to right
 * @param cursorRow the cursor's row, 0-based ({@code lines.get(cursorRow)})
 * @param cursorCol the cursor's column in cells, 0-based
 * @param cursorVisible whether the program shows the cursor
 * @param altScreen whether the alternate screen (vim, less, htop) is shown
 * @param title the window title a program set (OSC 0 or 2), or null
 * @param scrollback rows of the primary screen that scrolled off its top, oldest first,
 * as many as were asked for and kept
 */
public record Grid(int cols, int rows, List<String> lines, List<List<StyleRun>> styles, int cursorRow, int cursorCol,
		boolean cursorVisible, boolean altScreen, @Nullable String title, List<String> scrollback) {

	public Grid {
		lines = List.copyOf(lines);
		styles = styles.stream().<List<StyleRun>>map(List::copyOf).toList();
		scrollback = List.copyOf(scrollback);
	}

	/** The rows joined by {@code \n}, as a person reads the screen. */
	public String text() {
		return String.join("\n", this.lines);
	}

}
