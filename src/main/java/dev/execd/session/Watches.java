package dev.execd.session;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The watches of a registry's sessions, by session id. Kept beside the sessions, as their
 * command queues are ({@link Shells}), so the session itself only hands its output on.
 */
public final class Watches {

	private final ConcurrentHashMap<String, SessionWatches> byId = new ConcurrentHashMap<>();

	/**
	 * The watches of a session the caller found in the registry.
	 * @throws SessionException.NotFound when it was removed meanwhile
	 */
	public SessionWatches of(Session session) {
		SessionWatches watches = this.byId.get(session.id());
		if (watches == null) {
			throw new SessionException.NotFound(session.id());
		}
		return watches;
	}

	/** The watches of a new session, with those it was started with. */
	SessionWatches create(String sessionId, SessionSpec spec, SessionContext context,
			Supplier<SessionSnapshot> snapshot, Consumer<String> warn) {
		SessionWatches watches = new SessionWatches(spec.watches(), context, snapshot, warn);
		this.byId.put(sessionId, watches);
		return watches;
	}

	/** Forgets a removed session's watches; nothing of theirs is published after. */
	void remove(String sessionId) {
		SessionWatches removed = this.byId.remove(sessionId);
		if (removed != null) {
			removed.close();
		}
	}

}
