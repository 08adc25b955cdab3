package dev.execd.api.mcp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
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
	 * The output with its truncation marker naming the call an MCP client can make
	 * ({@code read_output} by offset) instead of a REST route it cannot; past a megabyte
	 * the reads continue from {@code next_offset}. Only the marker execd inserted is
	 * rewritten: the one for exactly {@code omitted} bytes.
	 */
	static String output(String output, String sessionId, long omitted) {
		if (omitted <= 0) {
			return output;
		}
		Matcher marker = MARKER.matcher(output);
		while (marker.find()) {
			if (Long.parseLong(marker.group(2)) == omitted) {
				return output.substring(0, marker.start()) + "; full output: read_output with session_id \"" + sessionId
						+ "\", offset " + marker.group(1) + ", max_bytes " + Math.min(omitted, MAX_READ) + " ...]\n"
						+ output.substring(marker.end());
			}
		}
		return output;
	}

}
