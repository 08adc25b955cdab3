package dev.execd.api.webhook;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.execd.api.WebhookDeliveries;
import dev.execd.session.Scope;

/**
 * The last deliveries of each tenant, for {@code GET /webhooks/deliveries}: at most
 * {@code capacity} per tenant, in memory. Tenants are the configured ones, so the map is
 * bounded too; conversations are not (a client names them), so per-request deliveries are
 * kept with their tenant's and told apart on reading.
 */
final class DeliveryHistory {

	private final int capacity;

	private final Map<String, ArrayDeque<Delivery>> tenants = new ConcurrentHashMap<>();

	DeliveryHistory(int capacity) {
		this.capacity = capacity;
	}

	void add(String tenant, Delivery delivery) {
		ArrayDeque<Delivery> recent = this.tenants.computeIfAbsent(tenant, (t) -> new ArrayDeque<>());
		synchronized (recent) {
			recent.addFirst(delivery);
			if (recent.size() > this.capacity) {
				recent.removeLast();
			}
		}
	}

	/**
	 * The deliveries a scope sees, newest first: its tenant's to configured
	 * subscriptions, which receive every conversation, and its conversation's to
	 * per-request ones.
	 */
	WebhookDeliveries of(Scope scope) {
		ArrayDeque<Delivery> recent = this.tenants.get(scope.tenant());
		List<Delivery> copy = new ArrayList<>();
		if (recent != null) {
			synchronized (recent) {
				copy.addAll(recent);
			}
		}
		return new WebhookDeliveries(copy.stream()
			.filter((delivery) -> delivery.subscription().session() == null || delivery.scope().equals(scope))
			.map(Delivery::view)
			.toList());
	}

}
