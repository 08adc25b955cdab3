package dev.execd;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server out of file descriptors ({@code ulimit -n 256}) refuses a start with 503
 * {@code resources_exhausted} and {@code Retry-After}, logs the errno, and starts again
 * once sessions are removed.
 */
class DescriptorExhaustionTests {

	@Test
	void answers503WithRetryAfterAndRecovers(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of("bash", "-c", "ulimit -n 256; exec \"$@\"", "bash"),
				Map.of(), "--execd.limits.max-sessions-per-conversation=1000",
				"--execd.limits.warn-sessions-per-conversation=1000")) {
			TestClient api = server.api;
			TestClient.Response refused = null;
			for (int i = 0; i < 250 && refused == null; i++) {
				TestClient.Response response = api.post("/sessions", Map.of("cmd", "sleep 1000", "yield_time_ms", 0));
				if (response.status() != 201) {
					refused = response;
				}
			}
			assertThat(refused).as("a start is refused before 250 sessions").isNotNull();
			assertThat(refused.status()).as(refused.text()).isEqualTo(503);
			assertThat(refused.header("Retry-After")).isEqualTo("5");
			assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
			assertThat(refused.json().get("code").asString()).isEqualTo("resources_exhausted");
			assertThat(refused.json().get("detail").asString()).containsIgnoringCase("too many open files");
			assertThat(api.delete("/sessions").status()).isEqualTo(200);
			// The warning is written while descriptors are short; give the output a
			// moment.
			Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> server.output().contains("errno 24"));
			TestClient.Response again = api.post("/sessions", Map.of("cmd", "echo again", "yield_time_ms", 10000));
			assertThat(again.status()).as(again.text()).isEqualTo(201);
			assertThat(again.json().get("output").asString()).isEqualTo("again\n");
		}
	}

}
