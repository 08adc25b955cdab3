package dev.execd.api;

import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/resize}; out of range is refused, not clamped.
 */
record ResizeRequest(@Nullable Integer cols, @Nullable Integer rows) {

	int checkedCols() {
		return inRange(this.cols, 20, 500, "cols");
	}

	int checkedRows() {
		return inRange(this.rows, 5, 300, "rows");
	}

	private static int inRange(@Nullable Integer value, int min, int max, String field) {
		if (value == null || value < min || value > max) {
			throw ApiException.invalid(field + " must be between " + min + " and " + max);
		}
		return value;
	}

}
