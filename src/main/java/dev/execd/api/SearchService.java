package dev.execd.api;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.execd.session.Scope;
import dev.execd.session.Session;
import dev.execd.session.SessionException;
import dev.execd.session.SessionReads;
import dev.execd.session.SessionRegistry;
import dev.execd.session.SessionSearch;
import dev.execd.session.SessionSnapshot;
import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * Search over session logs, shared by REST and MCP: one session's log by offset range, or
 * every log of the conversation, newest session first, under one budget per request.
 */
@Component
public class SearchService {

	static final int DEFAULT_MAX_MATCHES = 100;

	static final int MAX_MATCHES = 1000;

	static final int MAX_CONTEXT = 10;

	/** A search never holds a request thread longer than this. */
	static final long BUDGET_MS = 2000;

	static final long BUDGET_BYTES = 1L << 30;

	private final SessionRegistry registry;

	SearchService(SessionRegistry registry) {
		this.registry = registry;
	}

	/**
	 * What to look for and how much to report, as the wire gives it.
	 *
	 * @param pattern a regular expression, or a literal
	 * @param literal whether {@code pattern} is a literal
	 * @param ignoreCase whether case is ignored
	 * @param context lines before and after each match, 0 to 10
	 * @param maxMatches most matching lines, 1 to 1000
	 */
	public record Query(@Nullable String pattern, @Nullable Boolean literal, @Nullable Boolean ignoreCase,
			@Nullable Long context, @Nullable Long maxMatches) {

		SessionSearch toSearch() {
			if (this.pattern == null || this.pattern.isEmpty()) {
				throw ApiException.invalid("pattern is required");
			}
			boolean fold = Inputs.flag(this.ignoreCase);
			long nanos = TimeUnit.MILLISECONDS.toNanos(BUDGET_MS);
			if (!Inputs.flag(this.literal)) {
				int flags = fold ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
				return SessionSearch.regex(Waits.pattern(this.pattern, "pattern", flags), contextLines(), nanos,
						BUDGET_BYTES);
			}
			if (Inputs.characters(this.pattern) > Inputs.MAX_WAIT_FOR_LENGTH) {
				throw ApiException.invalid("pattern is longer than " + Inputs.MAX_WAIT_FOR_LENGTH + " characters");
			}
			if (this.pattern.indexOf('\n') >= 0) {
				throw ApiException.invalid("a literal pattern cannot contain a newline: lines are matched one by one");
			}
			return SessionSearch.literal(this.pattern, fold, contextLines(), nanos, BUDGET_BYTES);
		}

		int contextLines() {
			return (int) Inputs.inRange(this.context, 0, 0, MAX_CONTEXT, "context");
		}

		int matchLimit() {
			return (int) Inputs.inRange(this.maxMatches, DEFAULT_MAX_MATCHES, 1, MAX_MATCHES, "max_matches");
		}

	}

	/** {@code GET /sessions/{id}/search}. */
	public SearchResult search(Scope scope, String id, Query query, @Nullable Long fromOffset,
			@Nullable Long toOffset) {
		SessionSearch search = query.toSearch();
		long from = Inputs.nonNegative(fromOffset, 0, "from_offset");
		Long to = (toOffset != null) ? Inputs.nonNegative(toOffset, 0, "to_offset") : null;
		if (to != null && to < from) {
			throw ApiException.invalid("to_offset is before from_offset");
		}
		SessionSearch.Result result = search.search(this.registry.find(scope, id).reads(), from, to,
				query.matchLimit());
		return new SearchResult(matches(result), result.next(), result.truncatedBy(), result.scanned(), gaps(result),
				warning(result));
	}

	/**
	 * {@code GET /sessions/search}: newest session first, until the matches or the budget
	 * run out.
	 */
	public ConversationSearchResult searchAll(Scope scope, Query query) {
		SessionSearch search = query.toSearch();
		int left = query.matchLimit();
		List<SessionSearchResult> found = new ArrayList<>();
		List<String> notSearched = new ArrayList<>();
		String stopped = null;
		for (SessionSnapshot snapshot : this.registry.list(scope, null)) {
			if (stopped != null || search.spent()) {
				stopped = (stopped != null) ? stopped : "budget";
				notSearched.add(snapshot.id());
				continue;
			}
			SessionReads reads;
			try {
				reads = this.registry.find(scope, snapshot.id()).reads();
			}
			catch (SessionException.NotFound ex) {
				// Removed since the listing.
				continue;
			}
			SessionSearch.Result result = search.search(reads, 0, null, left);
			left -= result.matches().size();
			stopped = result.truncatedBy();
			if (!result.matches().isEmpty() || stopped != null) {
				found.add(new SessionSearchResult(snapshot.id(), snapshot.name(), matches(result), result.next(),
						stopped, result.scanned(), gaps(result), warning(result)));
			}
		}
		return new ConversationSearchResult(found, stopped, notSearched);
	}

	private static List<SearchMatch> matches(SessionSearch.Result result) {
		return result.matches()
			.stream()
			.map((m) -> new SearchMatch(m.offset(), m.lineOffset(), m.line(), m.lineTruncated(), m.before(), m.after()))
			.toList();
	}

	private static List<SearchGap> gaps(SessionSearch.Result result) {
		return result.gaps().stream().map((gap) -> new SearchGap(gap.from(), gap.to())).toList();
	}

	private static @Nullable String warning(SessionSearch.Result result) {
		if (result.overBudgetLines() == 0) {
			return null;
		}
		return "the pattern exceeded its step budget on " + result.overBudgetLines()
				+ " lines, which count as not matching: simplify it";
	}

}
