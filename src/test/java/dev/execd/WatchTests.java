package dev.execd;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Watches: patterns matched against each line of a session's output, whose matches arrive
 * on the conversation's {@code /events}; and the other events an agent waits for,
 * {@code command_finished}, with {@code last_output_at} in the session object.
 */
class WatchTests extends EndToEndTest {

	private static final Map<String, Object> READY = Map.of("name", "ready", "pattern", "port (\\d+)", "once", true);

	@Test
	void aReadyWatchFiresOnceWithThePortInItsGroups() {
		JsonNode started = start(Map.of("cmd", "exec python3 -m http.server 0 --bind 127.0.0.1", "watches",
				List.of(READY), "wait_for", "Serving HTTP", "yield_time_ms", 20000));
		String id = id(started);
		Matcher port = Pattern.compile("port (\\d+)").matcher(started.get("output").asString());
		assertThat(port.find()).as(started.get("output").asString()).isTrue();
		List<ServerSentEvent<String>> events = events(this.api, (e) -> "session_matched".equals(e.event()));
		JsonNode match = SseClient.data(events.get(events.size() - 1));
		assertThat(match.get("session_id").asString()).isEqualTo(id);
		assertThat(match.get("watch").asString()).isEqualTo("ready");
		assertThat(match.get("groups").get(0).asString()).isEqualTo(port.group(1));
		assertThat(match.get("text").asString()).startsWith("Serving HTTP on 127.0.0.1 port " + port.group(1));
		long offset = match.get("offset").asLong();
		assertThat(this.api.get("/sessions/" + id + "/log?offset=" + offset + "&length=5").text()).isEqualTo("port ");
		assertThat(this.api.get("/sessions/" + id + "/watches").json().get("watches")).as("once: gone").isEmpty();
		assertThat(this.api.get("/sessions/" + id + "/watches/ready").json().get("code").asString())
			.isEqualTo("watch_not_found");
	}

	@Test
	void aOnceWatchPublishesOneMatchAndAnOtherEveryMatchingLineAlsoOnReplay() {
		start(Map.of("cmd", "printf 'port 1\\nport 2\\nno\\nport 3\\n'", "watches",
				List.of(READY, Map.of("name", "every", "pattern", "^port (\\d)$")), "yield_time_ms", 10000));
		List<ServerSentEvent<String>> events = events(this.api, (e) -> "session_exited".equals(e.event()));
		List<JsonNode> matches = matches(events);
		assertThat(matches).filteredOn((m) -> m.get("watch").asString().equals("ready"))
			.extracting((m) -> m.get("groups").get(0).asString())
			.containsExactly("1");
		assertThat(matches).filteredOn((m) -> m.get("watch").asString().equals("every"))
			.extracting((m) -> m.get("offset").asLong())
			.containsExactly(0L, 7L, 17L);
		// A client resuming from before the matches gets them again.
		long started = Long.parseLong(events.get(0).id());
		List<ServerSentEvent<String>> replay = new SseClient(this.port).until((e) -> "session_exited".equals(e.event()),
				"/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", Long.toString(started));
		assertThat(matches(replay)).hasSize(4);
	}

	@Test
	void aLineSplitAcrossWritesOrInsideACharacterMatchesOnce() {
		start(Map.of("cmd",
				"printf 'Rea'; sleep 0.3; printf 'dy\\n'; printf '\\xc3'; sleep 0.3; printf '\\xa9t\\xc3\\xa9\\n'",
				"watches",
				List.of(Map.of("name", "ready", "pattern", "^Ready$"), Map.of("name", "summer", "pattern", "^été$")),
				"yield_time_ms", 0));
		List<JsonNode> matches = matches(events(this.api, (e) -> "session_exited".equals(e.event())));
		assertThat(matches).extracting((m) -> m.get("watch").asString() + " " + m.get("text").asString())
			.containsExactly("ready Ready", "summer été");
		assertThat(matches.get(1).get("offset").asLong()).isEqualTo(6);
	}

	@Test
	void aTerminalLineIsMatchedAsAPersonReadsIt() {
		start(Map.of("cmd", "printf '\\033[32mLocal:\\033[0m http://localhost:5173/\\n'", "tty", true, "watches",
				List.of(Map.of("name", "vite", "pattern", "^Local: (http\\S+)$")), "yield_time_ms", 0));
		JsonNode match = matches(events(this.api, (e) -> "session_exited".equals(e.event()))).get(0);
		assertThat(match.get("text").asString()).isEqualTo("Local: http://localhost:5173/");
		assertThat(match.get("groups").get(0).asString()).isEqualTo("http://localhost:5173/");
		assertThat(match.get("offset").asLong()).as("the raw offset, after the color").isEqualTo(5);
	}

	@Test
	void aCrlfLineOnATerminalEndsInTwoCarriageReturnsAndStillMatches() {
		// The terminal's onlcr turns each \r\n into \r\r\n; a pipe gets \r\r\n as
		// written.
		start(Map.of("cmd", "printf 'HTTP/1.1 200 OK\\r\\nabc\\r\\n'", "tty", true, "watches", List
			.of(Map.of("name", "status", "pattern", "^HTTP/1.1 200 OK$"), Map.of("name", "abc", "pattern", "^abc$")),
				"yield_time_ms", 0));
		List<JsonNode> matches = matches(events(this.api, (e) -> "session_exited".equals(e.event())));
		assertThat(matches).extracting((m) -> m.get("watch").asString() + " " + m.get("text").asString())
			.containsExactly("status HTTP/1.1 200 OK", "abc abc");
		assertThat(matches.get(1).get("offset").asLong()).as("after HTTP/1.1 200 OK\\r\\r\\n").isEqualTo(18);

		TestClient pipe = new TestClient(this.port).inConversation("crlf-" + UUID.randomUUID());
		pipe.start(Map.of("cmd", "printf 'crlf-crlf\\r\\r\\n'", "watches",
				List.of(Map.of("name", "crlf", "pattern", "crlf$"), Map.of("name", "end", "pattern", "$")),
				"yield_time_ms", 0));
		List<JsonNode> piped = matches(events(pipe, (e) -> "session_exited".equals(e.event())));
		assertThat(piped).extracting((m) -> m.get("watch").asString() + " " + m.get("offset").asLong())
			.containsExactly("crlf 5", "end 9");
	}

	@Test
	void aFloodingWatchIsRateLimitedAndTheServerStaysResponsive() throws Exception {
		CompletableFuture<List<ServerSentEvent<String>>> flood = new SseClient(this.port)
			.events("/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.takeUntil((e) -> "session_matches_dropped".equals(e.event()))
			.take(Duration.ofSeconds(30))
			.collectList()
			.toFuture();
		long begun = System.nanoTime();
		String id = id(start(Map.of("cmd", "yes ERROR", "watches",
				List.of(Map.of("name", "errors", "pattern", "ERROR")), "yield_time_ms", 0, "max_output_bytes", 256)));
		for (int i = 0; i < 5; i++) {
			long asked = System.nanoTime();
			assertThat(this.api.get("/sessions").status()).isEqualTo(200);
			assertThat(Duration.ofNanos(System.nanoTime() - asked)).isLessThan(Duration.ofSeconds(2));
			Thread.sleep(200);
		}
		List<ServerSentEvent<String>> events = flood.get(40, TimeUnit.SECONDS);
		double seconds = (System.nanoTime() - begun) / 1e9;
		List<JsonNode> matches = matches(events);
		assertThat(matches).isNotEmpty().hasSizeLessThanOrEqualTo((int) (10 * (Math.ceil(seconds) + 1)));
		assertThat(events.get(events.size() - 1).event()).isEqualTo("session_matches_dropped");
		JsonNode dropped = SseClient.data(events.get(events.size() - 1));
		assertThat(dropped.get("watch").asString()).isEqualTo("errors");
		assertThat(dropped.get("dropped").asLong()).isPositive();
		assertThat(Instant.parse(dropped.get("since").asString())).isBefore(Instant.now());
		assertThat(this.api.delete("/sessions/" + id).status()).isEqualTo(200);
	}

	@Test
	void watchesAreAddedListedAndRemoved() {
		String id = id(start(Map.of("cmd", "read x; echo port 80; sleep 100", "yield_time_ms", 0)));
		String path = "/sessions/" + id + "/watches";
		TestClient.Response added = this.api.post(path, READY);
		assertThat(added.status()).isEqualTo(201);
		assertThat(added.json().get("pattern").asString()).isEqualTo("port (\\d+)");
		assertThat(added.json().get("once").asBoolean()).isTrue();
		assertThat(this.api.post(path, Map.of("name", "plain", "pattern", "x")).json().get("once").asBoolean())
			.isFalse();
		assertThat(this.api.get(path).json().get("watches")).extracting((w) -> w.get("name").asString())
			.containsExactly("ready", "plain");
		assertThat(this.api.get(path + "/plain").json().get("pattern").asString()).isEqualTo("x");
		assertThat(this.api.delete(path + "/plain").status()).isEqualTo(204);
		TestClient.Response unknown = this.api.delete(path + "/plain");
		assertThat(unknown.status()).isEqualTo(404);
		assertThat(unknown.json().get("code").asString()).isEqualTo("watch_not_found");
		assertThat(this.api.get("/sessions/" + id).json().has("watches")).as("not in the session object").isFalse();
		this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "\\n"));
		JsonNode match = matches(events(this.api, (e) -> "session_matched".equals(e.event()))).get(0);
		assertThat(match.get("groups").get(0).asString()).isEqualTo("80");
	}

	@Test
	void badWatchesAreRefusedWithTheirCodes() {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		String path = "/sessions/" + id + "/watches";
		assertRefused(this.api.post(path, Map.of("name", "bad", "pattern", "(")), 400, "invalid_request");
		assertRefused(this.api.post(path, Map.of("name", "long", "pattern", "x".repeat(1025))), 400, "invalid_request");
		for (String name : List.of("", "a b", "../x", "-x", "x".repeat(65), "é")) {
			assertRefused(this.api.post(path, Map.of("name", name, "pattern", "x")), 400, "invalid_request");
		}
		assertRefused(this.api.post(path, Map.of("pattern", "x")), 400, "invalid_request");
		assertRefused(this.api.send("POST", path, "application/json", (String) null), 400, "invalid_request");
		assertRefused(this.api.post(path, Map.of("name", "x", "pattern", "x", "extra", 1)), 400, "invalid_request");
		for (int i = 0; i < 16; i++) {
			assertThat(this.api.post(path, Map.of("name", "w" + i, "pattern", "x")).status()).isEqualTo(201);
		}
		assertRefused(this.api.post(path, Map.of("name", "w0", "pattern", "y")), 409, "watch_exists");
		assertRefused(this.api.post(path, Map.of("name", "w16", "pattern", "y")), 409, "too_many_watches");
		assertRefused(this.api.get(path + "/nope"), 404, "watch_not_found");
		assertRefused(this.api.get("/sessions/V1StGXR8_Z5jdHi6B-myT/watches"), 404, "session_not_found");

		List<Map<String, Object>> seventeen = new java.util.ArrayList<>();
		for (int i = 0; i < 17; i++) {
			seventeen.add(Map.of("name", "w" + i, "pattern", "x"));
		}
		assertRefused(this.api.post("/sessions", Map.of("cmd", "true", "watches", seventeen)), 400, "invalid_request");
		assertRefused(
				this.api.post("/sessions",
						Map.of("cmd", "true", "watches",
								List.of(Map.of("name", "a", "pattern", "x"), Map.of("name", "a", "pattern", "y")))),
				400, "invalid_request");
		assertRefused(
				this.api.post("/sessions",
						Map.of("cmd", "true", "watches", List.of(Map.of("name", "a", "pattern", "[")))),
				400, "invalid_request");
		assertThat(this.api.get("/sessions").json().get("sessions")).as("nothing started").hasSize(1);

		String ended = id(start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		assertRefused(this.api.post("/sessions/" + ended + "/watches", READY), 409, "session_exited");
	}

	@Test
	void patchReplacesTheWatchesAfterCheckingThemAll() {
		String id = id(start(Map.of("cmd", "sleep 100", "watches", List.of(READY), "yield_time_ms", 0)));
		String path = "/sessions/" + id;
		assertThat(patch(path, "{\"watches\": [{\"name\": \"b\", \"pattern\": \"b\"}, {\"name\": \"c\", "
				+ "\"pattern\": \"c\", \"once\": true}]}")
			.status()).isEqualTo(200);
		assertThat(this.api.get(path + "/watches").json().get("watches")).extracting((w) -> w.get("name").asString())
			.containsExactly("b", "c");
		assertThat(patch(path, "{\"name\": \"renamed\"}").status()).isEqualTo(200);
		assertThat(this.api.get(path + "/watches").json().get("watches")).hasSize(2);
		assertRefused(patch(path, "{\"name\": \"again\", \"watches\": [{\"name\": \"d\", \"pattern\": \"(\"}]}"), 400,
				"invalid_request");
		assertThat(this.api.get(path).json().get("name").asString()).as("nothing changed").isEqualTo("renamed");
		assertThat(this.api.get(path + "/watches").json().get("watches")).hasSize(2);
		assertThat(patch(path, "{\"watches\": []}").status()).isEqualTo(200);
		assertThat(this.api.get(path + "/watches").json().get("watches")).isEmpty();
	}

	@Test
	void aShellCommandsEndIsPublishedWithItsExitCode() {
		String id = id(start(Map.of("shell", true, "yield_time_ms", 0)));
		JsonNode command = this.api.post("/sessions/" + id + "/commands", Map.of("cmd", "echo hi; (exit 3)")).json();
		List<ServerSentEvent<String>> events = events(this.api, (e) -> "command_finished".equals(e.event()));
		JsonNode finished = SseClient.data(events.get(events.size() - 1));
		assertThat(finished.get("session_id").asString()).isEqualTo(id);
		assertThat(finished.get("command_id").asString()).isEqualTo(command.get("command_id").asString());
		assertThat(finished.get("cmd").asString()).isEqualTo("echo hi; (exit 3)");
		assertThat(finished.get("status").asString()).isEqualTo("exited");
		assertThat(finished.get("end").asString()).isEqualTo("exit");
		assertThat(finished.get("exit_code").asInt()).isEqualTo(3);
		assertThat(finished.get("duration_ms").asLong()).isNotNegative();
		assertThat(finished.has("output")).isFalse();
		long from = finished.get("output_offset").asLong();
		long to = finished.get("next_offset").asLong();
		assertThat(this.api.get("/sessions/" + id + "/log?offset=" + from + "&length=" + (to - from)).text())
			.contains("hi");
	}

	@Test
	void lastOutputAtIsNullUntilTheFirstOutput() {
		JsonNode started = start(Map.of("cmd", "read x; echo hi; sleep 100", "yield_time_ms", 0));
		String id = id(started);
		assertThat(started.get("session").get("last_output_at").isNull()).isTrue();
		assertThat(this.api.get("/sessions/" + id).json().get("last_output_at").isNull()).isTrue();
		JsonNode answered = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "\\n", "wait_for", "hi", "yield_time_ms", 10000))
			.json();
		Instant at = Instant.parse(answered.get("session").get("last_output_at").asString());
		assertThat(at).isAfterOrEqualTo(Instant.parse(answered.get("session").get("started_at").asString()))
			.isBeforeOrEqualTo(Instant.now());
	}

	@Test
	void aWatchOfOneConversationNeverReachesAnother() throws Exception {
		TestClient other = new TestClient(this.port).inConversation("other-" + UUID.randomUUID());
		CompletableFuture<List<ServerSentEvent<String>>> theirs = new SseClient(this.port)
			.events("/events", "X-Conversation-Id", other.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.takeUntil((e) -> "session_removed".equals(e.event()))
			.collectList()
			.toFuture();
		start(Map.of("cmd", "echo port 1", "watches", List.of(READY), "yield_time_ms", 10000));
		assertThat(matches(events(this.api, (e) -> "session_matched".equals(e.event())))).hasSize(1);
		// A session of the other conversation marks the end of what it could have seen.
		String marker = id(other.start(Map.of("cmd", "echo port 2", "yield_time_ms", 10000)));
		other.delete("/sessions/" + marker);
		assertThat(theirs.get(30, TimeUnit.SECONDS)).extracting(ServerSentEvent::event)
			.containsExactly("session_started", "session_exited", "session_removed");
	}

	/** The conversation's events from its first, up to and including the first match. */
	private List<ServerSentEvent<String>> events(TestClient client, Predicate<ServerSentEvent<String>> last) {
		return new SseClient(this.port)
			.events("/events", "X-Conversation-Id", client.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.takeUntil(last)
			.collectList()
			.block(Duration.ofSeconds(30));
	}

	private static List<JsonNode> matches(List<ServerSentEvent<String>> events) {
		return events.stream().filter((e) -> "session_matched".equals(e.event())).map(SseClient::data).toList();
	}

	private TestClient.Response patch(String path, String body) {
		return this.api.send("PATCH", path, "application/json", body);
	}

	private static void assertRefused(TestClient.Response response, int status, String code) {
		assertThat(response.status()).as(response.text()).isEqualTo(status);
		assertThat(response.json().get("code").asString()).isEqualTo(code);
	}

}
