package dev.execd.api.webhook;

import java.net.URI;
import java.util.Set;

import dev.execd.session.EventJournal;
import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

/**
 * Where a tenant's events go: a configured subscription (every conversation of its
 * tenant) or a per-request one (one session of one conversation).
 *
 * @param name the configured name, or {@code notify:<session id>}
 * @param tenant whose events it receives
 * @param url where they are posted
 * @param events the types it receives; empty for all
 * @param secret the HMAC key of the signature; null for unsigned deliveries
 * @param session the conversation and session of a per-request subscription; null for a
 * configured one
 */
record Subscription(String name, String tenant, URI url, Set<String> events, @Nullable String secret,
		@Nullable Followed session) {

	/** The one session a per-request subscription follows. */
	record Followed(Scope scope, String sessionId) {

	}

	/** Whether this subscription receives the event: never another tenant's. */
	boolean wants(Scope scope, EventJournal.Event event) {
		if (!this.tenant.equals(scope.tenant())) {
			return false;
		}
		if (this.session != null
				&& !(this.session.scope().equals(scope) && this.session.sessionId().equals(event.session().id()))) {
			return false;
		}
		return this.events.isEmpty() || this.events.contains(event.type());
	}

	/** Never shows the secret. */
	@Override
	public String toString() {
		return "Subscription[" + this.name + " -> " + this.url + "]";
	}

}
