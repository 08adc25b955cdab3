package dev.execd;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Search over logs through REST and MCP: offsets checked against {@code grep -b -o} on a
 * 500 MB log, continuation, regex, literal and case folding, context, a line across the
 * scan's chunks, UTF-8, the conversation search and its isolation, refusals.
 */
class SearchTests extends McpEndToEndTest {

	@TempDir
	Path dir;

	@Autowired
	ExecdProperties properties;

	@Test
	void findsEveryTokenOfA500MbLogAtGrepsOffsetsAndContinuesFromNextOffset() throws Exception {
		// About 500 MB: each token ends a line cut from a stream of filler lines. grep
		// reads
		// the server's own log file: the test never holds the log.
		String id = runToExit("for i in $(seq 1 500); do yes \"filler line $i of the log\" | head -c 1000003; "
				+ "printf 'a TOKEN%d b\\n' $i; done");
		Path log = this.properties.output().dir().resolve(id + ".log");
		long size = Files.size(log);
		assertThat(size).isGreaterThan(500_000_000);
		List<Long> expected = grepOffsets(log, "TOKEN[0-9]*");
		assertThat(expected).hasSize(500);

		List<Long> paged = new ArrayList<>();
		int pages = pageThrough(id, "pattern=TOKEN&literal=true&max_matches=37", size,
				(m) -> paged.add(m.get("offset").asLong()));
		assertThat(paged).isEqualTo(expected);
		assertThat(pages).isGreaterThanOrEqualTo(14);

		List<JsonNode> regex = new ArrayList<>();
		pageThrough(id, "pattern=" + encode("TOKEN\\d+ b$") + "&max_matches=1000", size, regex::add);
		assertThat(regex.stream().map((m) -> m.get("offset").asLong())).isEqualTo(expected);
		JsonNode first = regex.get(0);
		assertThat(first.get("line").asString()).endsWith("a TOKEN1 b").startsWith("fil");
		assertThat(first.get("line_truncated").asBoolean()).isFalse();
		try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
			file.seek(first.get("line_offset").asLong() - 1);
			assertThat(file.read()).isEqualTo('\n');
		}
	}

	/**
	 * Follows {@code next_offset} until a page is not cut short; checks that it ends at
	 * the log's end and that every page makes progress. Returns the number of pages.
	 */
	private int pageThrough(String id, String query, long size, Consumer<JsonNode> matches) {
		long from = 0;
		for (int pages = 1; pages < 10_000; pages++) {
			JsonNode page = search(id, query + "&from_offset=" + from);
			page.get("matches").forEach(matches);
			assertThat(page.get("gaps")).isEmpty();
			long next = page.get("next_offset").asLong();
			if (page.get("truncated_by").isNull()) {
				assertThat(next).isEqualTo(size);
				return pages;
			}
			assertThat(next).isGreaterThan(from);
			from = next;
		}
		throw new AssertionError("no end of search");
	}

	@Test
	void regexLiteralAndIgnoreCaseAndContext() {
		String id = runToExit("printf 'one\\ntwo Error: disk\\nthree\\nfour error: net\\nfive\\nsix [x]\\n'");
		assertThat(offsets(search(id, "pattern=" + encode("[Ee]rror: \\w+")))).containsExactly(8L, 31L);
		assertThat(offsets(search(id, "pattern=Error"))).containsExactly(8L);
		assertThat(offsets(search(id, "pattern=ERROR&ignore_case=true"))).containsExactly(8L, 31L);
		assertThat(offsets(search(id, "pattern=ERROR&ignore_case=true&literal=true"))).containsExactly(8L, 31L);
		// A literal is not a regular expression: [x] is three characters.
		assertThat(offsets(search(id, "pattern=" + encode("[x]") + "&literal=true"))).containsExactly(51L);
		assertThat(offsets(search(id, "pattern=" + encode("[x]")))).containsExactly(49L);

		JsonNode context = search(id, "pattern=error&ignore_case=true&context=1");
		JsonNode match = context.get("matches").get(1);
		assertThat(match.get("line").asString()).isEqualTo("four error: net");
		assertThat(match.get("line_offset").asLong()).isEqualTo(26);
		assertThat(match.get("before").valueStream().map(JsonNode::asString)).containsExactly("three");
		assertThat(match.get("after").valueStream().map(JsonNode::asString)).containsExactly("five");

		JsonNode ranged = search(id, "pattern=error&ignore_case=true&from_offset=9&to_offset=30");
		assertThat(offsets(ranged)).isEmpty();
		assertThat(ranged.get("next_offset").asLong()).isEqualTo(30);
	}

	@Test
	void aLineAcrossTheScansChunksAndMultiByteLinesGiveByteOffsets() {
		String id = runToExit(
				"head -c 1048570 /dev/zero | tr '\\0' x; printf '\\nab TOKEN cd\\nh\\303\\251llo w\\303\\266rld\\n'");
		JsonNode literal = search(id, "pattern=TOKEN&literal=true");
		assertThat(offsets(literal)).containsExactly(1048574L);
		assertThat(literal.get("matches").get(0).get("line").asString()).isEqualTo("ab TOKEN cd");
		JsonNode regex = search(id, "pattern=" + encode("^ab T.KEN cd$"));
		assertThat(offsets(regex)).containsExactly(1048571L);
		JsonNode unicode = search(id, "pattern=" + encode("w.rld"));
		assertThat(offsets(unicode)).containsExactly(1048571L + 12 + 7);
		assertThat(unicode.get("matches").get(0).get("line").asString()).isEqualTo("héllo wörld");
		assertThat(offsets(search(id, "pattern=" + encode("WÖRLD") + "&literal=true&ignore_case=true")))
			.containsExactly(1048571L + 12 + 7);
		JsonNode longLine = search(id, "pattern=x&literal=true");
		assertThat(longLine.get("matches").get(0).get("line_truncated").asBoolean()).isTrue();
		assertThat(longLine.get("matches").get(0).get("line").asString()).hasSize(1024);
	}

	@Test
	void searchesTheConversationNewestFirstAndNeverAnotherConversation() {
		String first = runToExit("echo 'marker first'");
		String second = runToExit("echo 'nothing here'");
		String third = runToExit("echo 'marker third'; echo 'marker again'");
		TestClient other = new TestClient(this.port).inConversation("other-" + UUID.randomUUID());
		try {
			String foreign = id(other.start(Map.of("cmd", "echo 'marker foreign'", "yield_time_ms", 5000)));
			TestClient.Response all = this.api.get("/sessions/search?pattern=marker");
			assertThat(all.status()).isEqualTo(200);
			JsonNode sessions = all.json().get("sessions");
			assertThat(sessions.valueStream().map((s) -> s.get("session_id").asString())).containsExactly(third, first);
			assertThat(offsets(sessions.get(0))).containsExactly(0L, 13L);
			assertThat(all.json().get("truncated_by").isNull()).isTrue();
			assertThat(second).isNotEmpty();

			JsonNode limited = this.api.get("/sessions/search?pattern=marker&max_matches=2").json();
			assertThat(limited.get("truncated_by").asString()).isEqualTo("max_matches");
			assertThat(limited.get("sessions")).hasSize(1);
			assertThat(limited.get("not_searched").valueStream().map(JsonNode::asString)).containsExactly(second,
					first);

			TestClient.Response foreignSearch = this.api.get("/sessions/" + foreign + "/search?pattern=marker");
			assertThat(foreignSearch.status()).isEqualTo(404);
			assertThat(foreignSearch.json().get("code").asString()).isEqualTo("session_not_found");
			JsonNode theirs = other.get("/sessions/search?pattern=marker").json().get("sessions");
			assertThat(theirs.valueStream().map((s) -> s.get("session_id").asString())).containsExactly(foreign);
		}
		finally {
			other.delete("/sessions");
		}
	}

	@Test
	void refusesABadRegexLikeWaitForAndAnOffsetPastTheEndLikeTheLog() {
		String id = runToExit("echo hello");
		TestClient.Response bad = this.api.get("/sessions/" + id + "/search?pattern=" + encode("(unclosed"));
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("code").asString()).isEqualTo("invalid_request");
		TestClient.Response badAll = this.api.get("/sessions/search?pattern=" + encode("a{2,1}"));
		assertThat(badAll.status()).isEqualTo(400);
		assertThat(this.api.get("/sessions/" + id + "/search").status()).isEqualTo(400);
		assertThat(this.api.get("/sessions/" + id + "/search?pattern=" + "x".repeat(1025)).status()).isEqualTo(400);
		TestClient.Response past = this.api.get("/sessions/" + id + "/search?pattern=h&from_offset=7");
		assertThat(past.status()).isEqualTo(416);
		assertThat(past.json().get("code").asString()).isEqualTo("offset_out_of_range");
		assertThat(this.api.get("/sessions/" + id + "/output?offset=7").json().get("code").asString())
			.isEqualTo("offset_out_of_range");
		assertThat(this.api.get("/sessions/" + id + "/search?pattern=h&from_offset=6").status()).isEqualTo(200);
		assertThat(this.api.get("/sessions/" + id + "/search?pattern=h&from_offset=4&to_offset=2").status())
			.isEqualTo(400);
	}

	@Test
	void theMcpToolSearchesOneSessionOrTheConversation() {
		String id = runToExit("printf 'alpha\\nbeta needle\\ngamma\\n'");
		McpTestClient.Result one = this.mcp.ok("search_output",
				Map.of("session_id", id, "pattern", "needle", "literal", true, "context", 1));
		assertThat(one.text()).contains("matches: 1\n", "--- session_id: " + id, "-alpha\n11:beta needle\n-gamma\n");
		assertThat(one.structured()).containsKey("sessions").containsEntry("truncated_by", null);
		McpTestClient.Result all = this.mcp.ok("search_output", Map.of("pattern", "ne+dle"));
		assertThat(all.text()).contains("11:beta needle\n");
		McpTestClient.Result refused = this.mcp.call("search_output", Map.of("pattern", "("));
		assertThat(refused.error()).isTrue();
		assertThat(refused.text()).startsWith("invalid_request");
	}

	@Test
	void emptyLinesMatchAsGrepFindsThem() {
		// a\n, \n, b\n, \n, " "\n, c\r\n, \r\n: empty lines at 2 and 5, an empty \r\n
		// line at 13.
		String id = runToExit("printf 'a\\n\\nb\\n\\n   \\nc\\r\\n\\r\\n'");
		JsonNode empty = search(id, "pattern=" + encode("^$"));
		assertThat(offsets(empty)).containsExactly(2L, 5L, 13L);
		assertThat(empty.get("matches").valueStream().map((m) -> m.get("line_offset").asLong())).containsExactly(2L, 5L,
				13L);
		assertThat(empty.get("matches").valueStream().map((m) -> m.get("line").asString())).containsOnly("");
		assertThat(offsets(search(id, "pattern=" + encode("^\\s*$")))).containsExactly(2L, 5L, 6L, 13L);
		assertThat(offsets(search(id, "pattern=" + encode("^ *$")))).containsExactly(2L, 5L, 6L, 13L);
		JsonNode context = search(id, "context=1&pattern=" + encode("^$"));
		JsonNode first = context.get("matches").get(0);
		assertThat(first.get("before").valueStream().map(JsonNode::asString)).containsExactly("a");
		assertThat(first.get("after").valueStream().map(JsonNode::asString)).containsExactly("b");

		TestClient.Response conversation = this.api.get("/sessions/search?pattern=" + encode("^$"));
		assertThat(conversation.status()).as(conversation.text()).isEqualTo(200);
		JsonNode all = conversation.json();
		assertThat(all.get("sessions")).hasSize(1);
		assertThat(all.get("sessions").get(0).get("session_id").asString()).isEqualTo(id);
		assertThat(offsets(all.get("sessions").get(0))).containsExactly(2L, 5L, 13L);
	}

	@Test
	void anInlineMultilineFlagOrACrlfLineEndLeavesEmptyLinesEmpty() {
		// a\n, \n, b\r\n, \r\n, " "\n: the empty lines start at 2 and 6; the \r of a
		// \r\n ends its line, as the line is shown and as a watch sees it.
		String id = runToExit("printf 'a\\n\\nb\\r\\n\\r\\n   \\n'");
		for (String pattern : List.of("^$", "(?m)^$", "(?im)^$", "(?m:^$)", "^\\z", "\\A$")) {
			assertThat(offsets(search(id, "pattern=" + encode(pattern)))).as(pattern).containsExactly(2L, 6L);
		}
		assertThat(offsets(search(id, "pattern=" + encode("b\\z")))).containsExactly(3L);
		assertThat(offsets(search(id, "pattern=" + encode("\\r")))).isEmpty();
		assertThat(offsets(search(id, "literal=true&pattern=" + encode("\r")))).isEmpty();
	}

	@Test
	void aLineEndingInSeveralCarriageReturnsIsShownAndMatchedWithoutThem() {
		// A terminal turns a program's \r\n into \r\r\n; a person sees neither \r.
		String id = runToExit("printf 'HTTP/1.1 200 OK\\r\\r\\nabc\\r\\r\\n'");
		JsonNode status = search(id, "pattern=" + encode("^HTTP/1.1 200 OK$") + "&context=1");
		assertThat(offsets(status)).containsExactly(0L);
		assertThat(status.get("matches").get(0).get("line").asString()).isEqualTo("HTTP/1.1 200 OK");
		assertThat(status.get("matches").get(0).get("after").get(0).asString()).isEqualTo("abc");
		assertThat(offsets(search(id, "pattern=" + encode("^abc$")))).containsExactly(18L);
		assertThat(offsets(search(id, "pattern=" + encode("c$")))).containsExactly(20L);
		assertThat(offsets(search(id, "pattern=" + encode("\\r")))).isEmpty();
	}

	@Test
	void theConversationsSearchRefusesTheOffsetsOfOneLog() {
		runToExit("echo 'marker one'");
		for (String offsets : List.of("from_offset=5", "to_offset=5", "from_offset=0&to_offset=100")) {
			TestClient.Response refused = this.api.get("/sessions/search?pattern=marker&" + offsets);
			assertThat(refused.status()).as(offsets).isEqualTo(400);
			assertThat(refused.json().get("code").asString()).isEqualTo("invalid_request");
			assertThat(refused.json().get("detail").asString()).contains("from_offset and to_offset");
		}
		assertThat(this.api.get("/sessions/search?pattern=marker").status()).isEqualTo(200);
	}

	private String runToExit(String cmd) {
		String id = id(start(Map.of("cmd", cmd, "yield_time_ms", 100, "max_output_bytes", 256)));
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> "exited".equals(this.api.get("/sessions/" + id).json().get("status").asString()));
		return id;
	}

	private JsonNode search(String id, String query) {
		TestClient.Response response = this.api.get("/sessions/" + id + "/search?" + query);
		assertThat(response.status()).as(response.text()).isEqualTo(200);
		return response.json();
	}

	private static List<Long> offsets(JsonNode result) {
		return result.get("matches").valueStream().map((m) -> m.get("offset").asLong()).toList();
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	private static List<Long> grepOffsets(Path file, String regex) throws IOException, InterruptedException {
		Process grep = new ProcessBuilder("grep", "-a", "-b", "-o", regex, file.toString()).start();
		String out = new String(grep.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(grep.waitFor()).isZero();
		return out.lines().map((line) -> Long.parseLong(line.substring(0, line.indexOf(':')))).toList();
	}

}
