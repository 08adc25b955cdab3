package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /files/mkdir}.
 */
@Schema(description = "Create a directory.")
public record FileMkdir(
		@Schema(description = "The directory to create.", example = "scratch/drafts",
				requiredMode = RequiredMode.REQUIRED) @Nullable String path,
		@Schema(description = """
				Create missing parents too; then an existing directory is no error (200).""",
				defaultValue = "false") @Nullable Boolean parents) {

}
