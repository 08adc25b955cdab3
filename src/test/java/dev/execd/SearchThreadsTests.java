package dev.execd;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Searches that take all of their CPU budget do not hold the threads every other request
 * needs: requests run on virtual threads over as many carriers as there are cores, and a
 * scan on one of them would keep its carrier until it ends.
 */
class SearchThreadsTests extends EndToEndTest {

	/** More searches at once than there are carriers, each running its whole budget. */
	private static final int SEARCHES = Runtime.getRuntime().availableProcessors() * 3;

	@Test
	void otherRequestsAreAnsweredWhileSlowSearchesRun() throws Exception {
		String id = id(start(Map.of("cmd", "yes " + "a".repeat(60) + " | head -n 200000", "yield_time_ms", 100,
				"max_output_bytes", 256)));
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> "exited".equals(this.api.get("/sessions/" + id).json().get("status").asString()));
		// Every line runs the pattern out of its step budget: each search takes its 2 s.
		String path = "/sessions/" + id + "/search?pattern=" + URLEncoder.encode("(.*a){20}", StandardCharsets.UTF_8);
		// Once before: the first request of a kind loads classes, which is not what is
		// measured.
		assertThat(this.api.get("/actuator/health/readiness").status()).isEqualTo(200);
		ExecutorService clients = Executors.newFixedThreadPool(SEARCHES);
		try {
			List<Future<TestClient.Response>> searches = new ArrayList<>();
			for (int i = 0; i < SEARCHES; i++) {
				searches.add(clients.submit(() -> this.api.get(path)));
			}
			// Checked again and again for as long as the searches run.
			long slowest = 0;
			int checks = 0;
			while (!searches.stream().allMatch(Future::isDone)) {
				long started = System.nanoTime();
				assertThat(this.api.get("/actuator/health/readiness").status()).isEqualTo(200);
				assertThat(this.api.get("/sessions/" + id).status()).isEqualTo(200);
				slowest = Math.max(slowest, (System.nanoTime() - started) / 1_000_000);
				checks++;
			}
			assertThat(checks).isGreaterThan(1);
			assertThat(slowest).as("ms for a health check and a session's state").isLessThan(1000);
			for (Future<TestClient.Response> search : searches) {
				TestClient.Response response = search.get();
				assertThat(response.status()).as(response.text()).isEqualTo(200);
				assertThat(response.json().get("truncated_by").asString()).isEqualTo("budget");
			}
		}
		finally {
			clients.shutdownNow();
		}
	}

}
