package dev.execd;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code GET /sessions/{id}/screen/stream} over real HTTP with real programs on a real
 * PTY: the first frame is the screen, diffs applied to it follow the screen, frames are
 * rate-limited under a flood, a reconnect starts with a whole frame, a resize sends one,
 * the exit ends the stream, and pipe sessions and other conversations are refused.
 */
class ScreenStreamTests extends EndToEndTest {

	/** Fields of a frame that {@code GET /screen} has too. */
	private static final List<String> SCREEN_FIELDS = List.of("cols", "rows", "lines", "cursor", "alt_screen", "title",
			"offset");

	/** The events of one stream as they arrive, with when they did. */
	private record Recorded(ServerSentEvent<String> event, long nanos) {

		JsonNode data() {
			return SseClient.data(this.event);
		}

		String name() {
			return this.event.event();
		}

	}

	private final BlockingQueue<Recorded> events = new LinkedBlockingQueue<>();

	private Disposable subscribe(String id, String... headers) {
		String[] all = new String[headers.length + 2];
		all[0] = "X-Conversation-Id";
		all[1] = this.api.conversation();
		System.arraycopy(headers, 0, all, 2, headers.length);
		return new SseClient(this.port).events("/sessions/" + id + "/screen/stream", all)
			.subscribe((event) -> this.events.add(new Recorded(event, System.nanoTime())));
	}

	private Recorded next() throws InterruptedException {
		Recorded event = this.events.poll(20, TimeUnit.SECONDS);
		assertThat(event).as("an event within 20 s").isNotNull();
		return event;
	}

	private JsonNode screen(String id) {
		TestClient.Response response = this.api.get("/sessions/" + id + "/screen");
		assertThat(response.status()).as(response.text()).isEqualTo(200);
		return response.json();
	}

	private static ObjectNode screenFields(JsonNode frame) {
		ObjectNode fields = (ObjectNode) frame.deepCopy();
		fields.retain(SCREEN_FIELDS);
		return fields;
	}

	/** Applies what arrived to the replica until it shows what GET /screen shows. */
	private void followUntilSame(ScreenReplica replica, String id) {
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			for (Recorded event = this.events.poll(); event != null; event = this.events.poll()) {
				replica.apply(event.name(), event.data());
			}
			ObjectNode held = screenFields(replica.screen());
			ObjectNode now = screenFields(screen(id));
			held.remove("offset");
			now.remove("offset");
			assertThat(held).isEqualTo(now);
		});
	}

	private String bash() {
		JsonNode started = start(
				Map.of("cmd", "PS1='$ ' exec bash --norc", "tty", true, "cols", 40, "rows", 6, "wait_for", "\\$ $"));
		return id(started);
	}

	@Test
	void theFirstFrameIsTheScreenWithItsColours() throws Exception {
		String id = id(start(Map.of("cmd",
				"printf '\\033]0;colours\\007plain \\033[1;31mbold red\\033[0m\\r\\n\\033[44m  \\033[0m'; sleep 30",
				"tty", true, "cols", 30, "rows", 4, "wait_for", "bold red")));
		// "bold red" can arrive in a read before the blue cells after it: the first frame
		// is taken once all 51 bytes (the terminal writes \n as \r\n) are on the screen.
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(screen(id).get("offset").asLong()).isEqualTo(51));
		Disposable stream = subscribe(id);
		try {
			Recorded first = next();
			assertThat(first.name()).isEqualTo("frame");
			assertThat(first.event().id()).isEqualTo("1");
			assertThat(first.data().get("seq").asLong()).isEqualTo(1);
			assertThat(screenFields(first.data())).isEqualTo(screenFields(screen(id)));
			JsonNode styles = first.data().get("styles");
			assertThat(styles).hasSize(first.data().get("rows").asInt());
			assertThat(styles.get(0).toString()).isEqualTo("[[6,8,1,-1,1]]");
			assertThat(styles.get(1).toString()).isEqualTo("[[0,2,-1,4,0]]");
			assertThat(styles.get(2)).isEmpty();
		}
		finally {
			stream.dispose();
		}
	}

	@Test
	void cellsErasedWithABackgroundColourKeepItButPastTheEndOfARowsText() throws Exception {
		// Row 0: \e[K past "ab" colours nothing. Row 1: \e[X over "c" colours that cell.
		// Row 2: \e[J leaves the cursor's row, past its text, and colours the rows below.
		String id = id(start(Map.of("cmd",
				"printf 'ab\\033[42m\\033[K\\033[0m\\r\\ncd\\r\\033[42m\\033[X\\033[0m\\r\\n"
						+ "\\033[42m\\033[J\\033[0mef'; sleep 30",
				"tty", true, "cols", 20, "rows", 5, "wait_for", "ef")));
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(screen(id).get("lines").toString()).contains("ef"));
		Disposable stream = subscribe(id);
		try {
			JsonNode styles = next().data().get("styles");
			assertThat(styles.toString()).isEqualTo("[[],[[0,1,-1,2,0]],[],[[0,20,-1,2,0]],[[0,20,-1,2,0]]]");
		}
		finally {
			stream.dispose();
		}
	}

	@Test
	void diffsAppliedToTheFirstFrameFollowWhatIsTyped() throws Exception {
		String id = bash();
		Disposable stream = subscribe(id);
		try {
			Recorded first = next();
			ScreenReplica replica = new ScreenReplica(first.data());
			for (String word : List.of("echo one", "\\r", "printf 'two\\\\n'", "\\r", "ech", "o three\\r")) {
				this.api.post("/sessions/" + id + "/stdin", Map.of("chars", word, "yield_time_ms", 100));
			}
			await().atMost(Duration.ofSeconds(20)).until(() -> screen(id).get("lines").toString().contains("three"));
			followUntilSame(replica, id);
			assertThat(replica.screen().get("seq").asLong()).isGreaterThan(1);
			assertThat(replica.screen().get("lines").toString()).contains("one", "two", "three");
		}
		finally {
			stream.dispose();
		}
	}

	@Test
	void aFloodSendsAtMostOneFrameEvery50Ms() throws Exception {
		String id = id(start(Map.of("cmd", "read go; timeout 2 yes; echo flood over; sleep 30", "tty", true, "cols", 40,
				"rows", 6)));
		Disposable stream = subscribe(id);
		try {
			ScreenReplica replica = new ScreenReplica(next().data());
			long began = System.nanoTime();
			this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "\\r"));
			List<Recorded> frames = new ArrayList<>();
			while (!replica.screen().get("lines").toString().contains("flood over")) {
				Recorded event = next();
				frames.add(event);
				replica.apply(event.name(), event.data());
			}
			long elapsedMs = TimeUnit.NANOSECONDS.toMillis(frames.get(frames.size() - 1).nanos() - began);
			// One frame per 50 ms of the flood at most, and one for its last screen.
			assertThat(frames).hasSizeLessThanOrEqualTo((int) (elapsedMs / 50) + 3);
			// Frames come during the flood too, not only at its end (how many depends on
			// the machine's load).
			assertThat(frames).hasSizeGreaterThan(2);
			assertThat(frames).allMatch((event) -> event.name().equals("frame_diff"));
			followUntilSame(replica, id);
		}
		finally {
			stream.dispose();
		}
	}

	@Test
	void aReconnectWithLastEventIdStartsWithAWholeFrameNumberedOn() throws Exception {
		String id = bash();
		Disposable stream = subscribe(id);
		String lastId;
		try {
			next();
			this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "echo before\\r"));
			Recorded diff = next();
			assertThat(diff.name()).isEqualTo("frame_diff");
			lastId = diff.event().id();
		}
		finally {
			stream.dispose();
		}
		this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "echo after\\r", "wait_for", "after\\r\\n\\$ ", "yield_time_ms", 10000));
		this.events.clear();
		Disposable again = subscribe(id, "Last-Event-ID", lastId);
		try {
			Recorded first = next();
			assertThat(first.name()).isEqualTo("frame");
			assertThat(first.event().id()).isEqualTo(Long.toString(Long.parseLong(lastId) + 1));
			assertThat(screenFields(first.data())).isEqualTo(screenFields(screen(id)));
		}
		finally {
			again.dispose();
		}
	}

	@Test
	void aResizeSendsAWholeFrameOfTheNewSize() throws Exception {
		String id = id(
				start(Map.of("cmd", "echo sized; sleep 30", "tty", true, "cols", 40, "rows", 6, "wait_for", "sized")));
		Disposable stream = subscribe(id);
		try {
			next();
			this.api.post("/sessions/" + id + "/resize", Map.of("cols", 50, "rows", 8));
			Recorded resized = next();
			assertThat(resized.name()).isEqualTo("frame");
			assertThat(resized.data().get("cols").asInt()).isEqualTo(50);
			assertThat(resized.data().get("rows").asInt()).isEqualTo(8);
			assertThat(resized.data().get("lines")).hasSize(8);
		}
		finally {
			stream.dispose();
		}
	}

	@Test
	void theExitEndsTheStreamAfterTheLastScreen() {
		String id = id(start(Map.of("cmd", "sleep 1; echo goodbye", "tty", true, "cols", 40, "rows", 4)));
		List<ServerSentEvent<String>> all = new SseClient(this.port).until(SseClient::isExit,
				"/sessions/" + id + "/screen/stream", "X-Conversation-Id", this.api.conversation());
		ServerSentEvent<String> exit = all.get(all.size() - 1);
		assertThat(exit.event()).isEqualTo("exit");
		assertThat(SseClient.data(exit).get("session").get("status").asString()).isEqualTo("exited");
		ScreenReplica replica = new ScreenReplica(SseClient.data(all.get(0)));
		all.subList(1, all.size() - 1).forEach((event) -> replica.apply(event.event(), SseClient.data(event)));
		assertThat(replica.screen().get("lines").get(0).asString()).isEqualTo("goodbye");
		// The stream ended: a client that connects again gets the screen and the exit.
		List<ServerSentEvent<String>> again = new SseClient(this.port).until(SseClient::isExit,
				"/sessions/" + id + "/screen/stream", "X-Conversation-Id", this.api.conversation());
		assertThat(again).extracting(ServerSentEvent::event).containsExactly("frame", "exit");
	}

	@Test
	void aRemovalEndsAnOpenStreamWithExit() throws Exception {
		String id = bash();
		Disposable stream = subscribe(id);
		try {
			assertThat(next().name()).isEqualTo("frame");
			assertThat(this.api.delete("/sessions/" + id).status()).isEqualTo(200);
			Recorded last = next();
			while (!last.name().equals("exit")) {
				last = next();
			}
			assertThat(last.data().get("session").get("session_id").asString()).isEqualTo(id);
		}
		finally {
			stream.dispose();
		}
	}

	@Test
	void aPipeSessionHasNoScreenStream() {
		String id = id(start(Map.of("cmd", "sleep 30", "yield_time_ms", 100)));
		TestClient.Response response = this.api.get("/sessions/" + id + "/screen/stream");
		assertThat(response.status()).isEqualTo(409);
		assertThat(response.json().get("code").asString()).isEqualTo("not_a_terminal");
	}

	@Test
	void anotherConversationDoesNotFindTheSession() {
		String id = id(start(Map.of("cmd", "sleep 30", "tty", true, "yield_time_ms", 100)));
		TestClient other = new TestClient(this.port).inConversation("other-" + this.api.conversation());
		TestClient.Response response = other.get("/sessions/" + id + "/screen/stream");
		assertThat(response.status()).isEqualTo(404);
		assertThat(response.json().get("code").asString()).isEqualTo("session_not_found");
		assertThat(this.api.get("/sessions/nope/screen/stream").status()).isEqualTo(404);
	}

	@Test
	void aMalformedLastEventIdIsRefused() {
		String id = id(start(Map.of("cmd", "sleep 30", "tty", true, "yield_time_ms", 100)));
		TestClient.Response response = this.api.get("/sessions/" + id + "/screen/stream", "Last-Event-ID", "x");
		assertThat(response.status()).isEqualTo(400);
	}

}
