package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * What {@code GET /sessions} returns, newest first.
 */
@Schema(description = "The conversation's sessions.")
public record SessionList(@Schema(description = "Newest first; ended sessions stay until removed or reaped.",
		requiredMode = RequiredMode.REQUIRED) List<SessionView> sessions) {

}
