package dev.execd;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.execd.session.SessionRegistry;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The downloadable log with ranges, and the conversation's lifecycle events.
 */
class LogAndEventsTests extends EndToEndTest {

	@Autowired
	SessionRegistry registry;

	@Test
	void servesTheWholeLogAsAFile() {
		String id = id(start(Map.of("cmd", "seq 1 1000; echo err >&2", "yield_time_ms", 10000)));
		TestClient.Response log = this.api.get("/sessions/" + id + "/log");
		assertThat(log.status()).isEqualTo(200);
		assertThat(log.header("Content-Type")).isEqualTo("application/octet-stream");
		assertThat(log.header("Content-Disposition")).isEqualTo("attachment; filename=\"" + id + ".log\"");
		// stdout and stderr are two pipes: where "err" lands among the numbers depends on
		// which reader got there first.
		assertThat(log.text()).hasSize(StreamTests.seq(1000).length() + 4).contains("err\n");
		assertThat(log.text().replaceFirst("err\n", "")).isEqualTo(StreamTests.seq(1000));
	}

	@Test
	void servesRangesOfTheLog() {
		String id = id(start(Map.of("cmd", "seq 1 1000", "yield_time_ms", 10000)));
		byte[] all = StreamTests.seq(1000).getBytes();
		String path = "/sessions/" + id + "/log";
		TestClient.Response first = this.api.get(path, "Range", "bytes=0-9");
		assertThat(first.status()).isEqualTo(206);
		assertThat(first.header("Content-Range")).isEqualTo("bytes 0-9/" + all.length);
		assertThat(first.body()).isEqualTo(Arrays.copyOfRange(all, 0, 10));
		TestClient.Response middle = this.api.get(path, "Range", "bytes=100-199");
		assertThat(middle.body()).isEqualTo(Arrays.copyOfRange(all, 100, 200));
		TestClient.Response suffix = this.api.get(path, "Range", "bytes=-50");
		assertThat(suffix.header("Content-Range"))
			.isEqualTo("bytes " + (all.length - 50) + "-" + (all.length - 1) + "/" + all.length);
		assertThat(suffix.body()).isEqualTo(Arrays.copyOfRange(all, all.length - 50, all.length));
		TestClient.Response open = this.api.get(path, "Range", "bytes=3890-");
		assertThat(open.body()).isEqualTo(Arrays.copyOfRange(all, 3890, all.length));
		TestClient.Response unsatisfiable = this.api.get(path, "Range", "bytes=999999-");
		assertThat(unsatisfiable.status()).isEqualTo(416);
		assertThat(unsatisfiable.header("Content-Range")).isEqualTo("bytes */" + all.length);
		assertThat(unsatisfiable.json().get("code").asString()).isEqualTo("offset_out_of_range");
		// Past a long, a last byte means the end and a suffix the whole log (RFC 9110).
		TestClient.Response huge = this.api.get(path, "Range", "bytes=3890-99999999999999999999");
		assertThat(huge.status()).isEqualTo(206);
		assertThat(huge.body()).isEqualTo(Arrays.copyOfRange(all, 3890, all.length));
		assertThat(this.api.get(path, "Range", "bytes=-99999999999999999999").body()).isEqualTo(all);
		TestClient.Response backwards = this.api.get(path, "Range", "bytes=5-3");
		assertThat(backwards.status()).as("an invalid range-spec is ignored").isEqualTo(200);
		assertThat(backwards.header("Content-Range")).isNull();
		assertThat(backwards.body()).isEqualTo(all);
		TestClient.Response slice = this.api.get(path + "?offset=500&length=20");
		assertThat(slice.status()).isEqualTo(200);
		assertThat(slice.body()).isEqualTo(Arrays.copyOfRange(all, 500, 520));
		assertThat(this.api.get(path + "?offset=3000").body()).isEqualTo(Arrays.copyOfRange(all, 3000, all.length));
		assertThat(this.api.get(path + "?offset=99999").status()).isEqualTo(416);
		assertThat(this.api.get(path + "?offset=-1").status()).isEqualTo(400);
	}

	@Test
	void servesTheLogWhileItGrows() {
		String id = id(start(Map.of("cmd", "echo first; read x; echo second; sleep 100", "wait_for", "first")));
		assertThat(this.api.get("/sessions/" + id + "/log").text()).isEqualTo("first\n");
		this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "\\n", "wait_for", "second", "yield_time_ms", 10000));
		assertThat(this.api.get("/sessions/" + id + "/log").text()).isEqualTo("first\nsecond\n");
	}

	@Test
	void eventsReportStartExitAndRemovalInOrderForOneConversationOnly() throws Exception {
		SseClient sse = new SseClient(this.port);
		// Last-Event-ID 0 replays the fresh conversation from its start: no race with
		// the subscription.
		CompletableFuture<List<ServerSentEvent<String>>> live = sse
			.events("/events?conversation_id=" + this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.take(3)
			.collectList()
			.toFuture();
		TestClient other = new TestClient(this.port).inConversation("elsewhere-" + this.api.conversation());
		String foreign = id(other.start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		String id = id(start(Map.of("cmd", "exit 4", "yield_time_ms", 10000)));
		this.api.delete("/sessions/" + id);
		other.delete("/sessions/" + foreign);
		List<ServerSentEvent<String>> events = live.get(30, TimeUnit.SECONDS);
		assertThat(events).extracting(ServerSentEvent::event)
			.containsExactly("session_started", "session_exited", "session_removed");
		assertThat(events)
			.allSatisfy((e) -> assertThat(SseClient.data(e).get("session").get("session_id").asString()).isEqualTo(id));
		JsonNode exited = SseClient.data(events.get(1)).get("session");
		assertThat(exited.get("exit_code").asInt()).isEqualTo(4);
		long firstSeq = Long.parseLong(events.get(0).id());
		assertThat(events).extracting(ServerSentEvent::id)
			.containsExactly(Long.toString(firstSeq), Long.toString(firstSeq + 1), Long.toString(firstSeq + 2));

		List<ServerSentEvent<String>> replay = sse
			.events("/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", Long.toString(firstSeq))
			.filter((e) -> e.event() != null)
			.take(2)
			.collectList()
			.block(Duration.ofSeconds(30));
		assertThat(replay).extracting(ServerSentEvent::event).containsExactly("session_exited", "session_removed");
	}

	// Numbers start at 1 again after a restart: the id an EventSource sends when it
	// reconnects to the new server is above anything it gave out, and must not silence
	// the stream until the numbers pass it.
	@Test
	void anIdAboveTheNewestReplaysEveryEventKeptAndThenTheNewOnes() {
		String earlier = id(start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		SseClient sse = new SseClient(this.port);
		CompletableFuture<List<ServerSentEvent<String>>> resumed = sse
			.events("/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", "99999999")
			.filter((e) -> e.event() != null)
			.take(4)
			.collectList()
			.toFuture();
		String later = id(start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		List<ServerSentEvent<String>> events = resumed.orTimeout(30, TimeUnit.SECONDS).join();
		// The first session's exit may be published after the second starts.
		assertThat(events).extracting((e) -> e.event() + " " + SseClient.data(e).get("session_id").asString())
			.containsExactlyInAnyOrder("session_started " + earlier, "session_exited " + earlier,
					"session_started " + later, "session_exited " + later);
		assertThat(events).extracting((e) -> Long.parseLong(e.id())).isSorted().allMatch((seq) -> seq < 99999999);
	}

	@Test
	void eventStreamsOfInventedConversationsLeaveNoJournalBehind() throws Exception {
		int before = this.registry.journals().size();
		for (int i = 0; i < 300; i++) {
			try (java.net.Socket socket = new java.net.Socket("127.0.0.1", this.port)) {
				socket.getOutputStream()
					.write(("GET /events HTTP/1.1\r\nHost: localhost\r\nX-Conversation-Id: invented-" + i + "-"
							+ java.util.UUID.randomUUID() + "\r\n\r\n")
						.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
				socket.setSoTimeout(10_000);
				// The status line: the stream is open and its journal exists.
				assertThat(
						new String(socket.getInputStream().readNBytes(12), java.nio.charset.StandardCharsets.US_ASCII))
					.isEqualTo("HTTP/1.1 200");
			}
		}
		// A stream learns that its client left at its next ping (15 s).
		await().atMost(java.time.Duration.ofSeconds(40)).until(() -> this.registry.journals().size() <= before);
	}

}
