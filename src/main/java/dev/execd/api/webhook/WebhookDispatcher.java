package dev.execd.api.webhook;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import dev.execd.api.NotifyRequest;
import dev.execd.api.WebhookDeliveries;
import dev.execd.api.Webhooks;
import dev.execd.session.EventJournal;
import dev.execd.session.EventListener;
import dev.execd.session.Scope;
import dev.execd.session.SessionException;
import dev.execd.session.SessionRegistry;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes every published event to the subscriptions that want it: the configured ones of
 * the event's tenant, and the per-request one of its session. Runs under the journal's
 * lock, so it only creates deliveries and queues them.
 */
final class WebhookDispatcher implements Webhooks, EventListener, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WebhookDispatcher.class);

	/** A subscription and its queue. */
	private record Routed(Subscription subscription, Lane lane) {

	}

	private final Map<String, List<Routed>> byTenant;

	private final Map<String, Following> followed = new ConcurrentHashMap<>();

	private final SessionRegistry registry;

	private final DeliveryHistory history;

	private final Supplier<Lane> lanes;

	private final @Nullable String requestSecret;

	private final Clock clock;

	private final Runnable close;

	WebhookDispatcher(List<Subscription> configured, SessionRegistry registry, DeliveryHistory history,
			Supplier<Lane> lanes, @Nullable String requestSecret, Clock clock, Runnable close) {
		this.byTenant = configured.stream()
			.collect(Collectors.groupingBy(Subscription::tenant,
					Collectors.mapping((s) -> new Routed(s, lanes.get()), Collectors.toList())));
		this.registry = registry;
		this.history = history;
		this.lanes = lanes;
		this.requestSecret = requestSecret;
		this.clock = clock;
		this.close = close;
	}

	/** Stops sending: what still waits is lost, as the README says. */
	@Override
	public void close() {
		this.close.run();
	}

	@Override
	public void published(Scope scope, EventJournal.Event event) {
		try {
			for (Routed routed : this.byTenant.getOrDefault(scope.tenant(), List.of())) {
				if (routed.subscription().wants(scope, event)) {
					queue(routed.subscription(), routed.lane(), scope, event);
				}
			}
			Following following = this.followed.get(event.session().id());
			if (following != null) {
				following.published(scope, event);
			}
		}
		catch (RuntimeException ex) {
			// A webhook must never fail a session's publication.
			logger.warn("Could not queue the webhook deliveries of a {} event", event.type(), ex);
		}
	}

	private void queue(Subscription subscription, Lane lane, Scope scope, EventJournal.Event event) {
		Delivery delivery = new Delivery(subscription, scope, event, this.clock.instant());
		this.history.add(subscription.tenant(), delivery);
		lane.offer(delivery);
	}

	@Override
	public void follow(Scope scope, String sessionId, NotifyRequest.Checked notify) {
		Subscription subscription = new Subscription("notify:" + sessionId, scope.tenant(), notify.url(),
				notify.events(), this.requestSecret, new Subscription.Followed(scope, sessionId));
		Following following = new Following(subscription, this.lanes.get());
		this.followed.put(sessionId, following);
		List<EventJournal.Event> earlier = List.of();
		try {
			EventJournal journal = this.registry.journals().subscribe(scope);
			try {
				earlier = journal.after(0);
			}
			finally {
				this.registry.journals().unsubscribe(scope, journal);
			}
		}
		catch (SessionException ex) {
			// No journal to read: nothing was published that is still kept.
		}
		following.replayed(scope, earlier);
		try {
			this.registry.find(scope, sessionId);
		}
		catch (SessionException.NotFound ex) {
			// Removed before its removal could be seen here.
			this.followed.remove(sessionId, following);
		}
	}

	@Override
	public WebhookDeliveries deliveries(String tenant) {
		return this.history.of(tenant);
	}

	/** How many sessions per-request subscriptions follow. */
	int following() {
		return this.followed.size();
	}

	/**
	 * A per-request subscription: the session's events already published when it began
	 * are replayed from the journal, in order with those published meanwhile, and it ends
	 * with the session's removal.
	 */
	private final class Following {

		private final Subscription subscription;

		private final Lane lane;

		private @Nullable TreeMap<Long, EventJournal.Event> replaying = new TreeMap<>();

		Following(Subscription subscription, Lane lane) {
			this.subscription = subscription;
			this.lane = lane;
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
				queue(this.subscription, this.lane, scope, event);
			}
			if ("session_removed".equals(event.type())) {
				WebhookDispatcher.this.followed.remove(event.session().id(), this);
			}
		}

	}

}
