package dev.execd.api.webhook;

import java.util.Iterator;
import java.util.OptionalLong;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * One subscription's waiting deliveries, new and retrying, in the order their events were
 * published, at most {@code capacity}: past it the oldest is pushed out. The next to send
 * is the oldest that is due, so first attempts go in order while a retry waits for its
 * time. Not thread-safe: its {@link Lane} holds its lock around every call.
 */
final class DeliveryQueue {

	private final int capacity;

	private final TreeMap<Long, Delivery> pending = new TreeMap<>();

	private long nextOrder;

	DeliveryQueue(int capacity) {
		this.capacity = capacity;
	}

	/** Queues a new delivery; returns the one pushed out, if any. */
	@Nullable Delivery offer(Delivery delivery) {
		delivery.order = this.nextOrder++;
		this.pending.put(delivery.order, delivery);
		return trim();
	}

	/** Queues a delivery again for a retry, in its place; returns the one pushed out. */
	@Nullable Delivery requeue(Delivery delivery) {
		this.pending.put(delivery.order, delivery);
		return trim();
	}

	private @Nullable Delivery trim() {
		return (this.pending.size() > this.capacity) ? this.pending.pollFirstEntry().getValue() : null;
	}

	/** Takes the oldest delivery due at {@code now} (a nano time), or null. */
	@Nullable Delivery takeDue(long now) {
		for (Iterator<Delivery> it = this.pending.values().iterator(); it.hasNext();) {
			Delivery delivery = it.next();
			if (delivery.nextAttemptNanos() - now <= 0) {
				it.remove();
				return delivery;
			}
		}
		return null;
	}

	/** When the earliest waiting delivery is due, if any waits. */
	OptionalLong earliest() {
		return this.pending.values()
			.stream()
			.mapToLong(Delivery::nextAttemptNanos)
			.reduce((a, b) -> (a - b <= 0) ? a : b);
	}

	int size() {
		return this.pending.size();
	}

}
