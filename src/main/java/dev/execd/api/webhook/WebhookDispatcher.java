package dev.execd.api.webhook;

import java.time.Clock;
import java.util.List;
import java.util.Map;
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
 * the event's tenant, and the per-request one of its session (at most
 * {@code max-per-tenant} of those per tenant, signed with the tenant's key). Runs under
 * the journal's lock, so it only creates deliveries and queues them.
 */
final class WebhookDispatcher implements Webhooks, EventListener, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WebhookDispatcher.class);

	/** A subscription and its queue. */
	private record Routed(Subscription subscription, Lane lane) {

	}

	private final Map<String, List<Routed>> byTenant;

	private final Map<String, FollowedSession> followed = new ConcurrentHashMap<>();

	private final SessionRegistry registry;

	private final DeliveryHistory history;

	private final TenantSlots slots;

	private final Supplier<Lane> lanes;

	private final @Nullable String requestSecret;

	private final Clock clock;

	private final Runnable close;

	WebhookDispatcher(List<Subscription> configured, SessionRegistry registry, DeliveryHistory history,
			TenantSlots slots, Supplier<Lane> lanes, @Nullable String requestSecret, Clock clock, Runnable close) {
		this.byTenant = configured.stream()
			.collect(Collectors.groupingBy(Subscription::tenant,
					Collectors.mapping((s) -> new Routed(s, lanes.get()), Collectors.toList())));
		this.registry = registry;
		this.history = history;
		this.slots = slots;
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
			FollowedSession following = this.followed.get(event.session().id());
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
	public Notification reserve(Scope scope, NotifyRequest.Checked notify) {
		Reservation reservation = new Reservation(scope, notify);
		this.slots.take(scope.tenant(), reservation);
		return reservation;
	}

	private FollowedSession follow(Scope scope, String sessionId, NotifyRequest.Checked notify) {
		String secret = (this.requestSecret != null) ? Sender.tenantKey(this.requestSecret, scope.tenant()) : null;
		Subscription subscription = new Subscription("notify:" + sessionId, scope.tenant(), notify.url(),
				notify.events(), secret, new Subscription.Followed(scope, sessionId));
		FollowedSession following = new FollowedSession(subscription, this.lanes.get(), this::queue,
				(ended) -> this.followed.remove(sessionId, ended));
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
			following.end();
		}
		return following;
	}

	@Override
	public WebhookDeliveries deliveries(Scope scope) {
		return this.history.of(scope);
	}

	/** How many sessions per-request subscriptions follow. */
	int following() {
		return this.followed.size();
	}

	/**
	 * A tenant's slot for a per-request subscription, from before its session starts
	 * until the subscription is done.
	 */
	private final class Reservation implements Notification, TenantSlots.Holder {

		private final Scope scope;

		private final NotifyRequest.Checked notify;

		private volatile @Nullable FollowedSession following;

		private volatile boolean cancelled;

		Reservation(Scope scope, NotifyRequest.Checked notify) {
			this.scope = scope;
			this.notify = notify;
		}

		@Override
		public synchronized void follow(String sessionId) {
			if (this.cancelled || this.following != null) {
				throw new IllegalStateException("already " + (this.cancelled ? "cancelled" : "following"));
			}
			try {
				this.following = WebhookDispatcher.this.follow(this.scope, sessionId, this.notify);
			}
			catch (RuntimeException ex) {
				// Nothing follows the session: the slot must not stay taken.
				this.cancelled = true;
				throw ex;
			}
		}

		@Override
		public synchronized void cancel() {
			this.cancelled = this.following == null;
		}

		@Override
		public boolean done() {
			FollowedSession following = this.following;
			return this.cancelled || (following != null && following.done());
		}

	}

}
