package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /sessions/search} returns.
 *
 * @param sessions the sessions with matches, newest first
 * @param truncatedBy why the search stopped early, or null
 * @param notSearched sessions the search did not reach
 */
@Schema(description = "The matching lines of the conversation's sessions, grouped by session.")
public record ConversationSearchResult(@Schema(description = """
		Newest session first: each session with at least one matching line, and the one \
		where the search stopped early.""", requiredMode = RequiredMode.REQUIRED) List<SessionSearchResult> sessions,
		@Schema(description = """
				`null` when every session was searched through; `max_matches` when that many \
				lines matched in all; `budget` when the request's time or byte budget ran out.""", types = {
				"string", "null" }, allowableValues = { "max_matches", "budget" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String truncatedBy,
		@Schema(description = """
				Sessions not searched because the search stopped early, newest first: search \
				them with `GET /sessions/{id}/search`.""",
				requiredMode = RequiredMode.REQUIRED) List<String> notSearched){

}
