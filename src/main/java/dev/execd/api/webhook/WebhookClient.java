package dev.execd.api.webhook;

import java.net.http.HttpClient;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * The JDK HTTP client that webhooks are sent with, built at the first delivery: a server
 * with no subscriptions, or none that has fired yet, carries neither the client's
 * selector thread nor the TLS context its construction loads (about 300 classes and the
 * default trust store; BENCHMARKS.md "Idle sessions").
 */
final class WebhookClient {

	private final Duration connectTimeout;

	private @Nullable HttpClient client;

	private boolean closed;

	WebhookClient(Duration connectTimeout) {
		this.connectTimeout = connectTimeout;
	}

	/** The client, built on the first call; after {@link #close()} a closed one. */
	synchronized HttpClient get() {
		if (this.client == null) {
			this.client = HttpClient.newBuilder()
				.connectTimeout(this.connectTimeout)
				.followRedirects(HttpClient.Redirect.NEVER)
				.version(HttpClient.Version.HTTP_1_1)
				.build();
			if (this.closed) {
				this.client.shutdownNow();
			}
		}
		return this.client;
	}

	synchronized void close() {
		this.closed = true;
		if (this.client != null) {
			this.client.shutdownNow();
		}
	}

}
