package dev.execd.api;

import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /webhooks/deliveries} returns.
 */
@Schema(description = """
		The recent webhook deliveries the caller may see: its tenant's to configured \
		subscriptions, its conversation's to per-request ones.""")
public record WebhookDeliveries(@Schema(description = """
		Newest first; of the last execd.webhooks.history (200) per tenant, in memory only (a \
		restart forgets them).""", requiredMode = RequiredMode.REQUIRED) List<Delivery> deliveries) {

	/**
	 * One delivery: one event posted to one subscription, with all its attempts.
	 */
	@Schema(name = "WebhookDelivery", description = "One event posted to one webhook, with all its attempts.")
	public record Delivery(
			@Schema(description = "The delivery id, also `X-Execd-Delivery` and the body's `id`; the same on "
					+ "every attempt.", example = "9b2f6c1e-4d1a-4f0e-9a57-1f0f3c2b7d11",
					requiredMode = RequiredMode.REQUIRED) String id,
			@Schema(description = "The configured subscription's name, or `notify:<session_id>` for a "
					+ "per-request one.", example = "ci", requiredMode = RequiredMode.REQUIRED) String subscription,
			@Schema(description = "The event type.", example = "session_exited",
					requiredMode = RequiredMode.REQUIRED) String event,
			@Schema(description = "The event's sequence number in its conversation (its SSE `id`).", example = "2",
					requiredMode = RequiredMode.REQUIRED) long seq,
			@Schema(description = "Where it is posted.", example = "https://hooks.example.com/execd",
					requiredMode = RequiredMode.REQUIRED) String url,
			@Schema(description = """
					`pending` (not yet sent, or waiting for a retry), `delivered` (a 2xx), \
					`failed` (another status than 5xx or 429, or retries ran out), `dropped` \
					(pushed out of a full queue).""", allowableValues = {
					"pending", "delivered", "failed", "dropped" }, requiredMode = RequiredMode.REQUIRED) String status,
			@Schema(description = "Attempts made so far.", example = "1",
					requiredMode = RequiredMode.REQUIRED) int attempts,
			@Schema(description = "The HTTP status of the last attempt; `null` before one, or when it got none.",
					types = { "integer", "null" }, example = "200",
					requiredMode = RequiredMode.REQUIRED) @Nullable Integer lastStatusCode,
			@Schema(description = "Why the last attempt failed (a network error or a status); `null` otherwise.",
					types = { "string", "null" }, example = "HTTP 503",
					requiredMode = RequiredMode.REQUIRED) @Nullable String lastError,
			@Schema(description = "When the event was queued.", requiredMode = RequiredMode.REQUIRED) Instant createdAt,
			@Schema(description = "When the last attempt began; `null` before the first.", types = { "string", "null" },
					format = "date-time", requiredMode = RequiredMode.REQUIRED) @Nullable Instant lastAttemptAt){

	}

}
