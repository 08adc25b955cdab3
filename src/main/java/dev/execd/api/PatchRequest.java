package dev.execd.api;

import java.time.Duration;

import dev.execd.config.ExecdProperties;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code PATCH /sessions/{id}}: any of a new label, max runtime (counted from the
 * start; 0 = the cap) and idle timeout (0 = off).
 */
record PatchRequest(@Nullable String name, @Nullable Long maxRuntimeMs, @Nullable Long idleTimeoutMs) {

	@Nullable Duration maxRuntime(ExecdProperties.Limits limits) {
		return (this.maxRuntimeMs != null) ? Inputs.maxRuntime(this.maxRuntimeMs, limits) : null;
	}

	@Nullable Duration idleTimeout() {
		return (this.idleTimeoutMs != null)
				? Duration.ofMillis(Inputs.nonNegative(this.idleTimeoutMs, 0, "idle_timeout_ms")) : null;
	}

}
