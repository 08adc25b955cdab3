package dev.execd;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Limits end to end: changing a running session's limits, the per-conversation cap with
 * eviction, and the metrics.
 */
class LimitsTests extends EndToEndTest {

	@Test
	void patchChangesNameAndLimitsOfRunningSession() {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		JsonNode patched = this.api
			.send("PATCH", "/sessions/" + id, "application/json",
					"{\"name\":\"dev server\",\"max_runtime_ms\":1500,\"idle_timeout_ms\":0}")
			.json();
		assertThat(patched.get("name").asString()).isEqualTo("dev server");
		assertThat(patched.get("max_runtime_ms").asLong()).isEqualTo(1500);
		JsonNode ended = pollUntilExited(id).get("session");
		assertThat(ended.get("end_reason").asString()).isEqualTo("timeout");
		TestClient.Response late = this.api.send("PATCH", "/sessions/" + id, "application/json", "{\"name\":\"x\"}");
		assertThat(late.status()).isEqualTo(409);
		assertThat(late.json().get("code").asString()).isEqualTo("session_exited");
	}

	@Test
	void patchRefusesBadValues() {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		for (String body : List.of("{\"max_runtime_ms\":-1}", "{\"max_runtime_ms\":999999999999}",
				"{\"idle_timeout_ms\":\"soon\"}", "{\"colour\":1}", "{\"name\":\"" + "n".repeat(129) + "\"}")) {
			TestClient.Response response = this.api.send("PATCH", "/sessions/" + id, "application/json", body);
			assertThat(response.status()).as(body).isEqualTo(400);
			assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
		}
		assertThat(this.api.get("/sessions/" + id).json().get("max_runtime_ms").asLong()).isEqualTo(1_800_000);
	}

	/**
	 * The contract counts characters: an emoji is one, though a Java string holds it in
	 * two.
	 */
	@Test
	void lengthLimitsCountCharactersNotUtf16Units() {
		String emoji = "\uD83D\uDE00";
		JsonNode named = start(Map.of("cmd", "true", "name", emoji.repeat(128), "yield_time_ms", 0));
		assertThat(named.get("session").get("name").asString()).isEqualTo(emoji.repeat(128));
		TestClient.Response tooLong = this.api.post("/sessions", Map.of("cmd", "true", "name", emoji.repeat(129)));
		assertThat(tooLong.status()).isEqualTo(400);
		assertThat(tooLong.json().get("detail").asString()).isEqualTo("name is longer than 128 characters");
		TestClient.Response waited = this.api.post("/sessions",
				Map.of("cmd", "echo ok", "wait_for", emoji.repeat(1024), "yield_time_ms", 100));
		assertThat(waited.status()).as(waited.text()).isEqualTo(201);
		TestClient.Response overlong = this.api.post("/sessions",
				Map.of("cmd", "echo ok", "wait_for", emoji.repeat(1025), "yield_time_ms", 100));
		assertThat(overlong.status()).isEqualTo(400);
		assertThat(overlong.json().get("detail").asString()).isEqualTo("wait_for is longer than 1024 characters");
		String id = id(named);
		// 520 of them are 1040 units in Java, and fit in a request line under Tomcat's
		// 8KB.
		String pattern = URLEncoder.encode(emoji.repeat(520), StandardCharsets.UTF_8);
		assertThat(this.api.get("/sessions/" + id + "/search?literal=true&pattern=" + pattern).status()).isEqualTo(200);
		assertThat(this.api.get("/sessions/" + id + "/search?pattern=" + pattern).status()).isEqualTo(200);
	}

	@Test
	void sixtyFifthSessionEvictsTheLeastRecentlyUsedAndKillsItsProcesses() {
		List<String> ids = new ArrayList<>();
		JsonNode first = start(Map.of("cmd", "sleep 1000 & echo $!; wait", "wait_for", "^\\d+$"));
		long oldestChild = Long.parseLong(first.get("output").asString().strip());
		ids.add(id(first));
		for (int i = 1; i < 64; i++) {
			ids.add(id(start(Map.of("cmd", "sleep 1000", "yield_time_ms", 0))));
		}
		String oldest = ids.get(0);
		// Touch the second oldest, so the oldest is the least recently used.
		this.api.get("/sessions/" + ids.get(1));
		JsonNode last = this.api.get("/sessions/" + ids.get(63)).json();
		assertThat(last.get("warnings").get(0).asString()).contains("64 sessions");
		JsonNode newest = start(Map.of("cmd", "sleep 1000", "yield_time_ms", 0));
		assertThat(this.api.get("/sessions/" + oldest).status()).isEqualTo(404);
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isEqualTo(64);
		assertThat(this.api.get("/sessions/" + ids.get(1)).status()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(5)).until(() -> !Procs.alive(oldestChild));
		JsonNode evicted = new SseClient(this.port)
			.events("/events", "X-Conversation-Id", this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> "session_exited".equals(e.event()))
			.map(SseClient::data)
			.filter((d) -> d.get("session").get("session_id").asString().equals(oldest))
			.blockFirst(Duration.ofSeconds(10));
		assertThat(evicted.get("session").get("end_reason").asString()).isEqualTo("evicted");
		assertThat(newest.get("session").get("status").asString()).isEqualTo("running");
	}

	@Test
	void publishesMetricsWithoutCommandText() {
		start(Map.of("cmd", "echo secret-marker", "yield_time_ms", 10000));
		String metrics = new TestClient(this.port).get("/actuator/prometheus").text();
		assertThat(metrics).contains("execd_sessions_started_total", "execd_sessions_ended_total{end_reason=\"exit\"",
				"execd_sessions_active{tty=\"false\"}", "execd_sessions_evicted_total", "execd_output_bytes_total",
				"execd_spawn_seconds_count", "execd_sse_subscribers", "execd_log_disk_bytes");
		assertThat(metrics).doesNotContain("secret-marker");
	}

	@Test
	void healthHasLivenessAndReadiness() {
		TestClient anonymous = new TestClient(this.port);
		assertThat(anonymous.get("/actuator/health/liveness").text()).contains("\"UP\"");
		assertThat(anonymous.get("/actuator/health/readiness").text()).contains("\"UP\"");
	}

}
