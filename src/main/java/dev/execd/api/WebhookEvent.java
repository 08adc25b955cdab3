package dev.execd.api;

import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * The body a webhook receives: one event, as the {@code /events} stream shows it, with
 * where it comes from.
 */
@Schema(description = """
		The body of a webhook delivery (README "Webhooks"), posted as `application/json` with \
		`X-Execd-Event` (the type), `X-Execd-Delivery` (the `id`) and, with a secret, \
		`X-Execd-Signature: sha256=<hex HMAC-SHA256 of the body's bytes>`.""")
public record WebhookEvent(
		@Schema(description = "The delivery id; the same on every attempt of this delivery.",
				example = "9b2f6c1e-4d1a-4f0e-9a57-1f0f3c2b7d11", requiredMode = RequiredMode.REQUIRED) String id,
		@Schema(description = "The event type, as on `/events`.", example = "session_exited",
				requiredMode = RequiredMode.REQUIRED) String type,
		@Schema(description = "The event's sequence number in its conversation, its SSE `id`.", example = "2",
				requiredMode = RequiredMode.REQUIRED) long seq,
		@Schema(description = "The tenant (token name; `anonymous` without tokens).", example = "alice",
				requiredMode = RequiredMode.REQUIRED) String tenant,
		@Schema(description = "The conversation the session belongs to.", example = "default",
				requiredMode = RequiredMode.REQUIRED) String conversationId,
		@Schema(description = "When the event was published (RFC 3339, UTC).", example = "2026-01-05T10:15:30.123Z",
				requiredMode = RequiredMode.REQUIRED) String at,
		@Schema(description = "The event's `data`, exactly as on `/events`: `session_id`, `name`, then the "
				+ "`session` or the event's own fields.",
				requiredMode = RequiredMode.REQUIRED) Map<String, @Nullable Object> data) {

}
