package dev.execd.api;

import java.util.List;

import dev.execd.session.WatchSpec;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * A watch as a client sends it: on {@code POST /sessions/{id}/watches}, and as an item of
 * {@code watches} on {@code POST /sessions} and {@code PATCH /sessions/{id}}.
 */
@Schema(description = """
		A regular expression matched against each complete line of the session's output as \
		it arrives; each match publishes `session_matched` on `GET /events`.""")
public record WatchRequest(
		@Schema(description = """
				Unique in the session: 1 to 64 letters, digits, `.`, `_` and `-`, starting with a letter \
				or digit (else 400 `invalid_request`).""", example = "ready", maxLength = 64,
				pattern = "^[A-Za-z0-9][A-Za-z0-9._-]*$", requiredMode = RequiredMode.REQUIRED) @Nullable String name,

		@Schema(description = """
				Java regular expression, as `wait_for` takes it (MULTILINE, at most 1024 \
				characters; invalid → 400 `invalid_request`), matched against each line on its \
				own, without its line end and with escape sequences removed, so a match never \
				spans lines.""", example = "Listening on .*:(\\d+)", maxLength = 1024,
				requiredMode = RequiredMode.REQUIRED) @Nullable String pattern,

		@Schema(description = "Remove the watch after its first match.",
				defaultValue = "false") @Nullable Boolean once) {

	/**
	 * The watch, checked.
	 * @throws ApiException 400 {@code invalid_request} for a missing field or a bad
	 * pattern
	 */
	WatchSpec toSpec() {
		if (this.name == null || this.pattern == null) {
			throw ApiException.invalid("a watch needs a name and a pattern");
		}
		return new WatchSpec(this.name, Waits.pattern(this.pattern, "pattern"), Inputs.flag(this.once));
	}

	/**
	 * A set of watches, checked as a whole: at most 16, names unique; null stays null.
	 * @throws ApiException or a session refusal with 400 {@code invalid_request}
	 */
	static @Nullable List<WatchSpec> specs(@Nullable List<@Nullable WatchRequest> watches) {
		if (watches == null) {
			return null;
		}
		return WatchSpec.checked(watches.stream().map((watch) -> {
			if (watch == null) {
				throw ApiException.invalid("watches must not contain null");
			}
			return watch.toSpec();
		}).toList());
	}

}
