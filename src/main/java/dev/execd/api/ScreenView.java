package dev.execd.api;

import java.util.List;

import dev.execd.session.ScreenSnapshot;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * A PTY session's screen on the wire: what a person would see in its terminal.
 */
@Schema(description = """
		The terminal's screen as a person sees it, rendered by a terminal emulator from the \
		output up to `offset`: full-screen programs (vim, less, top) read as their rows, not as \
		escape codes.""")
public record ScreenView(@Schema(description = "Width in cells.", requiredMode = RequiredMode.REQUIRED) int cols,
		@Schema(description = "Height in rows.", requiredMode = RequiredMode.REQUIRED) int rows,
		@Schema(description = """
				One string per row, top to bottom, trailing blanks trimmed. A wide character (CJK, \
				emoji) is one character here and two cells on the screen.""",
				requiredMode = RequiredMode.REQUIRED) List<String> lines,
		@Schema(description = "Where the cursor is.", requiredMode = RequiredMode.REQUIRED) Cursor cursor,
		@Schema(description = "Whether the alternate screen (vim, less, htop) is shown.",
				requiredMode = RequiredMode.REQUIRED) boolean altScreen,
		@Schema(description = "The window title the program set (OSC 0 or 2), or `null`.", types = {
				"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String title,
		@Schema(description = "The log offset the screen reflects: every byte before it was rendered.",
				requiredMode = RequiredMode.REQUIRED) long offset,
		@Schema(description = """
				With `scrollback=N`: up to N rows that scrolled off the top of the primary screen, \
				oldest first (none while the alternate screen is shown); `null` when not asked.""",
				types = { "array", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable List<String> scrollback){

	/**
	 * The cursor.
	 *
	 * @param row its row, 0-based
	 * @param col its column in cells, 0-based
	 * @param visible whether the program shows it
	 */
	@Schema(description = "The cursor: `lines[row]` is its row; `col` counts cells from 0.")
	public record Cursor(@Schema(description = "Row, 0-based.", requiredMode = RequiredMode.REQUIRED) int row,
			@Schema(description = "Column in cells, 0-based.", requiredMode = RequiredMode.REQUIRED) int col,
			@Schema(description = "Whether the program shows the cursor (DECTCEM).",
					requiredMode = RequiredMode.REQUIRED) boolean visible) {

	}

	/**
	 * @param withScrollback whether the client asked for scrollback rows
	 */
	static ScreenView of(ScreenSnapshot s, boolean withScrollback) {
		return new ScreenView(s.cols(), s.rows(), s.lines(),
				new Cursor(s.cursorRow(), s.cursorCol(), s.cursorVisible()), s.altScreen(), s.title(), s.offset(),
				withScrollback ? s.scrollback() : null);
	}

	/** The rows joined by {@code \n}. */
	public String text() {
		return String.join("\n", this.lines);
	}

}
