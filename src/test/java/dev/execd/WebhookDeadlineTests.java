package dev.execd;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An attempt ends by connect-timeout plus read-timeout (here 2 s), whatever the receiver
 * does after its status line: a body trickled forever is cut off, the status decides the
 * outcome, and with both sending threads taken by such receivers the other deliveries
 * still go out.
 */
@OwnServer
class WebhookDeadlineTests extends EndToEndTest {

	/** The deadline of an attempt: connect-timeout plus read-timeout below. */
	static final Duration DEADLINE = Duration.ofSeconds(2);

	static final TricklingReceiver accepting = new TricklingReceiver(200);

	static final TricklingReceiver failing = new TricklingReceiver(503);

	static final WebhookReceiver receiver = new WebhookReceiver();

	@DynamicPropertySource
	static void webhooks(DynamicPropertyRegistry properties) {
		properties.add("execd.webhooks.slow.url", () -> accepting.url() + "/slow");
		properties.add("execd.webhooks.slow.events", () -> "session_started");
		properties.add("execd.webhooks.broken.url", () -> failing.url() + "/broken");
		properties.add("execd.webhooks.broken.events", () -> "session_started");
		properties.add("execd.webhooks.fast.url", () -> receiver.url() + "/fast");
		properties.add("execd.webhooks.connect-timeout", () -> "1s");
		properties.add("execd.webhooks.read-timeout", () -> "1s");
		properties.add("execd.webhooks.threads", () -> "2");
		properties.add("execd.webhooks.retry.initial-delay", () -> "100ms");
		properties.add("execd.webhooks.retry.max-delay", () -> "200ms");
		properties.add("execd.webhooks.retry.max-elapsed", () -> "3s");
	}

	@AfterAll
	static void stopReceivers() {
		accepting.close();
		failing.close();
		receiver.close();
	}

	@Test
	void aTrickledBodyIsCutOffAtTheDeadlineAndTheStatusDecides() {
		String id = id(start(Map.of("cmd", "true")));
		await().atMost(Duration.ofSeconds(20)).until(() -> accepting.held(id).size() == 1);
		TricklingReceiver.Held held = accepting.held(id).get(0);
		assertThat(held.open()).isGreaterThan(Duration.ofMillis(500)).isLessThan(DEADLINE.plusMillis(1500));
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
			JsonNode slow = delivery(held.deliveryId());
			assertThat(slow.get("subscription").asString()).isEqualTo("slow");
			assertThat(slow.get("status").asString()).isEqualTo("delivered");
			assertThat(slow.get("attempts").asInt()).isEqualTo(1);
			assertThat(slow.get("last_status_code").asInt()).isEqualTo(200);
			assertThat(slow.get("last_error").isNull()).isTrue();
		});
	}

	@Test
	void aTrickled5xxIsRetriedEachAttemptWithinTheDeadline() {
		String id = id(start(Map.of("cmd", "true")));
		await().atMost(Duration.ofSeconds(30)).until(() -> failing.held(id).size() >= 2);
		String deliveryId = failing.held(id).get(0).deliveryId();
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			JsonNode broken = delivery(deliveryId);
			assertThat(broken.get("subscription").asString()).isEqualTo("broken");
			assertThat(broken.get("status").asString()).isEqualTo("failed");
			assertThat(broken.get("last_status_code").asInt()).isEqualTo(503);
			assertThat(broken.get("last_error").asString()).isEqualTo("HTTP 503");
		});
		int attempts = delivery(deliveryId).get("attempts").asInt();
		await().atMost(Duration.ofSeconds(5)).until(() -> failing.held(id).size() == attempts);
		assertThat(failing.held(id)).extracting(TricklingReceiver.Held::deliveryId).containsOnly(deliveryId);
		assertThat(failing.held(id))
			.allSatisfy((held) -> assertThat(held.open()).isLessThan(DEADLINE.plusMillis(1500)));
	}

	@Test
	void otherDeliveriesGoOutWhileTricklersHoldBothThreads() {
		for (int i = 0; i < 3; i++) {
			String id = id(start(Map.of("cmd", "true")));
			// Each start takes both threads for up to the deadline; the exits still
			// arrive.
			await().atMost(DEADLINE.multipliedBy(4).plusSeconds(5)).until(() -> receiver.at("/fast", id).size() >= 2);
			assertThat(receiver.at("/fast", id)).extracting(WebhookReceiver.Received::type)
				.startsWith("session_started", "session_exited");
		}
	}

	private JsonNode delivery(String id) {
		for (JsonNode delivery : this.api.get("/webhooks/deliveries").json().get("deliveries")) {
			if (delivery.get("id").asString().equals(id)) {
				return delivery;
			}
		}
		throw new AssertionError("no delivery " + id);
	}

}
