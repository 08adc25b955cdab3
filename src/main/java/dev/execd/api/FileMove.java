package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /files/move}.
 */
@Schema(description = "Rename a file, directory or link in one step.")
public record FileMove(
		@Schema(description = "What to move; a link moves as itself.", example = "scratch/hello.txt",
				requiredMode = RequiredMode.REQUIRED) @Nullable String from,
		@Schema(description = "The new path; its directory must exist.", example = "scratch/drafts/hello.txt",
				requiredMode = RequiredMode.REQUIRED) @Nullable String to,
		@Schema(description = """
				Replace an existing `to` (a file, a link or an empty directory); without it an \
				existing `to` is 409 `file_exists`.""", defaultValue = "false") @Nullable Boolean overwrite) {

}
