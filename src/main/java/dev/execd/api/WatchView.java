package dev.execd.api;

import dev.execd.session.WatchSpec;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * A watch of a session as the API shows it.
 */
@Schema(description = "A watch of a session.")
public record WatchView(
		@Schema(description = "Its name, unique in the session.", example = "ready",
				requiredMode = RequiredMode.REQUIRED) String name,
		@Schema(description = "The regular expression each line is matched against.",
				example = "Listening on .*:(\\d+)", requiredMode = RequiredMode.REQUIRED) String pattern,
		@Schema(description = "Whether it goes after its first match.",
				requiredMode = RequiredMode.REQUIRED) boolean once) {

	static WatchView of(WatchSpec spec) {
		return new WatchView(spec.name(), spec.regex(), spec.once());
	}

}
