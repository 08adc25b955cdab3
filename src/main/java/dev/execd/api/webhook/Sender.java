package dev.execd.api.webhook;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.execd.api.EventPayloads;
import dev.execd.api.WebhookEvent;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One attempt of a delivery: a POST of the event's JSON with the delivery's headers,
 * through the JDK's HTTP client (no redirects followed: a receiver cannot send execd
 * elsewhere), within the read timeout.
 */
final class Sender {

	/**
	 * What an attempt got.
	 *
	 * @param status the response's status, or null without a response
	 * @param error why it failed, or null for a 2xx
	 * @param retry whether to try again (a network error, a 5xx or a 429)
	 */
	record Attempt(@Nullable Integer status, @Nullable String error, boolean retry) {

		boolean delivered() {
			return this.error == null;
		}

	}

	private final HttpClient client;

	private final Duration readTimeout;

	private final JsonMapper json;

	Sender(HttpClient client, Duration readTimeout, JsonMapper json) {
		this.client = client;
		this.readTimeout = readTimeout;
		this.json = json;
	}

	Attempt send(Delivery delivery) {
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
			HttpResponse<Void> response = this.client.send(
					request.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
					HttpResponse.BodyHandlers.discarding());
			int status = response.statusCode();
			if (status >= 200 && status < 300) {
				return new Attempt(status, null, false);
			}
			return new Attempt(status, "HTTP " + status, status >= 500 || status == 429);
		}
		catch (IOException ex) {
			return new Attempt(null,
					ex.getClass().getSimpleName() + ((ex.getMessage() != null) ? ": " + ex.getMessage() : ""), true);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Attempt(null, "interrupted: execd is stopping", false);
		}
		catch (RuntimeException ex) {
			return new Attempt(null, ex.getClass().getSimpleName(), false);
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
