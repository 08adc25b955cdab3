package dev.execd;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With tokens a subscription belongs to one tenant: it never receives another tenant's
 * events, and {@code GET /webhooks/deliveries} shows only the caller's, per-request ones
 * only to their conversation. Per-request subscriptions are capped per tenant and signed
 * with a key of the tenant's own.
 */
@TestPropertySource(properties = { "execd.security.tokens=alice:alice-secret-1,bob:bob-secret-2",
		"execd.webhooks.a.tenant=alice", "execd.webhooks.b.tenant=bob", "execd.webhooks.max-per-tenant=2",
		"execd.webhooks.request-secret=" + WebhookTenantTests.REQUEST_SECRET })
class WebhookTenantTests extends EndToEndTest {

	static final String REQUEST_SECRET = "request-secret-1";

	static final WebhookReceiver receiver = new WebhookReceiver();

	private TestClient alice;

	private TestClient bob;

	/** Alice in a conversation of her own. */
	private TestClient aliceElsewhere;

	@DynamicPropertySource
	static void webhooks(DynamicPropertyRegistry properties) {
		properties.add("execd.webhooks.a.url", () -> receiver.url() + "/a");
		properties.add("execd.webhooks.b.url", () -> receiver.url() + "/b");
		properties.add("execd.webhooks.allowed-urls", () -> receiver.url() + "/notify/*");
	}

	@AfterAll
	static void stopReceiver() {
		receiver.close();
	}

	@BeforeEach
	void clients() {
		this.alice = this.api.withHeader("Authorization", "Bearer alice-secret-1");
		this.bob = this.api.withHeader("Authorization", "Bearer bob-secret-2");
		this.aliceElsewhere = new TestClient(this.port).inConversation("elsewhere-" + UUID.randomUUID())
			.withHeader("Authorization", "Bearer alice-secret-1");
		this.api = this.alice;
	}

	@AfterEach
	void removeOtherSessions() {
		this.bob.delete("/sessions");
		this.aliceElsewhere.delete("/sessions");
	}

	@Test
	void aTenantsWebhookNeverSeesAnotherTenantsEvents() {
		String mine = id(this.alice.start(Map.of("cmd", "true")));
		String theirs = id(this.bob.start(Map.of("cmd", "true")));
		String notified = id(
				this.bob.start(Map.of("cmd", "true", "notify", Map.of("url", receiver.url() + "/notify/bob"))));
		await().atMost(Duration.ofSeconds(20))
			.until(() -> receiver.at("/a", mine).size() >= 2 && receiver.at("/b", theirs).size() >= 2
					&& receiver.at("/notify/bob").size() >= 2);
		assertThat(receiver.at("/a"))
			.allSatisfy((r) -> assertThat(r.json().get("tenant").asString()).isEqualTo("alice"));
		assertThat(receiver.at("/a")).extracting(WebhookReceiver.Received::sessionId).doesNotContain(theirs, notified);
		assertThat(receiver.at("/b")).allSatisfy((r) -> assertThat(r.json().get("tenant").asString()).isEqualTo("bob"));
		assertThat(receiver.at("/b")).extracting(WebhookReceiver.Received::sessionId).doesNotContain(mine);
		assertThat(receiver.at("/notify/bob")).extracting(WebhookReceiver.Received::sessionId).containsOnly(notified);

		JsonNode bobs = this.bob.get("/webhooks/deliveries").json().get("deliveries");
		assertThat(bobs.findValuesAsString("subscription")).isNotEmpty().doesNotContain("a");
		assertThat(bobs.findValuesAsString("url")).noneMatch((url) -> url.endsWith("/a"));
		JsonNode alices = this.alice.get("/webhooks/deliveries").json().get("deliveries");
		assertThat(alices.findValuesAsString("subscription")).isNotEmpty().containsOnly("a");
	}

	@Test
	void perRequestDeliveriesAreSignedWithTheTenantsKey() {
		String bobs = id(this.bob.start(Map.of("cmd", "true", "notify", Map.of("url", receiver.url() + "/notify/k"))));
		String alices = id(
				this.alice.start(Map.of("cmd", "true", "notify", Map.of("url", receiver.url() + "/notify/k"))));
		await().atMost(Duration.ofSeconds(20))
			.until(() -> receiver.at("/notify/k", bobs).size() >= 2 && receiver.at("/notify/k", alices).size() >= 2);
		// What a receiver computes: the tenant's key from the request secret, then the
		// body's HMAC.
		String bobsKey = WebhookDeliveryTests.hmac(REQUEST_SECRET, "bob".getBytes(StandardCharsets.UTF_8));
		String alicesKey = WebhookDeliveryTests.hmac(REQUEST_SECRET, "alice".getBytes(StandardCharsets.UTF_8));
		assertThat(bobsKey).hasSize(64).isNotEqualTo(alicesKey);
		assertThat(receiver.at("/notify/k", bobs)).allSatisfy((r) -> assertThat(r.header("X-Execd-Signature"))
			.isEqualTo("sha256=" + WebhookDeliveryTests.hmac(bobsKey, r.body())));
		assertThat(receiver.at("/notify/k", alices)).allSatisfy((r) -> assertThat(r.header("X-Execd-Signature"))
			.isEqualTo("sha256=" + WebhookDeliveryTests.hmac(alicesKey, r.body())));
		// Configured subscriptions keep their own secret: none here.
		assertThat(receiver.at("/a", alices)).isNotEmpty()
			.allSatisfy((r) -> assertThat(r.header("X-Execd-Signature")).isNull());
	}

	@Test
	void perRequestDeliveriesAreListedToTheirConversationOnly() {
		String here = id(
				this.alice.start(Map.of("cmd", "true", "notify", Map.of("url", receiver.url() + "/notify/c"))));
		String there = id(this.aliceElsewhere
			.start(Map.of("cmd", "true", "notify", Map.of("url", receiver.url() + "/notify/c"))));
		await().atMost(Duration.ofSeconds(20))
			.until(() -> receiver.at("/notify/c", here).size() >= 2 && receiver.at("/notify/c", there).size() >= 2
					&& receiver.at("/a", here).size() >= 2 && receiver.at("/a", there).size() >= 2);
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
			List<String> seenHere = this.alice.get("/webhooks/deliveries")
				.json()
				.get("deliveries")
				.findValuesAsString("subscription");
			List<String> seenThere = this.aliceElsewhere.get("/webhooks/deliveries")
				.json()
				.get("deliveries")
				.findValuesAsString("subscription");
			assertThat(seenHere).contains("notify:" + here, "a").doesNotContain("notify:" + there);
			assertThat(seenThere).contains("notify:" + there, "a").doesNotContain("notify:" + here);
			// Configured subscriptions are the tenant's: both conversations see all of
			// them.
			assertThat(Collections.frequency(seenHere, "a")).isEqualTo(Collections.frequency(seenThere, "a"));
		});
	}

	@Test
	void perRequestWebhooksAreCappedPerTenantUntilTheirSessionIsRemoved() {
		Map<String, ?> notified = Map.of("cmd", "sleep 60", "yield_time_ms", 100, "notify",
				Map.of("url", receiver.url() + "/notify/cap"));
		Map<String, Object> retried = new HashMap<>(notified);
		retried.put("request_id", "cap-1");
		String first = id(this.alice.start(retried));
		// A start that fails gives its slot back.
		for (int i = 0; i < 3; i++) {
			TestClient.Response failed = this.alice.post("/sessions", Map.of("cmd", "true", "workdir",
					"/nonexistent-" + UUID.randomUUID(), "notify", Map.of("url", receiver.url() + "/notify/cap")));
			assertThat(failed.status()).isEqualTo(422);
		}
		id(this.aliceElsewhere.start(notified));
		for (TestClient client : List.of(this.alice, this.aliceElsewhere)) {
			TestClient.Response refused = client.post("/sessions", notified);
			assertThat(refused.status()).isEqualTo(429);
			assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
			assertThat(refused.json().get("code").asString()).isEqualTo("too_many_webhooks");
		}
		// A retry starts nothing, so it takes no slot: it answers as ever.
		TestClient.Response retry = this.alice.post("/sessions", retried);
		assertThat(retry.status()).isEqualTo(200);
		assertThat(id(retry.json())).isEqualTo(first);
		// Nothing was started by a refusal; starts without notify and other tenants go
		// on.
		assertThat(this.alice.get("/sessions").json().get("sessions").size()).isEqualTo(1);
		assertThat(this.aliceElsewhere.get("/sessions").json().get("sessions").size()).isEqualTo(1);
		assertThat(this.alice.post("/sessions", Map.of("cmd", "true")).status()).isEqualTo(201);
		assertThat(this.bob.post("/sessions", notified).status()).isEqualTo(201);
		// Removing the session ends its subscription; once its last delivery is through,
		// its slot is free.
		assertThat(this.alice.delete("/sessions/" + first).status()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(20)).until(() -> receiver.at("/notify/cap", first).size() >= 3);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.alice.post("/sessions", notified).status() == 201);
		assertThat(this.alice.post("/sessions", notified).json().get("code").asString()).isEqualTo("too_many_webhooks");
	}

	@Test
	void deliveriesNeedAToken() {
		TestClient.Response anonymous = new TestClient(this.port).get("/webhooks/deliveries");
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.json().get("code").asString()).isEqualTo("unauthorized");
	}

}
