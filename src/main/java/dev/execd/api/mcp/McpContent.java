package dev.execd.api.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * What a model reads once. A tool result's text block carries the content (output, screen
 * rows, a file's text); its structured content carries everything else of the REST body,
 * so a host that hands both to a model does not pay for the content twice. The text is
 * therefore not the JSON of the structured content, as the MCP specification suggests for
 * hosts without structured content, but a superset of it for a reader.
 */
final class McpContent {

	/** The REST fields the text block carries, left out of the structured content. */
	static final Set<String> CONTENT = Set.of("output", "text", "lines", "scrollback");

	private static final Pattern MARKER = Pattern
		.compile("; full output: GET \\S+[?&]offset=(\\d{1,18})&length=(\\d{1,18}) \\.\\.\\.]\n");

	/**
	 * What lies between two truncation markers around a gap marker: from the first one's
	 * closing newline to where {@link #MARKER} begins in the second.
	 */
	private static final Pattern GAP = Pattern
		.compile("\n\n\\[\\.\\.\\. gap: \\d{1,18} bytes \\(offsets \\d{1,18}-\\d{1,18}\\)"
				+ " [^\n]* \\.\\.\\.]\n\n\\[\\.\\.\\. omitted \\d{1,18} bytes \\(offsets \\d{1,18}-\\d{1,18}\\)");

	/** The most {@code read_output} returns in one call. */
	private static final long MAX_READ = 1 << 20;

	private McpContent() {
	}

	/** The body without its content fields, at the top and in a nested {@code screen}. */
	@SuppressWarnings("unchecked")
	static Map<String, @Nullable Object> metadata(Map<String, @Nullable Object> body) {
		Map<String, @Nullable Object> kept = new LinkedHashMap<>(body);
		kept.keySet().removeAll(CONTENT);
		if (kept.get("screen") instanceof Map<?, ?> screen) {
			kept.put("screen", metadata((Map<String, @Nullable Object>) screen));
		}
		return kept;
	}

	/**
	 * The output with its truncation markers naming the call an MCP client can make
	 * ({@code read_output} by offset) instead of a REST route it cannot; past a megabyte
	 * the reads continue from {@code next_offset}. Only the markers execd inserted are
	 * rewritten: the one for exactly {@code omitted} bytes, or the two around a gap (past
	 * the log cap) whose bytes add up to it.
	 */
	static String output(String output, String sessionId, long omitted) {
		if (omitted <= 0) {
			return output;
		}
		List<MatchResult> markers = MARKER.matcher(output).results().toList();
		for (MatchResult marker : markers) {
			if (length(marker) == omitted) {
				return rewrite(output, sessionId, List.of(marker));
			}
		}
		for (int i = 0; i + 1 < markers.size(); i++) {
			MatchResult first = markers.get(i);
			MatchResult second = markers.get(i + 1);
			if (length(first) + length(second) == omitted
					&& GAP.matcher(output).region(first.end() - 1, second.start()).matches()) {
				return rewrite(output, sessionId, List.of(first, second));
			}
		}
		return output;
	}

	private static long length(MatchResult marker) {
		return Long.parseLong(marker.group(2));
	}

	private static String rewrite(String output, String sessionId, List<MatchResult> markers) {
		StringBuilder out = new StringBuilder();
		int at = 0;
		for (MatchResult marker : markers) {
			out.append(output, at, marker.start())
				.append("; full output: read_output with session_id \"")
				.append(sessionId)
				.append("\", offset ")
				.append(marker.group(1))
				.append(", max_bytes ")
				.append(Math.min(length(marker), MAX_READ))
				.append(" ...]\n");
			at = marker.end();
		}
		return out.append(output, at, output.length()).toString();
	}

}
