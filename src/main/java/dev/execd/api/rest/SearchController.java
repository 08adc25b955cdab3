package dev.execd.api.rest;

import dev.execd.api.ApiException;
import dev.execd.api.ConversationSearchResult;
import dev.execd.api.SearchResult;
import dev.execd.api.SearchService;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.OutputProblemResponses;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Search over logs: one session's by offset range, or the whole conversation's. The
 * literal path {@code /sessions/search} wins over {@code /sessions/{id}}, and no session
 * id can be {@code search} (ids are 21 characters).
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Logs")
class SearchController {

	private static final String RULES = "\n\n" + """
			Lines end at `\\n` and are matched one at a time; a line is reported once, at its \
			first match. A line longer than 64 KiB is matched as 64 KiB pieces. The scan \
			reads the log file and the memory window in 1 MiB chunks, never the whole log; \
			bytes the log no longer keeps (past execd.output.max-log-size, behind the \
			memory window) are skipped and listed in `gaps`. A request stops after 2 s or \
			1 GiB read (`truncated_by: budget`) or at `max_matches` (`truncated_by: \
			max_matches`); continue from `next_offset`. The 2 s count from the request: \
			scans run on as many threads as the server has cores, and time waiting for one \
			is spent too; with 64 searches waiting already, 429 `server_busy`.""";

	private static final String PATTERN = """
			What to look for: a Java regular expression (as `wait_for`), or a plain string with \
			`literal=true`. A literal cannot contain a newline.""";

	private static final String LITERAL = "Match `pattern` as a plain string (the fast path).";

	private static final String IGNORE_CASE = """
			Ignore case: Unicode case folding for a regular expression; for a literal, ASCII \
			folding when it is ASCII, else Unicode folding through a regular expression.""";

	private static final String CONTEXT = "Lines before and after each match to return, 0 to 10.";

	private static final String MAX_MATCHES = "Most matching lines to return, 1 to 1000.";

	private final SearchService search;

	SearchController(SearchService search) {
		this.search = search;
	}

	@Operation(operationId = "searchLog", summary = "Search a session's log", description = """
			The lines of the session's log that match `pattern`: a Java regular expression \
			with the rules of `wait_for` (at most 1024 characters, MULTILINE, the same step \
			budget per line; an invalid one is 400 `invalid_request`), or with `literal=true` \
			a plain string searched as UTF-8 bytes (the fast path). `from_offset` past the \
			end is 416 `offset_out_of_range`, as for `GET /sessions/{id}/output`; the scan \
			starts at `from_offset` as if a line began there.""" + RULES)
	@ApiResponse(responseCode = "200", description = "The matching lines.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = SearchResult.class),
					examples = @ExampleObject(name = "pytest", value = ApiExamples.SEARCH)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@ApiResponse(responseCode = "416", ref = OutputProblemResponses.OFFSET_OUT_OF_RANGE)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.SERVER_BUSY)
	@ApiResponse(responseCode = "503", ref = OutputProblemResponses.READ_UNAVAILABLE)
	@GetMapping("/{id}/search")
	SearchResult search(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id,
			@Parameter(description = PATTERN, required = true, schema = @Schema(maxLength = 1024),
					example = "FAILED|Error") @RequestParam(required = false) @Nullable String pattern,
			@Parameter(description = LITERAL, schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(
					required = false) @Nullable Boolean literal,
			@Parameter(description = IGNORE_CASE,
					schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(name = "ignore_case",
							required = false) @Nullable Boolean ignoreCase,
			@Parameter(description = CONTEXT,
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0", minimum = "0",
							maximum = "10")) @RequestParam(required = false) @Nullable Long context,
			@Parameter(description = MAX_MATCHES,
					schema = @Schema(type = "integer", format = "int64", defaultValue = "100", minimum = "1",
							maximum = "1000")) @RequestParam(name = "max_matches",
									required = false) @Nullable Long maxMatches,
			@Parameter(description = "Where to start, e.g. the previous `next_offset`. Default 0.",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							name = "from_offset", required = false) @Nullable Long fromOffset,
			@Parameter(description = "Where to end (exclusive); default and at most: the output so far.",
					schema = @Schema(type = "integer", format = "int64", minimum = "0")) @RequestParam(
							name = "to_offset", required = false) @Nullable Long toOffset) {
		return this.search.search(scope, id, new SearchService.Query(pattern, literal, ignoreCase, context, maxMatches),
				fromOffset, toOffset);
	}

	@Operation(operationId = "searchLogs", summary = "Search the logs of every session of the conversation",
			description = """
					The same search over every session of this conversation (never another's), \
					newest session first, each log from its start, grouped by session: a session \
					appears when a line of it matches or when the search stopped in it. \
					`max_matches` and the budget count across sessions; sessions the search did \
					not reach are listed in `not_searched`. `from_offset` and `to_offset` are one \
					log's offsets: here they are 400 `invalid_request`.""" + RULES)
	@ApiResponse(responseCode = "200", description = "The matching lines, grouped by session.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = ConversationSearchResult.class),
					examples = @ExampleObject(name = "pytest", value = ApiExamples.SEARCH_ALL)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "429", ref = ProblemResponses.SERVER_BUSY)
	@ApiResponse(responseCode = "503", ref = OutputProblemResponses.READ_UNAVAILABLE)
	@GetMapping("/search")
	ConversationSearchResult searchAll(Scope scope,
			@Parameter(description = PATTERN, required = true, schema = @Schema(maxLength = 1024),
					example = "FAILED|Error") @RequestParam(required = false) @Nullable String pattern,
			@Parameter(description = LITERAL, schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(
					required = false) @Nullable Boolean literal,
			@Parameter(description = IGNORE_CASE,
					schema = @Schema(type = "boolean", defaultValue = "false")) @RequestParam(name = "ignore_case",
							required = false) @Nullable Boolean ignoreCase,
			@Parameter(description = CONTEXT,
					schema = @Schema(type = "integer", format = "int64", defaultValue = "0", minimum = "0",
							maximum = "10")) @RequestParam(required = false) @Nullable Long context,
			@Parameter(description = MAX_MATCHES + " Across all sessions.",
					schema = @Schema(type = "integer", format = "int64", defaultValue = "100", minimum = "1",
							maximum = "1000")) @RequestParam(name = "max_matches",
									required = false) @Nullable Long maxMatches,
			@Parameter(hidden = true) @RequestParam(name = "from_offset", required = false) @Nullable String fromOffset,
			@Parameter(hidden = true) @RequestParam(name = "to_offset", required = false) @Nullable String toOffset) {
		if (fromOffset != null || toOffset != null) {
			// Offsets are one log's: taken here they would silently mean nothing.
			throw ApiException.invalid("from_offset and to_offset are offsets in one session's log: "
					+ "search it with GET /sessions/{id}/search");
		}
		return this.search.searchAll(scope, new SearchService.Query(pattern, literal, ignoreCase, context, maxMatches));
	}

}
