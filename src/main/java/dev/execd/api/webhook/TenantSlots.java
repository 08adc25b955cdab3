package dev.execd.api.webhook;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.execd.api.ApiException;

/**
 * The per-request subscriptions each tenant holds, at most {@code max}: a slot is taken
 * before the session starts and is free once the subscription is done (its session
 * removed and its last delivery through) or was cancelled. Slots are reclaimed when the
 * tenant takes the next one, so nothing has to call back here; tenants are the configured
 * ones, so the map is bounded too.
 */
final class TenantSlots {

	/** What holds a slot. */
	interface Holder {

		boolean done();

	}

	private final int max;

	private final Map<String, List<Holder>> tenants = new HashMap<>();

	TenantSlots(int max) {
		this.max = max;
	}

	/**
	 * Takes a slot of the tenant for the holder.
	 * @throws ApiException {@code too_many_webhooks} when all are held
	 */
	synchronized void take(String tenant, Holder holder) {
		List<Holder> held = this.tenants.computeIfAbsent(tenant, (t) -> new ArrayList<>());
		held.removeIf(Holder::done);
		if (held.size() >= this.max) {
			throw ApiException.tooManyWebhooks(this.max);
		}
		held.add(holder);
	}

}
