package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/resize}; out of range is refused, not clamped.
 */
@Schema(description = "The new terminal size. Both fields are required; a value out of range is refused, not clamped.")
public record ResizeRequest(
		@Schema(description = "Width in columns, 20 to 500.", minimum = "20", maximum = "500",
				requiredMode = Schema.RequiredMode.REQUIRED, example = "200") @Nullable Integer cols,
		@Schema(description = "Height in rows, 5 to 300.", minimum = "5", maximum = "300",
				requiredMode = Schema.RequiredMode.REQUIRED, example = "50") @Nullable Integer rows) {

	public int checkedCols() {
		return inRange(this.cols, 20, 500, "cols");
	}

	public int checkedRows() {
		return inRange(this.rows, 5, 300, "rows");
	}

	private static int inRange(@Nullable Integer value, int min, int max, String field) {
		if (value == null || value < min || value > max) {
			throw ApiException.invalid(field + " must be between " + min + " and " + max);
		}
		return value;
	}

}
