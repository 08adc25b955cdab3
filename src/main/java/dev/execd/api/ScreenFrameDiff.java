package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What changed since the frame before: the {@code data} of {@code frame_diff} events.
 */
@Schema(description = """
		The changes since the frame numbered `seq - 1`, the data of a `frame_diff` event: the \
		rows that changed (in text or styles) replace those rows; cursor, `alt_screen` and \
		`title` are the current ones. The size never changes in a diff: a resize comes as a \
		whole `frame`.""")
public record ScreenFrameDiff(
		@Schema(description = "The frame's number, also its SSE `id`: one more than the frame it applies to.",
				requiredMode = RequiredMode.REQUIRED) long seq,
		@Schema(description = "The log offset the screen reflects: every byte before it was rendered.",
				requiredMode = RequiredMode.REQUIRED) long offset,
		@Schema(description = "The rows that changed, by index, in order; may be empty.",
				requiredMode = RequiredMode.REQUIRED) List<ChangedRow> changed,
		@Schema(description = "Where the cursor is.", requiredMode = RequiredMode.REQUIRED) ScreenView.Cursor cursor,
		@Schema(description = "Whether the alternate screen (vim, less, htop) is shown.",
				requiredMode = RequiredMode.REQUIRED) boolean altScreen,
		@Schema(description = "The window title the program set (OSC 0 or 2), or `null`.", types = {
				"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String title)
		implements
			ScreenFrames.Event{

	@Override
	public String event() {
		return "frame_diff";
	}

	/**
	 * One row as it is now.
	 *
	 * @param row its index, 0-based
	 * @param line its text, as in {@code lines}
	 * @param styles its style runs, as in {@code styles}
	 */
	@Schema(description = "A row that changed: its index, its text and its style runs, as in a `frame`.")
	public record ChangedRow(@Schema(description = "The row, 0-based.", requiredMode = RequiredMode.REQUIRED) int row,
			@Schema(description = "Its text, trailing blanks trimmed.",
					requiredMode = RequiredMode.REQUIRED) String line,
			@ArraySchema(arraySchema = @Schema(description = "Its style runs.", requiredMode = RequiredMode.REQUIRED),
					schema = @Schema(type = "array", description = ScreenFrame.RUN)) List<int[]> styles) {

	}

}
