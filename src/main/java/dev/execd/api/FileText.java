package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /files?encoding=utf8} returns.
 */
@Schema(description = "A window of a file's lines as UTF-8 text (invalid bytes become U+FFFD).")
public record FileText(
		@Schema(description = "The lines, each with its `\\n`.", example = "import sys\nprint(sys.argv)\n",
				requiredMode = RequiredMode.REQUIRED) String text,
		@Schema(description = "The lines of the whole file; a last line without `\\n` counts.", example = "2",
				requiredMode = RequiredMode.REQUIRED) long totalLines,
		@Schema(description = """
				Whether lines after the window exist, or the window was cut at 1 Mi characters.""",
				requiredMode = RequiredMode.REQUIRED) boolean truncated,
		@Schema(description = """
				With `truncated`, the `offset_lines` of the next window; else `null`.""", types = {
				"integer", "null" }, format = "int64", example = "2000",
				requiredMode = RequiredMode.REQUIRED) @Nullable Long nextOffsetLines,
		@Schema(description = """
				With `truncated`, the `offset_chars` of the next window: more than 0 when a line was cut at 1 Mi \
				characters, and the next window holds the rest of it; else `null`.""", types = { "integer", "null" },
				format = "int64", example = "0", requiredMode = RequiredMode.REQUIRED) @Nullable Long nextOffsetChars){

}
