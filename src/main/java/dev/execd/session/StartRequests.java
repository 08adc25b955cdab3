package dev.execd.session;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The registry's idempotent starts: a start with a request id that is retried while the
 * first attempt runs, or after it succeeded, joins that attempt's session as long as the
 * registry still holds it; after a failure, or once the session is gone, a retry starts
 * anew. An entry lives as long as its session.
 */
final class StartRequests {

	private final ConcurrentHashMap<RequestKey, CompletableFuture<Session>> requests = new ConcurrentHashMap<>();

	/** Whether the registry still holds a session. */
	private final Predicate<Session> held;

	StartRequests(Predicate<Session> held) {
		this.held = held;
	}

	/** The held session a finished start with this request id created. */
	Optional<Session> started(Scope scope, String requestId) {
		CompletableFuture<Session> earlier = this.requests.get(new RequestKey(scope, requestId));
		if (earlier == null || !earlier.isDone() || earlier.isCompletedExceptionally()) {
			return Optional.empty();
		}
		Session session = earlier.join();
		return this.held.test(session) ? Optional.of(session) : Optional.empty();
	}

	/**
	 * Launches, or joins the attempt with the same request id.
	 * @param launch starts a new session
	 */
	SessionRegistry.Started start(Scope scope, SessionSpec spec, Supplier<Session> launch) {
		if (spec.requestId() == null) {
			return new SessionRegistry.Started(launch.get(), true);
		}
		RequestKey key = new RequestKey(scope, spec.requestId());
		while (true) {
			CompletableFuture<Session> mine = new CompletableFuture<>();
			CompletableFuture<Session> earlier = this.requests.putIfAbsent(key, mine);
			if (earlier == null) {
				try {
					Session session = launch.get();
					mine.complete(session);
					return new SessionRegistry.Started(session, true);
				}
				catch (RuntimeException ex) {
					this.requests.remove(key, mine);
					mine.completeExceptionally(ex);
					throw ex;
				}
			}
			try {
				Session session = earlier.join();
				if (this.held.test(session)) {
					return new SessionRegistry.Started(session, false);
				}
			}
			catch (CompletionException ex) {
				// The first attempt failed; this one tries again.
			}
			this.requests.remove(key, earlier);
		}
	}

	/** Forgets the request id of a session the registry let go. */
	void released(Session session) {
		String requestId = session.requestId();
		if (requestId != null) {
			this.requests.remove(new RequestKey(session.scope(), requestId));
		}
	}

	private record RequestKey(Scope scope, String requestId) {

		RequestKey {
			Objects.requireNonNull(requestId);
		}

	}

}
