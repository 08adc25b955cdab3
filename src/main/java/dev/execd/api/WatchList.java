package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * What {@code GET /sessions/{id}/watches} returns.
 */
@Schema(description = "A session's watches.")
public record WatchList(
		@Schema(description = "Oldest first.", requiredMode = RequiredMode.REQUIRED) List<WatchView> watches) {

}
