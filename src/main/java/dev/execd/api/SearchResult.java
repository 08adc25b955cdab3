package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /sessions/{id}/search} returns.
 *
 * @param matches the matching lines, in log order
 * @param nextOffset where to continue
 * @param truncatedBy why the search stopped early, or null
 * @param scannedBytes bytes read
 * @param gaps ranges skipped
 * @param warning a pattern that ran out of steps on some lines, or null
 */
@Schema(description = "The lines of one session's log that match.")
public record SearchResult(
		@Schema(description = "The matching lines, in log order; a line appears once.",
				requiredMode = RequiredMode.REQUIRED) List<SearchMatch> matches,
		@Schema(description = SearchResult.NEXT_OFFSET, requiredMode = RequiredMode.REQUIRED,
				example = "104900") long nextOffset,
		@Schema(description = SearchResult.TRUNCATED_BY, types = {
				"string", "null" }, allowableValues = { "max_matches", "budget" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String truncatedBy,
		@Schema(description = "Bytes of the log this search read.", requiredMode = RequiredMode.REQUIRED,
				example = "1048576") long scannedBytes,
		@Schema(description = "Ranges skipped because the log no longer keeps them (see `log_truncated`).",
				requiredMode = RequiredMode.REQUIRED) List<SearchGap> gaps,
		@Schema(description = SearchResult.WARNING, types = { "string", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String warning){

	static final String NEXT_OFFSET = """
			Where to continue, as `from_offset` of the next search: after the last reported \
			match's line when `max_matches` stopped it, where it stopped (a line start) for the \
			`budget`, the end of the searched range otherwise.""";

	static final String TRUNCATED_BY = """
			`null` when the whole range was searched; `max_matches` when that many lines \
			matched; `budget` when the request's time (2 s) or byte (1 GiB) budget ran out. \
			Continue from `next_offset` either way.""";

	static final String WARNING = """
			Set when the regular expression exceeded its step budget (as `wait_for`) on some \
			lines: they count as not matching. Simplify the pattern.""";

}
