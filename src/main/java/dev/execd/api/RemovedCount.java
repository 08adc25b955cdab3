package dev.execd.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * What {@code DELETE /sessions} returns.
 */
@Schema(description = "What a bulk delete did.")
public record RemovedCount(@Schema(description = "How many sessions were terminated and removed.", example = "3",
		requiredMode = RequiredMode.REQUIRED) int removed) {

}
