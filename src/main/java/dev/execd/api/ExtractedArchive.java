package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * What {@code PUT /files/archive} returns.
 */
@Schema(description = "What an extraction made.")
public record ExtractedArchive(
		@Schema(description = "Regular files written.", example = "12", requiredMode = RequiredMode.REQUIRED) int files,
		@Schema(description = "Directories made or found.", example = "3",
				requiredMode = RequiredMode.REQUIRED) int directories,
		@Schema(description = "Symbolic links made (tar.gz only).", example = "1",
				requiredMode = RequiredMode.REQUIRED) int links,
		@Schema(description = "Bytes written, uncompressed.", example = "48213",
				requiredMode = RequiredMode.REQUIRED) long bytes) {

}
