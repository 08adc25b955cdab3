package dev.execd;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.networknt.schema.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Webhooks without tokens: configured subscriptions get signed deliveries of the
 * anonymous tenant's events, retried with the same delivery id; the {@code events}
 * filter; per-request {@code notify} only inside the allowed URLs, for its session only;
 * a receiver that never answers holds nothing up.
 */
class WebhookDeliveryTests extends EndToEndTest {

	static final WebhookReceiver receiver = new WebhookReceiver();

	static final String SECRET = "hook-secret-1";

	/** Attempts per delivery id at /flaky: the first two are answered 503. */
	static final Map<String, AtomicInteger> flaky = new ConcurrentHashMap<>();

	static {
		receiver.answer((request) -> switch (request.path()) {
			case "/flaky" -> (flaky.computeIfAbsent(request.header("X-Execd-Delivery"), (id) -> new AtomicInteger())
				.incrementAndGet() <= 2) ? 503 : 200;
			case "/hang" -> -1;
			default -> 200;
		});
	}

	@DynamicPropertySource
	static void webhooks(DynamicPropertyRegistry properties) {
		String url = receiver.url();
		properties.add("execd.webhooks.ci.url", () -> url + "/ci");
		properties.add("execd.webhooks.ci.secret", () -> SECRET);
		properties.add("execd.webhooks.exits.url", () -> url + "/exits");
		properties.add("execd.webhooks.exits.events", () -> "session_exited");
		properties.add("execd.webhooks.flaky.url", () -> url + "/flaky");
		properties.add("execd.webhooks.flaky.events", () -> "session_started");
		properties.add("execd.webhooks.hang.url", () -> url + "/hang");
		properties.add("execd.webhooks.allowed-urls", () -> url + "/allowed/*");
		properties.add("execd.webhooks.read-timeout", () -> "1s");
		properties.add("execd.webhooks.retry.initial-delay", () -> "50ms");
		properties.add("execd.webhooks.retry.max-delay", () -> "200ms");
		properties.add("execd.webhooks.retry.max-elapsed", () -> "30s");
	}

	@AfterAll
	static void stopReceiver() {
		receiver.close();
	}

	@Test
	void configuredSubscriptionGetsSignedDeliveriesOfStartAndExit() {
		String id = id(start(Map.of("cmd", "echo hi")));
		await().atMost(Duration.ofSeconds(20)).until(() -> receiver.at("/ci", id).size() >= 2);
		List<WebhookReceiver.Received> got = receiver.at("/ci", id);
		Schema webhookEvent = new ContractSchemas(this.port).schema("#/components/schemas/WebhookEvent");
		assertThat(got).extracting(WebhookReceiver.Received::type).startsWith("session_started", "session_exited");
		for (WebhookReceiver.Received request : got) {
			assertThat(request.header("X-Execd-Signature")).isEqualTo("sha256=" + hmac(SECRET, request.body()));
			assertThat(request.header("Content-Type")).isEqualTo("application/json");
			JsonNode body = request.json();
			assertThat(request.header("X-Execd-Event")).isEqualTo(body.get("type").asString());
			assertThat(request.header("X-Execd-Delivery")).isEqualTo(body.get("id").asString());
			assertThat(body.get("tenant").asString()).isEqualTo("anonymous");
			assertThat(body.get("conversation_id").asString()).isEqualTo(this.api.conversation());
			assertThat(body.get("seq").asLong()).isPositive();
			assertThat(body.get("at").asString()).endsWith("Z");
			assertThat(body.get("data").get("session").get("session_id").asString()).isEqualTo(id);
			assertThat(webhookEvent.validate(body)).as("the body against the WebhookEvent schema").isEmpty();
		}
		JsonNode exited = got.get(1).json().get("data").get("session");
		assertThat(exited.get("status").asString()).isEqualTo("exited");
		assertThat(exited.get("exit_code").asInt()).isZero();
		// Unsigned without a secret.
		await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.at("/exits", id).isEmpty());
		assertThat(receiver.at("/exits", id).get(0).header("X-Execd-Signature")).isNull();
		String metrics = this.api.get("/actuator/prometheus").text();
		assertThat(metrics).containsPattern("execd_webhook_sent_total [1-9]")
			.contains("execd_webhook_failed_total")
			.contains("execd_webhook_dropped_total")
			.contains("execd_webhook_latency_seconds_count");
	}

	@Test
	void retriesWith5xxKeepTheDeliveryIdUntilDelivered() {
		String id = id(start(Map.of("cmd", "true")));
		await().atMost(Duration.ofSeconds(20)).until(() -> receiver.at("/flaky", id).size() >= 3);
		List<WebhookReceiver.Received> attempts = receiver.at("/flaky", id);
		assertThat(attempts).hasSize(3);
		assertThat(attempts).extracting((r) -> r.header("X-Execd-Delivery"))
			.containsOnly(attempts.get(0).header("X-Execd-Delivery"));
		assertThat(attempts).extracting((r) -> new String(r.body(), StandardCharsets.UTF_8))
			.containsOnly(new String(attempts.get(0).body(), StandardCharsets.UTF_8));
		String deliveryId = attempts.get(0).header("X-Execd-Delivery");
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			JsonNode delivery = delivery(deliveryId);
			assertThat(delivery.get("status").asString()).isEqualTo("delivered");
			assertThat(delivery.get("attempts").asInt()).isEqualTo(3);
			assertThat(delivery.get("last_status_code").asInt()).isEqualTo(200);
			assertThat(delivery.get("subscription").asString()).isEqualTo("flaky");
			assertThat(delivery.get("event").asString()).isEqualTo("session_started");
			assertThat(delivery.get("url").asString()).isEqualTo(receiver.url() + "/flaky");
			assertThat(delivery.get("created_at").asString()).isNotBlank();
			assertThat(delivery.get("last_attempt_at").asString()).isNotBlank();
		});
	}

	@Test
	void eventsFilterIsRespected() {
		String id = id(start(Map.of("cmd", "true")));
		await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.at("/exits", id).isEmpty());
		// The start was published before the exit: had it been sent, it would be here.
		await().atMost(Duration.ofSeconds(20)).until(() -> receiver.at("/ci", id).size() >= 2);
		assertThat(receiver.at("/exits", id)).extracting(WebhookReceiver.Received::type).containsOnly("session_exited");
	}

	@Test
	void perRequestUrlOutsideTheAllowedPatternsIsRefused() {
		for (String url : List.of(receiver.url() + "/other", receiver.url() + "/allowedx",
				"http://127.0.0.2:" + receiver.url().substring(receiver.url().lastIndexOf(':') + 1) + "/allowed/x",
				"https://example.com/allowed/x")) {
			TestClient.Response refused = this.api.post("/sessions",
					Map.of("cmd", "echo no", "notify", Map.of("url", url)));
			assertThat(refused.status()).as(url).isEqualTo(400);
			assertThat(refused.json().get("code").asString()).isEqualTo("webhook_not_allowed");
		}
		for (Map<String, ?> notify : List.of(Map.of("url", "ftp://x/y"), Map.of("url", "/allowed/x"),
				Map.of("url", receiver.url() + "/allowed/x", "events", List.of("nope")))) {
			TestClient.Response refused = this.api.post("/sessions", Map.of("cmd", "echo no", "notify", notify));
			assertThat(refused.status()).isEqualTo(400);
			assertThat(refused.json().get("code").asString()).isEqualTo("invalid_request");
		}
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isZero();
	}

	@Test
	void perRequestUrlInsideTheAllowedPatternsGetsThatSessionsEventsOnly() {
		String path = "/allowed/" + this.api.conversation();
		String other = id(start(Map.of("cmd", "true")));
		String id = id(start(Map.of("cmd", "echo mine", "notify", Map.of("url", receiver.url() + path))));
		String later = id(start(Map.of("cmd", "true")));
		assertThat(this.api.delete("/sessions/" + id).status()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(20)).until(() -> receiver.at(path).size() >= 3);
		assertThat(receiver.at(path)).extracting(WebhookReceiver.Received::type)
			.containsExactly("session_started", "session_exited", "session_removed");
		assertThat(receiver.at(path)).extracting(WebhookReceiver.Received::sessionId).containsOnly(id);
		assertThat(receiver.at(path)).allSatisfy((r) -> assertThat(r.header("X-Execd-Signature")).isNull());
		assertThat(List.of(other, later)).doesNotContain(id);
		// Ended with the removal: later events of the conversation never go there.
		this.api.delete("/sessions");
		id(start(Map.of("cmd", "true")));
		await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> receiver.at(path).size() == 3);
		assertThat(this.api.get("/webhooks/deliveries").json().get("deliveries").findValuesAsString("subscription"))
			.contains("notify:" + id);
	}

	@Test
	void aReceiverThatNeverAnswersHoldsNothingUp() {
		long started = System.nanoTime();
		for (int i = 0; i < 5; i++) {
			String id = id(start(Map.of("cmd", "true")));
			pollUntilExited(id);
		}
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			JsonNode deliveries = this.api.get("/webhooks/deliveries").json().get("deliveries");
			boolean timedOut = false;
			for (JsonNode delivery : deliveries) {
				if (delivery.get("subscription").asString().equals("hang") && delivery.get("attempts").asInt() >= 1
						&& delivery.get("last_error").isString()) {
					timedOut |= delivery.get("last_error").asString().contains("Timeout");
				}
			}
			assertThat(timedOut).isTrue();
		});
		// The other subscriptions keep going meanwhile.
		String id = id(start(Map.of("cmd", "true")));
		await().atMost(Duration.ofSeconds(10)).until(() -> receiver.at("/ci", id).size() >= 2);
	}

	private JsonNode delivery(String id) {
		for (JsonNode delivery : this.api.get("/webhooks/deliveries").json().get("deliveries")) {
			if (delivery.get("id").asString().equals(id)) {
				return delivery;
			}
		}
		throw new AssertionError("no delivery " + id);
	}

	static String hmac(String secret, byte[] body) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			return HexFormat.of().formatHex(mac.doFinal(body));
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
