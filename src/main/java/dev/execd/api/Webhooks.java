package dev.execd.api;

import dev.execd.session.Scope;

/**
 * What the API asks of webhook delivery ({@code api.webhook} implements it): a
 * per-request {@code notify} for a session being started, and the recent deliveries a
 * caller may see.
 */
public interface Webhooks {

	/**
	 * Takes one of the tenant's per-request subscriptions for a session about to start:
	 * {@link Notification#follow} once it has started, else {@link Notification#cancel}.
	 * @throws ApiException {@code too_many_webhooks} when the tenant holds
	 * {@code execd.webhooks.max-per-tenant} already
	 */
	Notification reserve(Scope scope, NotifyRequest.Checked notify);

	/**
	 * The recent deliveries of the scope's tenant to its configured subscriptions, and of
	 * the scope's conversation to its per-request ones, newest first.
	 */
	WebhookDeliveries deliveries(Scope scope);

	/** A per-request subscription reserved for a session that is being started. */
	interface Notification {

		/**
		 * Posts the session's events to the URL, from its {@code session_started} (even
		 * when published already) to its {@code session_removed}.
		 */
		void follow(String sessionId);

		/** The session did not start: the tenant's slot is free again. */
		void cancel();

	}

}
