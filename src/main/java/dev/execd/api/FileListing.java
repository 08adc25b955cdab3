package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * What {@code GET /files/list} returns.
 */
@Schema(description = "A directory's entries, sorted by name within each directory, depth first.")
public record FileListing(
		@Schema(description = "The directory listed.", requiredMode = RequiredMode.REQUIRED) FileInfo directory,
		@ArraySchema(schema = @Schema(implementation = FileInfo.class),
				arraySchema = @Schema(description = """
						The entries, each directory's followed by its own down to `depth`. Links are \
						listed, never entered; execd's output directory is left out.""",
						requiredMode = RequiredMode.REQUIRED)) List<FileInfo> entries,
		@Schema(description = "Whether entries were left out to stay within `max_entries`.",
				requiredMode = RequiredMode.REQUIRED) boolean truncated) {

}
