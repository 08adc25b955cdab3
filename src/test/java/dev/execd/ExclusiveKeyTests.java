package dev.execd;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code exclusive_key} on {@code POST /sessions}: a second start is refused with the
 * holder's id, or waits for the holder to end and then starts.
 */
class ExclusiveKeyTests extends EndToEndTest {

	@Test
	void aSecondStartIsRefusedThenWaitsAndStartsOnceTheHolderEnded() throws Exception {
		String holder = id(start(Map.of("cmd", "sleep 1000", "exclusive_key", "pi:7f3a", "yield_time_ms", 0)));
		TestClient.Response busy = this.api.post("/sessions",
				Map.of("cmd", "echo second", "exclusive_key", "pi:7f3a", "yield_time_ms", 0));
		assertThat(busy.status()).as(busy.text()).isEqualTo(409);
		assertThat(busy.json().get("code").asString()).isEqualTo("exclusive_key_busy");
		assertThat(busy.json().get("holder_session_id").asString()).isEqualTo(holder);

		ExecutorService caller = Executors.newSingleThreadExecutor();
		CompletableFuture<TestClient.Response> waiting = CompletableFuture
			.supplyAsync(
					() -> this.api.post("/sessions",
							Map.of("cmd", "echo second", "exclusive_key", "pi:7f3a", "exclusive_wait_ms", 30000)),
					caller);
		caller.shutdown();
		Thread.sleep(500);
		assertThat(waiting).as("waits while the holder runs").isNotDone();
		JsonNode removed = this.api.delete("/sessions/" + holder).json();
		assertThat(removed.get("ended_at")).as(removed.toString()).isNotNull();
		TestClient.Response started = waiting.get(30, TimeUnit.SECONDS);
		assertThat(started.status()).as(started.text()).isEqualTo(201);
		assertThat(started.json().get("output").asString()).isEqualTo("second\n");
		assertThat(Instant.parse(started.json().get("session").get("started_at").asString()))
			.isAfterOrEqualTo(Instant.parse(removed.get("ended_at").asString()));
	}

	@Test
	void theKeyIsFreeAgainOnceTheHolderExitedByItself() {
		JsonNode first = start(Map.of("cmd", "true", "exclusive_key", "k1", "yield_time_ms", 5000));
		assertThat(first.get("session").get("status").asString()).isEqualTo("exited");
		TestClient.Response second = this.api.post("/sessions",
				Map.of("cmd", "true", "exclusive_key", "k1", "exclusive_wait_ms", 5000));
		assertThat(second.status()).as(second.text()).isEqualTo(201);
	}

	@Test
	void invalidFieldsAreRefused() {
		for (Map<String, Object> body : java.util.List.<Map<String, Object>>of(
				Map.of("cmd", "true", "exclusive_wait_ms", 100), Map.of("cmd", "true", "exclusive_key", ""),
				Map.of("cmd", "true", "exclusive_key", "x".repeat(129)),
				Map.of("cmd", "true", "exclusive_key", "a\u0001b"),
				Map.of("cmd", "true", "exclusive_key", "k", "exclusive_wait_ms", 600001),
				Map.of("cmd", "true", "exclusive_key", "k", "exclusive_wait_ms", -1),
				Map.of("cmd", "true", "exclusive_key", 5))) {
			TestClient.Response response = this.api.post("/sessions", body);
			assertThat(response.status()).as(body + " " + response.text()).isEqualTo(400);
			assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
		}
	}

}
