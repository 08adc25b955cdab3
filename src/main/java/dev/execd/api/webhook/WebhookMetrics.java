package dev.execd.api.webhook;

import java.time.Duration;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The {@code execd_webhook_*} metrics: deliveries sent, failed and dropped, and how long
 * receivers take to answer. No tags: per-request subscriptions are one per session.
 */
final class WebhookMetrics {

	private final Counter sent;

	private final Counter failed;

	private final Counter dropped;

	private final Timer latency;

	WebhookMetrics(MeterRegistry meters) {
		this.sent = Counter.builder("execd.webhook.sent")
			.description("Webhook deliveries a receiver accepted (2xx)")
			.register(meters);
		this.failed = Counter.builder("execd.webhook.failed")
			.description("Webhook deliveries given up: refused (4xx but 429, 3xx) or retried until out of time")
			.register(meters);
		this.dropped = Counter.builder("execd.webhook.dropped")
			.description("Webhook deliveries pushed out of a full subscription queue")
			.register(meters);
		this.latency = Timer.builder("execd.webhook.latency")
			.description("Time from sending a webhook request to its response or failure, per attempt")
			.register(meters);
	}

	void sent() {
		this.sent.increment();
	}

	void failed() {
		this.failed.increment();
	}

	void dropped() {
		this.dropped.increment();
	}

	void attempt(Duration took) {
		this.latency.record(took);
	}

}
