package dev.execd.api.webhook;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.execd.api.EventPayloads;
import dev.execd.api.WebhookEvent;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One attempt of a delivery: a POST of the event's JSON with the delivery's headers,
 * through the JDK's HTTP client (no redirects followed: a receiver cannot send execd
 * elsewhere). The status decides the outcome; the response body is read and thrown away.
 * The attempt ends by a hard deadline (connect timeout plus read timeout): the client's
 * own timeouts bound connecting and the response's head only, so a receiver that trickles
 * its body, or the bytes of its head, would otherwise hold a sending thread for as long
 * as it likes. Past the deadline the exchange is cancelled, which closes its connection.
 */
final class Sender {

	/**
	 * What an attempt got.
	 *
	 * @param status the response's status, or null without a response
	 * @param error why it failed, or null for a 2xx
	 * @param retry whether to try again (a network error, a timeout, a 5xx or a 429)
	 */
	record Attempt(@Nullable Integer status, @Nullable String error, boolean retry) {

		boolean delivered() {
			return this.error == null;
		}

	}

	private final WebhookClient client;

	private final Duration readTimeout;

	private final Duration deadline;

	private final JsonMapper json;

	Sender(WebhookClient client, Duration connectTimeout, Duration readTimeout, JsonMapper json) {
		this.client = client;
		this.readTimeout = readTimeout;
		this.deadline = connectTimeout.plus(readTimeout);
		this.json = json;
	}

	Attempt send(Delivery delivery) {
		long deadline = System.nanoTime() + this.deadline.toNanos();
		CompletableFuture<HttpResponse<Void>> exchange = null;
		try {
			HttpRequest.Builder request = HttpRequest.newBuilder(delivery.subscription().url())
				.timeout(this.readTimeout)
				.header("Content-Type", "application/json")
				.header("User-Agent", "execd-webhook")
				.header("X-Execd-Event", delivery.event().type())
				.header("X-Execd-Delivery", delivery.id());
			byte[] body = body(delivery);
			String secret = delivery.subscription().secret();
			if (secret != null) {
				request.header("X-Execd-Signature", "sha256=" + sign(secret, body));
			}
			CompletableFuture<Integer> head = new CompletableFuture<>();
			exchange = this.client.get()
				.sendAsync(request.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), (response) -> {
					head.complete(response.statusCode());
					return HttpResponse.BodySubscribers.discarding();
				});
			exchange.whenComplete((response, failure) -> {
				if (failure != null) {
					head.completeExceptionally(failure);
				}
			});
			int status = head.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
			drain(exchange, deadline);
			if (status >= 200 && status < 300) {
				return new Attempt(status, null, false);
			}
			return new Attempt(status, "HTTP " + status, status >= 500 || status == 429);
		}
		catch (TimeoutException ex) {
			return new Attempt(null, "TimeoutException: no response within " + this.deadline.toMillis() + " ms", true);
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			while ((cause instanceof CompletionException || cause instanceof ExecutionException)
					&& cause.getCause() != null) {
				cause = cause.getCause();
			}
			if (cause instanceof IOException) {
				return new Attempt(null, cause.getClass().getSimpleName()
						+ ((cause.getMessage() != null) ? ": " + cause.getMessage() : ""), true);
			}
			return new Attempt(null, (cause != null) ? cause.getClass().getSimpleName() : "failed", false);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Attempt(null, "interrupted: execd is stopping", false);
		}
		catch (RuntimeException ex) {
			return new Attempt(null, ex.getClass().getSimpleName(), false);
		}
		finally {
			if (exchange != null) {
				// Closes the connection of a body still arriving; nothing when it is
				// done.
				exchange.cancel(true);
			}
		}
	}

	/**
	 * Lets the rest of the body arrive until the deadline, so that a receiver that
	 * answers at once keeps its connection for the next delivery; a body still arriving
	 * then is cut off, and the status stands.
	 */
	private static void drain(CompletableFuture<HttpResponse<Void>> exchange, long deadline)
			throws InterruptedException {
		try {
			exchange.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			// The status was received: the body does not change what it says.
		}
	}

	/** The body, written at the first attempt and kept for the others. */
	byte[] body(Delivery delivery) {
		byte[] body = delivery.body();
		if (body == null) {
			var event = delivery.event();
			body = this.json
				.writeValueAsBytes(new WebhookEvent(delivery.id(), event.type(), event.seq(), delivery.scope().tenant(),
						delivery.scope().conversation(), millis(event.at()), EventPayloads.data(event, this.json)));
			delivery.body(body);
		}
		return body;
	}

	private static String millis(Instant at) {
		return at.truncatedTo(java.time.temporal.ChronoUnit.MILLIS).toString();
	}

	/**
	 * The key that signs a tenant's per-request deliveries: the hex HMAC-SHA256 of the
	 * tenant's name with the request secret, so the receivers of one tenant cannot sign
	 * deliveries another tenant's receivers would take for execd's.
	 */
	static String tenantKey(String requestSecret, String tenant) {
		return sign(requestSecret, tenant.getBytes(StandardCharsets.UTF_8));
	}

	/** Hex HMAC-SHA256 of the body's bytes. */
	static String sign(String secret, byte[] body) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			return HexFormat.of().formatHex(mac.doFinal(body));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
