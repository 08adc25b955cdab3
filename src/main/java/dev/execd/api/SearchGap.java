package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * Bytes a search skipped because the log no longer keeps them.
 *
 * @param from the first skipped offset
 * @param to the end of the skipped bytes, exclusive
 */
@Schema(description = """
		Offsets `[from, to)` a search skipped: kept neither in the log file (past \
		execd.output.max-log-size) nor in the memory window of recent output.""")
public record SearchGap(@Schema(requiredMode = RequiredMode.REQUIRED, example = "1073741824") long from,
		@Schema(requiredMode = RequiredMode.REQUIRED, example = "1610350000") long to) {

}
