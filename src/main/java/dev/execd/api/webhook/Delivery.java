package dev.execd.api.webhook;

import java.time.Instant;
import java.util.UUID;

import dev.execd.api.WebhookDeliveries;
import dev.execd.session.EventJournal;
import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

/**
 * One event on its way to one subscription: its id (the same on every attempt), the
 * event, and the state {@code GET /webhooks/deliveries} shows. The body is written once,
 * at the first attempt, off the publisher's lock, and kept, so every attempt posts the
 * same bytes under the same signature.
 */
final class Delivery {

	enum Status {

		PENDING, DELIVERED, FAILED, DROPPED

	}

	private final String id = UUID.randomUUID().toString();

	private final Subscription subscription;

	private final Scope scope;

	private final EventJournal.Event event;

	private final Instant createdAt;

	private final long createdNanos = System.nanoTime();

	/** Position in its subscription's queue, set when queued. */
	long order;

	private long nextAttemptNanos = this.createdNanos;

	private Status status = Status.PENDING;

	private int attempts;

	private @Nullable Integer lastStatusCode;

	private @Nullable String lastError;

	private @Nullable Instant lastAttemptAt;

	private byte @Nullable [] body;

	Delivery(Subscription subscription, Scope scope, EventJournal.Event event, Instant createdAt) {
		this.subscription = subscription;
		this.scope = scope;
		this.event = event;
		this.createdAt = createdAt;
	}

	String id() {
		return this.id;
	}

	Subscription subscription() {
		return this.subscription;
	}

	Scope scope() {
		return this.scope;
	}

	EventJournal.Event event() {
		return this.event;
	}

	long createdNanos() {
		return this.createdNanos;
	}

	synchronized long nextAttemptNanos() {
		return this.nextAttemptNanos;
	}

	synchronized int attempts() {
		return this.attempts;
	}

	synchronized Status status() {
		return this.status;
	}

	synchronized byte @Nullable [] body() {
		return this.body;
	}

	synchronized void body(byte[] written) {
		this.body = written;
	}

	/** An attempt begins. */
	synchronized void attempting(Instant at) {
		this.attempts++;
		this.lastAttemptAt = at;
	}

	/** An attempt ended; {@code retryAt} is when to try again, or null to stop. */
	synchronized void attempted(@Nullable Integer statusCode, @Nullable String error, Status outcome, long retryAt) {
		this.lastStatusCode = statusCode;
		this.lastError = error;
		this.status = outcome;
		this.nextAttemptNanos = retryAt;
	}

	/** Pushed out of a full queue; true unless it had ended already. */
	synchronized boolean drop() {
		if (this.status != Status.PENDING) {
			return false;
		}
		this.status = Status.DROPPED;
		return true;
	}

	synchronized WebhookDeliveries.Delivery view() {
		return new WebhookDeliveries.Delivery(this.id, this.subscription.name(), this.event.type(), this.event.seq(),
				this.subscription.url().toString(), this.status.name().toLowerCase(java.util.Locale.ROOT),
				this.attempts, this.lastStatusCode, this.lastError, this.createdAt, this.lastAttemptAt);
	}

}
