package dev.execd.api.webhook;

import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

import dev.execd.session.EventJournal;
import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

/**
 * A per-request subscription following its session: the session's events already
 * published when it began are replayed from the journal, in order with those published
 * meanwhile; it ends with the session's removal, and is done once its lane has also sent
 * (or given up) its last delivery, which is when its tenant's slot is free again.
 */
final class FollowedSession {

	/** Where a delivery of the subscription is queued. */
	interface Deliveries {

		void queue(Subscription subscription, Lane lane, Scope scope, EventJournal.Event event);

	}

	private final Subscription subscription;

	private final Lane lane;

	private final Deliveries deliveries;

	private final Consumer<FollowedSession> onEnd;

	private @Nullable TreeMap<Long, EventJournal.Event> replaying = new TreeMap<>();

	private volatile boolean ended;

	FollowedSession(Subscription subscription, Lane lane, Deliveries deliveries, Consumer<FollowedSession> onEnd) {
		this.subscription = subscription;
		this.lane = lane;
		this.deliveries = deliveries;
		this.onEnd = onEnd;
	}

	/** Whether the event is of the followed session, whatever its type. */
	private boolean mine(Scope scope, EventJournal.Event event) {
		Subscription.Followed session = this.subscription.session();
		return session != null && session.scope().equals(scope) && session.sessionId().equals(event.session().id());
	}

	synchronized void published(Scope scope, EventJournal.Event event) {
		if (!mine(scope, event)) {
			return;
		}
		if (this.replaying != null) {
			this.replaying.put(event.seq(), event);
		}
		else {
			deliver(scope, event);
		}
	}

	synchronized void replayed(Scope scope, List<EventJournal.Event> earlier) {
		TreeMap<Long, EventJournal.Event> all = this.replaying;
		this.replaying = null;
		if (all == null) {
			return;
		}
		for (EventJournal.Event event : earlier) {
			if (mine(scope, event)) {
				all.putIfAbsent(event.seq(), event);
			}
		}
		all.values().forEach((event) -> deliver(scope, event));
	}

	private void deliver(Scope scope, EventJournal.Event event) {
		if (this.subscription.wants(scope, event)) {
			this.deliveries.queue(this.subscription, this.lane, scope, event);
		}
		if ("session_removed".equals(event.type())) {
			end();
		}
	}

	/** The session is gone: nothing more is queued. */
	void end() {
		this.ended = true;
		this.onEnd.accept(this);
	}

	/** Whether it ended and its last delivery is through. */
	boolean done() {
		return this.ended && this.lane.idle();
	}

}
