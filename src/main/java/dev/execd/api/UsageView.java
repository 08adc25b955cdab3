package dev.execd.api;

import dev.execd.session.SessionUsage;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * A session's {@code usage}.
 */
@Schema(description = """
		What the session's live processes use, summed over its Unix session; refreshed every \
		2 s while the session runs and for execd.limits.reap-interval after it \
		ended, then kept. All 0 before the first refresh.""")
public record UsageView(
		@Schema(description = """
				CPU time (user and system) of the live processes and of the children they waited \
				for, in ms; it never decreases, and keeps its last value after the exit.""", example = "1250",
				requiredMode = RequiredMode.REQUIRED) long cpuMs,
		@Schema(description = "Resident memory of the live processes now, in bytes; 0 once none is left.",
				example = "52428800", requiredMode = RequiredMode.REQUIRED) long rssBytes,
		@Schema(description = "The highest `rss_bytes` seen.", example = "73400320",
				requiredMode = RequiredMode.REQUIRED) long maxRssBytes,
		@Schema(description = "How many live processes the session has; 0 once none is left.", example = "2",
				requiredMode = RequiredMode.REQUIRED) int processes) {

	static UsageView of(SessionUsage usage) {
		return new UsageView(usage.cpuMs(), usage.rssBytes(), usage.maxRssBytes(), usage.processes());
	}

}
