package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * A whole screen in a screen stream: the {@code data} of its {@code frame} events.
 */
@Schema(description = """
		A whole screen, the data of a `frame` event of `GET /sessions/{id}/screen/stream`: \
		the first event of every connection and the one after each resize. Fields as in \
		`GET /sessions/{id}/screen`, plus `seq` and `styles`.""")
public record ScreenFrame(
		@Schema(description = "The frame's number, also its SSE `id`.", requiredMode = RequiredMode.REQUIRED) long seq,
		@Schema(description = "The log offset the screen reflects: every byte before it was rendered.",
				requiredMode = RequiredMode.REQUIRED) long offset,
		@Schema(description = "Width in cells.", requiredMode = RequiredMode.REQUIRED) int cols,
		@Schema(description = "Height in rows.", requiredMode = RequiredMode.REQUIRED) int rows,
		@Schema(description = """
				One string per row, top to bottom, trailing blanks trimmed. A wide character is \
				one character here and two cells on the screen.""",
				requiredMode = RequiredMode.REQUIRED) List<String> lines,
		@ArraySchema(arraySchema = @Schema(description = ScreenFrame.STYLES, requiredMode = RequiredMode.REQUIRED),
				schema = @Schema(type = "array", description = ScreenFrame.ROW)) List<List<int[]>> styles,
		@Schema(description = "Where the cursor is.", requiredMode = RequiredMode.REQUIRED) ScreenView.Cursor cursor,
		@Schema(description = "Whether the alternate screen (vim, less, htop) is shown.",
				requiredMode = RequiredMode.REQUIRED) boolean altScreen,
		@Schema(description = "The window title the program set (OSC 0 or 2), or `null`.", types = {
				"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String title)
		implements
			ScreenFrames.Event{

	static final String STYLES = """
			Per row (as `lines`), its cells in a style other than the default, left to right, \
			as runs `[col, len, fg, bg, flags]`; a row without any is `[]`. A run may reach \
			past the row's trimmed text (coloured blanks): pad the row with spaces.""";

	static final String ROW = "One row's runs, each " + ScreenFrame.RUN;

	static final String RUN = """
			`[col, len, fg, bg, flags]`: `len` cells from cell `col` (0-based; a wide \
			character takes two cells). `fg`, `bg`: -1 the terminal's default, 0-15 an ANSI \
			colour (8-15 bright), 16777216 + 0xRRGGBB a direct colour (palette colours \
			16-255 come as the colour xterm gives them). `flags` sums 1 bold, 2 italic, 4 \
			underline, 8 dim, 16 inverse (swap fg and bg), 32 blink, 64 hidden.""";

	@Override
	public String event() {
		return "frame";
	}

}
