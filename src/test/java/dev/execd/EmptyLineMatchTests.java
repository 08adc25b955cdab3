package dev.execd;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Watches on empty lines fire at their offsets, as {@code grep '^$'} finds them, and an
 * empty line no longer removes a session's watches (the searches are in
 * {@link SearchTests}).
 */
class EmptyLineMatchTests extends EndToEndTest {

	@Test
	void aWatchOnAnEmptyLineFiresAtItsOffset() {
		// a\n, \n, b\r\n, \r\n, " "\n: the empty lines start at 2 and 6, the blank one at
		// 8.
		String id = id(
				start(Map.of("cmd", "printf 'a\\n\\nb\\r\\n\\r\\n   \\n'", "watches",
						List.of(Map.of("name", "empty", "pattern", "^$"),
								Map.of("name", "blank", "pattern", "^(\\s*)$"), Map.of("name", "end", "pattern", "$")),
						"yield_time_ms", 0)));
		List<JsonNode> matches = matchesUntilExit();
		assertThat(offsets(matches, "empty")).containsExactly(2L, 6L);
		assertThat(offsets(matches, "blank")).containsExactly(2L, 6L, 8L);
		// $ ends every line, at its \r when it has one; an empty line no longer removes
		// the watches.
		assertThat(offsets(matches, "end")).containsExactly(1L, 2L, 4L, 6L, 11L);
		assertThat(matches).filteredOn((m) -> m.get("watch").asString().equals("blank"))
			.extracting((m) -> m.get("text").asString() + "|" + m.get("groups").get(0).asString())
			.containsExactly("|", "|", "   |   ");
		assertThat(this.api.get("/sessions/" + id).json().get("warnings").toString()).doesNotContain("removed");
	}

	@Test
	void anInlineMultilineFlagLeavesEmptyLinesMatching() {
		// The same lines: empty at 2 and 6 (b\r\n at 3), as a search finds them.
		String id = id(start(Map.of("cmd", "printf 'a\\n\\nb\\r\\n\\r\\n   \\n'", "watches",
				List.of(Map.of("name", "m", "pattern", "(?m)^$"), Map.of("name", "im", "pattern", "(?im)^$"),
						Map.of("name", "group", "pattern", "(?m:^$)"), Map.of("name", "z", "pattern", "^\\z"),
						Map.of("name", "b", "pattern", "b\\z")),
				"yield_time_ms", 0)));
		List<JsonNode> matches = matchesUntilExit();
		for (String watch : List.of("m", "im", "group", "z")) {
			assertThat(offsets(matches, watch)).as(watch).containsExactly(2L, 6L);
		}
		assertThat(offsets(matches, "b")).containsExactly(3L);
		TestClient.Response search = this.api.get("/sessions/" + id + "/search?pattern=%28%3Fm%29%5E%24");
		assertThat(search.json().get("matches").valueStream().map((m) -> m.get("offset").asLong())).containsExactly(2L,
				6L);
	}

	/** The conversation's {@code session_matched} events, up to its session's exit. */
	private List<JsonNode> matchesUntilExit() {
		return new SseClient(this.port)
			.events("/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.takeUntil((e) -> "session_exited".equals(e.event()))
			.collectList()
			.block(Duration.ofSeconds(30))
			.stream()
			.filter((e) -> "session_matched".equals(e.event()))
			.map(SseClient::data)
			.toList();
	}

	private static List<Long> offsets(List<JsonNode> matches, String watch) {
		return matches.stream()
			.filter((m) -> m.get("watch").asString().equals(watch))
			.map((m) -> m.get("offset").asLong())
			.toList();
	}

}
