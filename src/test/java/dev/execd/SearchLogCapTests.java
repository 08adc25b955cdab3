package dev.execd;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Search past the log cap: the bytes kept neither in the file nor in the memory window
 * are skipped and reported as a gap; what is kept on both sides is found.
 */
@TestPropertySource(properties = { "execd.output.max-log-size=64KB", "execd.output.memory-window=4KB" })
class SearchLogCapTests extends EndToEndTest {

	@Test
	void skipsTheBytesNoLongerKeptAndSaysSo() {
		String id = id(start(Map.of("cmd", "seq 1 100000", "yield_time_ms", 100, "max_output_bytes", 256)));
		await().atMost(Duration.ofSeconds(30))
			.until(() -> "exited".equals(this.api.get("/sessions/" + id).json().get("status").asString()));
		String all = StreamTests.seq(100000);
		int cap = 64 * 1024;
		int windowStart = all.length() - 4096;
		JsonNode result = this.api.get("/sessions/" + id + "/search?pattern=%5E(100%7C50000%7C99999)%24").json();
		assertThat(result.get("gaps")).hasSize(1);
		assertThat(result.get("gaps").get(0).get("from").asLong()).isEqualTo(cap);
		assertThat(result.get("gaps").get(0).get("to").asLong()).isEqualTo(windowStart);
		assertThat(result.get("matches").valueStream().map((m) -> m.get("line").asString())).containsExactly("100",
				"99999");
		assertThat(result.get("matches").get(1).get("offset").asLong()).isEqualTo(all.indexOf("\n99999\n") + 1);
		assertThat(result.get("scanned_bytes").asLong()).isEqualTo(cap + 4096);
		assertThat(result.get("next_offset").asLong()).isEqualTo(all.length());

		// Starting inside the gap is no error: the search goes on where bytes are kept.
		JsonNode inGap = this.api.get("/sessions/" + id + "/search?pattern=99999&from_offset=" + (cap + 10)).json();
		assertThat(inGap.get("gaps").get(0).get("from").asLong()).isEqualTo(cap + 10);
		assertThat(inGap.get("matches")).hasSize(1);
		JsonNode conversation = this.api.get("/sessions/search?pattern=99999&literal=true").json();
		assertThat(conversation.get("sessions").get(0).get("gaps")).hasSize(1);
	}

}
