package dev.execd.api.rest;

import java.time.Duration;

import dev.execd.api.Inputs;
import dev.execd.config.ExecdProperties;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code PATCH /sessions/{id}}: any of a new label, max runtime (counted from the
 * start; 0 = the cap) and idle timeout (0 = off).
 */
@Schema(description = "The settings to change; absent fields stay as they are.")
record PatchRequest(
		@Schema(description = "New label, at most 128 characters.", maxLength = 128,
				example = "dev server") @Nullable String name,
		@Schema(description = """
				New limit on the process's run time in ms, counted from the start (not from now): \
				a value already passed terminates it (`end_reason: timeout`). 0 means the cap, \
				execd.limits.max-runtime-cap (86400000, 24 h); above the cap → 400 \
				`invalid_request`.""", minimum = "0", example = "7200000") @Nullable Long maxRuntimeMs,
		@Schema(description = "New idle timeout in ms: terminate when the process prints nothing for this "
				+ "long (`end_reason: idle_timeout`). 0 = off.", minimum = "0",
				example = "0") @Nullable Long idleTimeoutMs) {

	@Nullable Duration maxRuntime(ExecdProperties.Limits limits) {
		return (this.maxRuntimeMs != null) ? Inputs.maxRuntime(this.maxRuntimeMs, limits) : null;
	}

	@Nullable Duration idleTimeout() {
		return (this.idleTimeoutMs != null)
				? Duration.ofMillis(Inputs.nonNegative(this.idleTimeoutMs, 0, "idle_timeout_ms")) : null;
	}

}
