package dev.execd.session;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/**
 * The sessions of the server by id, each found only in its own scope.
 */
final class SessionTable {

	private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();

	void put(Session session) {
		this.sessions.put(session.id(), session);
	}

	/** Whether {@code session} is still the one under its id. */
	boolean holds(Session session) {
		return this.sessions.get(session.id()) == session;
	}

	Collection<Session> values() {
		return this.sessions.values();
	}

	/**
	 * The session with this id in this scope.
	 * @throws SessionException.NotFound when there is none, or it belongs elsewhere
	 */
	Session lookup(Scope scope, String id) {
		Session session = SessionIds.isWellFormed(id) ? this.sessions.get(id) : null;
		if (session == null || !session.scope().equals(scope)) {
			throw new SessionException.NotFound(id);
		}
		return session;
	}

	/**
	 * The scope's sessions, newest first.
	 * @param running only running ones (true), only ended ones (false), or all (null)
	 */
	List<SessionSnapshot> list(Scope scope, @Nullable Boolean running) {
		return this.sessions.values()
			.stream()
			.filter((session) -> session.scope().equals(scope))
			.map(Session::snapshot)
			.filter((snapshot) -> running == null || snapshot.running() == running)
			.sorted(Comparator.comparing(SessionSnapshot::startedAt).reversed())
			.toList();
	}

	/** Removes {@code session} if it is still the one under its id; whether it was. */
	boolean remove(Session session) {
		return this.sessions.remove(session.id(), session);
	}

	/** Removes the sessions that match and returns them. */
	List<Session> removeAll(Predicate<Session> which) {
		List<Session> removed = new ArrayList<>();
		for (Session session : List.copyOf(this.sessions.values())) {
			if (which.test(session) && remove(session)) {
				removed.add(session);
			}
		}
		return removed;
	}

}
