package dev.execd.session;

import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

/**
 * The command queues of a registry's shell sessions, by session id. Kept beside the
 * sessions rather than in them: a command session has none.
 */
public final class Shells {

	private final ConcurrentHashMap<String, ShellCommands> byId = new ConcurrentHashMap<>();

	/** The command queue of a shell session; null for a command session. */
	public @Nullable ShellCommands of(Session session) {
		return this.byId.get(session.id());
	}

	void put(String sessionId, ShellCommands commands) {
		this.byId.put(sessionId, commands);
	}

	void remove(String sessionId) {
		this.byId.remove(sessionId);
	}

}
