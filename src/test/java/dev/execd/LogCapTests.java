package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-session log cap: the file stops growing, the session says so, recent output is
 * still served from memory, and what is kept nowhere is 410.
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

}
