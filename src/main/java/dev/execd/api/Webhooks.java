package dev.execd.api;

import dev.execd.session.Scope;

/**
 * What the API asks of webhook delivery ({@code api.webhook} implements it): follow one
 * session for a per-request {@code notify}, and show a tenant's recent deliveries.
 */
public interface Webhooks {

	/**
	 * Posts the events of a session that was just started to {@code notify.url()}, from
	 * its {@code session_started} (even when published already) to its
	 * {@code session_removed}.
	 */
	void follow(Scope scope, String sessionId, NotifyRequest.Checked notify);

	/** The tenant's recent deliveries, newest first. */
	WebhookDeliveries deliveries(String tenant);

}
