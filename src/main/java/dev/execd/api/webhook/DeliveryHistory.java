package dev.execd.api.webhook;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.execd.api.WebhookDeliveries;

/**
 * The last deliveries of each tenant, for {@code GET /webhooks/deliveries}: at most
 * {@code capacity} per tenant, in memory. Tenants are the configured ones, so the map is
 * bounded too.
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

	/** The tenant's deliveries, newest first. */
	WebhookDeliveries of(String tenant) {
		ArrayDeque<Delivery> recent = this.tenants.get(tenant);
		List<Delivery> copy = new ArrayList<>();
		if (recent != null) {
			synchronized (recent) {
				copy.addAll(recent);
			}
		}
		return new WebhookDeliveries(copy.stream().map(Delivery::view).toList());
	}

}
