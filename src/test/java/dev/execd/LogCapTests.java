package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-session log cap: the file stops growing, the session says so, recent output is
 * still served from memory, what is kept nowhere is 410, and a stream says what it skips.
 */
@TestPropertySource(properties = { "execd.output.max-log-size=64KB", "execd.output.memory-window=4KB" })
class LogCapTests extends EndToEndTest {

	@Test
	void logStopsAtTheCapButOutputIsStillCountedAndRecentBytesServed() {
		JsonNode result = start(Map.of("cmd", "seq 1 100000", "yield_time_ms", 10000, "max_output_bytes", 256));
		String id = id(result);
		String all = StreamTests.seq(100000);
		JsonNode session = this.api.get("/sessions/" + id).json();
		assertThat(session.get("log_truncated").asBoolean()).isTrue();
		assertThat(session.get("output_bytes_total").asLong()).isEqualTo(all.length());

		TestClient.Response log = this.api.get("/sessions/" + id + "/log");
		assertThat(log.status()).isEqualTo(200);
		assertThat(log.text()).isEqualTo(all.substring(0, 64 * 1024));

		JsonNode tail = this.api.get("/sessions/" + id + "/output?offset=" + (all.length() - 100)).json();
		assertThat(tail.get("output").asString()).isEqualTo(all.substring(all.length() - 100));

		TestClient.Response gone = this.api.get("/sessions/" + id + "/output?offset=" + (128 * 1024));
		assertThat(gone.status()).isEqualTo(410);
		assertThat(gone.json().get("code").asString()).isEqualTo("output_unavailable");
		TestClient.Response goneRange = this.api.get("/sessions/" + id + "/log", "Range", "bytes=100000-100100");
		assertThat(goneRange.status()).isEqualTo(410);
	}

	@Test
	void streamBehindTheCapSaysWhatItSkipsAndGoesOn() {
		JsonNode result = start(Map.of("cmd", "seq 1 100000", "yield_time_ms", 10000, "max_output_bytes", 256));
		String id = id(result);
		String all = StreamTests.seq(100000);
		int cap = 64 * 1024;
		int windowStart = all.length() - 4096;
		SseClient sse = new SseClient(this.port);
		String path = "/sessions/" + id + "/stream?conversation_id=" + this.api.conversation();
		List<ServerSentEvent<String>> events = sse.until(SseClient::isExit, path);
		assertThat(events).last().matches(SseClient::isExit);
		StringBuilder before = new StringBuilder();
		StringBuilder after = new StringBuilder();
		List<ServerSentEvent<String>> gaps = events.stream().filter((e) -> "gap".equals(e.event())).toList();
		assertThat(gaps).as("gap events").hasSize(1);
		ServerSentEvent<String> gap = gaps.get(0);
		JsonNode range = SseClient.data(gap);
		assertThat(range.get("from").asLong()).isEqualTo(cap);
		assertThat(range.get("to").asLong()).isEqualTo(windowStart);
		assertThat(gap.id()).isEqualTo(Integer.toString(windowStart));
		boolean skipped = false;
		for (ServerSentEvent<String> event : events) {
			if (event == gap) {
				skipped = true;
			}
			else if ("output".equals(event.event())) {
				(skipped ? after : before).append(SseClient.data(event).get("text").asString());
			}
		}
		assertThat(before.toString()).isEqualTo(all.substring(0, cap));
		assertThat(after.toString()).isEqualTo(all.substring(windowStart));

		// Resuming inside the skipped bytes is told the same.
		List<ServerSentEvent<String>> resumed = sse.until(SseClient::isExit, path, "Last-Event-ID",
				Integer.toString(cap + 100));
		assertThat(resumed.get(0).event()).isEqualTo("gap");
		assertThat(SseClient.data(resumed.get(0)).get("from").asLong()).isEqualTo(cap + 100);
	}

}
