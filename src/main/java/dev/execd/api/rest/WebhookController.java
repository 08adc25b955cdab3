package dev.execd.api.rest;

import dev.execd.api.WebhookDeliveries;
import dev.execd.api.Webhooks;
import dev.execd.session.Scope;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.ProblemResponses;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The recent webhook deliveries a caller may see: its tenant's to configured
 * subscriptions (which receive every conversation of the tenant), and its conversation's
 * to per-request ones.
 */
@RestController
@Tag(name = "Webhooks", description = "What was posted to the tenant's webhooks, and how it went.")
class WebhookController {

	private final Webhooks webhooks;

	WebhookController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	@Operation(operationId = "listWebhookDeliveries", summary = "The recent webhook deliveries the caller may see",
			description = """
					The caller's share of its tenant's last deliveries (execd.webhooks.history, \
					200 by default), newest first, each with its status, attempts and last error: \
					one per event and subscription. Those to configured subscriptions \
					(`execd.webhooks.<name>`), which receive every conversation of the tenant, \
					and those to per-request ones (`notify` of `POST /sessions`, named \
					`notify:<session_id>`) of this conversation only. Another tenant's or another \
					conversation's per-request deliveries never appear. Kept in memory: a restart \
					forgets them. The body each \
					receiver gets is the `WebhookEvent` schema; README "Webhooks" tells the \
					headers, the signature and the retry schedule.""")
	@ApiResponse(responseCode = "200", description = "The deliveries, newest first.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = WebhookDeliveries.class),
					examples = @ExampleObject(name = "deliveries", value = ApiExamples.WEBHOOK_DELIVERIES)))
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@GetMapping(path = "/webhooks/deliveries", produces = MediaType.APPLICATION_JSON_VALUE)
	WebhookDeliveries deliveries(Scope scope) {
		return this.webhooks.deliveries(scope);
	}

}
