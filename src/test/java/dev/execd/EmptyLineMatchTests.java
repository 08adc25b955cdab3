package dev.execd;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Empty lines match {@code ^$} as {@code grep -c '^$'} counts them, in a log search, the
 * conversation's search and watches, with the offsets of the empty lines.
 */
class EmptyLineMatchTests extends EndToEndTest {

	@Test
	void aSearchFindsExactlyTheEmptyLines() {
		// a\n, \n, b\n, \n, " "\n, c\r\n, \r\n: empty lines at 2 and 5, an empty \r\n
		// line at 13.
		String id = runToExit("printf 'a\\n\\nb\\n\\n   \\nc\\r\\n\\r\\n'");
		JsonNode empty = search("/sessions/" + id + "/search?pattern=" + encode("^$"));
		assertThat(offsets(empty)).containsExactly(2L, 5L, 13L);
		assertThat(empty.get("matches").valueStream().map((m) -> m.get("line_offset").asLong())).containsExactly(2L, 5L,
				13L);
		assertThat(empty.get("matches").valueStream().map((m) -> m.get("line").asString())).containsOnly("");
		assertThat(offsets(search("/sessions/" + id + "/search?pattern=" + encode("^\\s*$")))).containsExactly(2L, 5L,
				6L, 13L);
		assertThat(offsets(search("/sessions/" + id + "/search?pattern=" + encode("^ *$")))).containsExactly(2L, 5L, 6L,
				13L);
		JsonNode context = search("/sessions/" + id + "/search?context=1&pattern=" + encode("^$"));
		JsonNode first = context.get("matches").get(0);
		assertThat(first.get("before").valueStream().map(JsonNode::asString)).containsExactly("a");
		assertThat(first.get("after").valueStream().map(JsonNode::asString)).containsExactly("b");

		JsonNode all = search("/sessions/search?pattern=" + encode("^$"));
		assertThat(all.get("sessions")).hasSize(1);
		assertThat(all.get("sessions").get(0).get("session_id").asString()).isEqualTo(id);
		assertThat(offsets(all.get("sessions").get(0))).containsExactly(2L, 5L, 13L);
	}

	@Test
	void aWatchOnAnEmptyLineFiresAtItsOffset() {
		// a\n, \n, b\r\n, \r\n, " "\n: the empty lines start at 2 and 6, the blank one at
		// 8.
		String id = id(
				start(Map.of("cmd", "printf 'a\\n\\nb\\r\\n\\r\\n   \\n'", "watches",
						List.of(Map.of("name", "empty", "pattern", "^$"),
								Map.of("name", "blank", "pattern", "^(\\s*)$"), Map.of("name", "end", "pattern", "$")),
						"yield_time_ms", 0)));
		List<JsonNode> matches = new SseClient(this.port)
			.events("/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.takeUntil((e) -> "session_exited".equals(e.event()))
			.collectList()
			.block(Duration.ofSeconds(30))
			.stream()
			.filter((e) -> "session_matched".equals(e.event()))
			.map(SseClient::data)
			.toList();
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

	private static List<Long> offsets(List<JsonNode> matches, String watch) {
		return matches.stream()
			.filter((m) -> m.get("watch").asString().equals(watch))
			.map((m) -> m.get("offset").asLong())
			.toList();
	}

	private String runToExit(String cmd) {
		String id = id(start(Map.of("cmd", cmd, "yield_time_ms", 100)));
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> "exited".equals(this.api.get("/sessions/" + id).json().get("status").asString()));
		return id;
	}

	private JsonNode search(String path) {
		TestClient.Response response = this.api.get(path);
		assertThat(response.status()).as(response.text()).isEqualTo(200);
		return response.json();
	}

	private static List<Long> offsets(JsonNode result) {
		return result.get("matches").valueStream().map((m) -> m.get("offset").asLong()).toList();
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

}
