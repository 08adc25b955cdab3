package dev.execd.api.rest;

import java.util.List;

import dev.execd.api.WatchRequest;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code PATCH /sessions/{id}}: any of a new label, max runtime (counted from the
 * start; 0 = the cap), idle timeout (0 = off) and set of watches.
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
				example = "0") @Nullable Long idleTimeoutMs,
		@Schema(description = """
				New watches, replacing every watch of the session (`[]`: none); at most 16, \
				names unique (else 400 `invalid_request`).""") @Nullable List<@Nullable WatchRequest> watches) {

}
