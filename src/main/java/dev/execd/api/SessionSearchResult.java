package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * One session's part of {@code GET /sessions/search}.
 *
 * @param sessionId the session
 * @param name its label, or null
 * @param matches its matching lines
 * @param nextOffset where a search of it continues
 * @param truncatedBy why its search stopped early, or null
 * @param scannedBytes bytes of its log read
 * @param gaps ranges skipped
 * @param warning a pattern that ran out of steps on some lines, or null
 */
@Schema(description = "The lines of one session's log that match, in a search of the conversation.")
public record SessionSearchResult(
		@Schema(description = "The session.", requiredMode = RequiredMode.REQUIRED,
				example = "V1StGXR8_Z5jdHi6B-myT") String sessionId,
		@Schema(description = "Its label, if any.", types = {
				"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
		@Schema(description = "The matching lines, in log order.",
				requiredMode = RequiredMode.REQUIRED) List<SearchMatch> matches,
		@Schema(description = SearchResult.NEXT_OFFSET + " Pass it to `GET /sessions/{id}/search`.",
				requiredMode = RequiredMode.REQUIRED) long nextOffset,
		@Schema(description = SearchResult.TRUNCATED_BY, types = { "string", "null" },
				allowableValues = { "max_matches", "budget" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String truncatedBy,
		@Schema(description = "Bytes of its log read.", requiredMode = RequiredMode.REQUIRED) long scannedBytes,
		@Schema(description = "Ranges skipped because the log no longer keeps them.",
				requiredMode = RequiredMode.REQUIRED) List<SearchGap> gaps,
		@Schema(description = SearchResult.WARNING, types = { "string", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String warning){

}
