package dev.execd;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
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
 * events, and {@code GET /webhooks/deliveries} shows only the caller's.
 */
@TestPropertySource(properties = { "execd.security.tokens=alice:alice-secret-1,bob:bob-secret-2",
		"execd.webhooks.a.tenant=alice", "execd.webhooks.b.tenant=bob" })
class WebhookTenantTests extends EndToEndTest {

	static final WebhookReceiver receiver = new WebhookReceiver();

	private TestClient alice;

	private TestClient bob;

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
		this.api = this.alice;
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
	void deliveriesNeedAToken() {
		TestClient.Response anonymous = new TestClient(this.port).get("/webhooks/deliveries");
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.json().get("code").asString()).isEqualTo("unauthorized");
	}

}
