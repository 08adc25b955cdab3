package dev.execd.api.mcp;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.execd.api.ApiException;
import dev.execd.api.ConversationSearchResult;
import dev.execd.api.SearchMatch;
import dev.execd.api.SearchResult;
import dev.execd.api.SearchService;
import dev.execd.api.SessionSearchResult;
import dev.execd.api.SessionService;
import dev.execd.session.Scope;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.jspecify.annotations.Nullable;

/**
 * The {@code search_output} tool: {@code GET /sessions/{id}/search} with a session id,
 * {@code GET /sessions/search} without one. Either way the structured content has the
 * conversation search's shape (one session with an id), and the text is grep-like:
 * {@code offset:line} per match, context lines after {@code -}.
 */
final class McpSearch {

	private final SearchService search;

	private final SessionService sessions;

	private final Function<Object, Map<String, @Nullable Object>> structured;

	McpSearch(SearchService search, SessionService sessions,
			Function<Object, Map<String, @Nullable Object>> structured) {
		this.search = search;
		this.sessions = sessions;
		this.structured = structured;
	}

	/** Arguments of {@code search_output}, as the search routes take them. */
	record Arguments(@Nullable String pattern, @Nullable Boolean literal, @Nullable Boolean ignoreCase,
			@Nullable Long context, @Nullable Long maxMatches, @Nullable Long fromOffset, @Nullable Long toOffset) {

		SearchService.Query query() {
			return new SearchService.Query(this.pattern, this.literal, this.ignoreCase, this.context, this.maxMatches);
		}

	}

	CallToolResult call(Scope scope, McpArguments args) {
		Arguments arguments = args.bind(Arguments.class);
		ConversationSearchResult result;
		if (args.has(McpArguments.SESSION_ID)) {
			String id = args.sessionId();
			SearchResult one = this.search.search(scope, id, arguments.query(), arguments.fromOffset(),
					arguments.toOffset());
			String name = this.sessions.get(scope, id).name();
			result = new ConversationSearchResult(List.of(new SessionSearchResult(id, name, one.matches(),
					one.nextOffset(), one.truncatedBy(), one.scannedBytes(), one.gaps(), one.warning())),
					one.truncatedBy(), List.of());
		}
		else {
			if (arguments.fromOffset() != null || arguments.toOffset() != null) {
				throw ApiException.invalid("from_offset and to_offset need a session_id");
			}
			result = this.search.searchAll(scope, arguments.query());
		}
		return McpResults.success(text(result), this.structured.apply(result));
	}

	static String text(ConversationSearchResult result) {
		int matches = result.sessions().stream().mapToInt((session) -> session.matches().size()).sum();
		StringBuilder text = new StringBuilder("matches: ").append(matches).append('\n');
		if (result.truncatedBy() != null) {
			text.append("truncated_by: ").append(result.truncatedBy()).append('\n');
		}
		if (!result.notSearched().isEmpty()) {
			text.append("not_searched: ").append(String.join(" ", result.notSearched())).append('\n');
		}
		for (SessionSearchResult session : result.sessions()) {
			text.append("--- session_id: ").append(session.sessionId());
			if (session.name() != null) {
				text.append(" name: ").append(session.name());
			}
			text.append(" next_offset: ").append(session.nextOffset());
			if (session.truncatedBy() != null) {
				text.append(" truncated_by: ").append(session.truncatedBy());
			}
			text.append('\n');
			if (!session.gaps().isEmpty()) {
				text.append("gaps:");
				session.gaps().forEach((gap) -> text.append(' ').append(gap.from()).append('-').append(gap.to()));
				text.append('\n');
			}
			if (session.warning() != null) {
				text.append("warning: ").append(session.warning()).append('\n');
			}
			for (SearchMatch match : session.matches()) {
				match.before().forEach((line) -> text.append('-').append(line).append('\n'));
				text.append(match.offset()).append(':').append(match.line());
				text.append(match.lineTruncated() ? " [line truncated]\n" : "\n");
				match.after().forEach((line) -> text.append('-').append(line).append('\n'));
			}
		}
		return text.toString();
	}

}
