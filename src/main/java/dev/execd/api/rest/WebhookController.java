package dev.execd.api.rest;

import java.security.Principal;

import dev.execd.api.ScopeResolver;
import dev.execd.api.WebhookDeliveries;
import dev.execd.api.Webhooks;
import dev.execd.session.Scope;
import dev.execd.api.docs.ApiExamples;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The caller's tenant's recent webhook deliveries. Tenant-wide, not per conversation:
 * configured subscriptions receive every conversation of their tenant.
 */
@RestController
@Tag(name = "Webhooks", description = "What was posted to the tenant's webhooks, and how it went.")
class WebhookController {

	private final Webhooks webhooks;

	WebhookController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	@Operation(operationId = "listWebhookDeliveries", summary = "The tenant's recent webhook deliveries",
			description = """
					The last deliveries (execd.webhooks.history, 200 by default) of the caller's \
					tenant, newest first, each with its status, attempts and last error: one per \
					event and subscription, configured (`execd.webhooks.<name>`) or per request \
					(`notify` of `POST /sessions`, named `notify:<session_id>`). Another tenant's \
					deliveries never appear. Kept in memory: a restart forgets them. The body each \
					receiver gets is the `WebhookEvent` schema; README "Webhooks" tells the \
					headers, the signature and the retry schedule.""")
	@ApiResponse(responseCode = "200", description = "The deliveries, newest first.",
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = WebhookDeliveries.class),
					examples = @ExampleObject(name = "deliveries", value = ApiExamples.WEBHOOK_DELIVERIES)))
	@GetMapping(path = "/webhooks/deliveries", produces = MediaType.APPLICATION_JSON_VALUE)
	WebhookDeliveries deliveries(@Nullable Principal principal) {
		String tenant = ScopeResolver.tenant(principal);
		return this.webhooks.deliveries((tenant != null) ? tenant : Scope.ANONYMOUS);
	}

}
