package dev.execd.api.webhook;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.session.EventJournal;
import dev.execd.session.Scope;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A subscription's queue: bounded, the oldest dropped and counted; first attempts in
 * order; retries until delivered; refusals not retried.
 */
class LaneTests {

	private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(2);

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final WebhookMetrics metrics = new WebhookMetrics(this.meters);

	private final Backoff backoff = new Backoff(
			new ExecdProperties.Retry(Duration.ofMillis(10), Duration.ofMillis(20), Duration.ofSeconds(5)));

	private final Subscription subscription = new Subscription("test", "t", URI.create("http://127.0.0.1:1/"), Set.of(),
			null, null);

	@AfterEach
	void stop() {
		this.executor.shutdownNow();
	}

	@Test
	void overflowDropsTheOldestAndCountsIt() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		List<Long> sent = new CopyOnWriteArrayList<>();
		Lane lane = new Lane(3, this.executor, (delivery) -> {
			hold(release);
			sent.add(delivery.event().seq());
			return new Sender.Attempt(200, null, false);
		}, this.backoff, this.metrics, Clock.systemUTC());
		Delivery first = delivery(1);
		lane.offer(first);
		await().atMost(Duration.ofSeconds(5)).until(() -> first.attempts() == 1);
		List<Delivery> waiting = List.of(delivery(2), delivery(3), delivery(4), delivery(5));
		waiting.forEach(lane::offer);
		assertThat(lane.waiting()).isEqualTo(3);
		assertThat(waiting.get(0).status()).isEqualTo(Delivery.Status.DROPPED);
		assertThat(this.meters.counter("execd.webhook.dropped").count()).isEqualTo(1);
		release.countDown();
		await().atMost(Duration.ofSeconds(5)).until(() -> sent.size() == 4);
		assertThat(sent).containsExactly(1L, 3L, 4L, 5L);
		assertThat(waiting.get(0).view().status()).isEqualTo("dropped");
		assertThat(this.meters.counter("execd.webhook.sent").count()).isEqualTo(4);
	}

	@Test
	void retriesUntilDeliveredAndNeverRetriesARefusal() {
		List<String> attempts = new CopyOnWriteArrayList<>();
		Lane lane = new Lane(10, this.executor, (delivery) -> {
			attempts.add(delivery.id());
			if (delivery.event().seq() == 2) {
				return new Sender.Attempt(404, "HTTP 404", false);
			}
			return (delivery.attempts() < 3) ? new Sender.Attempt(null, "ConnectException", true)
					: new Sender.Attempt(204, null, false);
		}, this.backoff, this.metrics, Clock.systemUTC());
		Delivery retried = delivery(1);
		Delivery refused = delivery(2);
		lane.offer(retried);
		lane.offer(refused);
		await().atMost(Duration.ofSeconds(5)).until(() -> retried.status() == Delivery.Status.DELIVERED);
		assertThat(retried.attempts()).isEqualTo(3);
		assertThat(retried.view().lastStatusCode()).isEqualTo(204);
		assertThat(refused.status()).isEqualTo(Delivery.Status.FAILED);
		assertThat(refused.attempts()).isEqualTo(1);
		assertThat(refused.view().lastError()).isEqualTo("HTTP 404");
		assertThat(this.meters.counter("execd.webhook.failed").count()).isEqualTo(1);
	}

	@Test
	void givesUpWhenRetriesRunOutOfTime() {
		Backoff short_ = new Backoff(
				new ExecdProperties.Retry(Duration.ofMillis(10), Duration.ofMillis(20), Duration.ofMillis(100)));
		Lane lane = new Lane(10, this.executor, (delivery) -> new Sender.Attempt(503, "HTTP 503", true), short_,
				this.metrics, Clock.systemUTC());
		Delivery delivery = delivery(1);
		lane.offer(delivery);
		await().atMost(Duration.ofSeconds(5)).until(() -> delivery.status() == Delivery.Status.FAILED);
		assertThat(delivery.attempts()).isGreaterThan(1);
		assertThat(delivery.view().lastStatusCode()).isEqualTo(503);
	}

	private Delivery delivery(long seq) {
		// The lane never reads the session: the sender writes the body.
		EventJournal.Event event = new EventJournal.Event(seq, "session_started", Instant.now(), null, null);
		return new Delivery(this.subscription, new Scope("t", "c"), event, Instant.now());
	}

	private static void hold(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
