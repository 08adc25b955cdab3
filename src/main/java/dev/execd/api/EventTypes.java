package dev.execd.api;

import java.util.List;

/**
 * The event types a webhook's {@code events} may name: every type published on
 * {@code /events}. A type added there belongs here too, or filters cannot name it
 * (subscriptions without a filter receive it anyway).
 */
public final class EventTypes {

	public static final List<String> ALL = List.of("session_started", "session_exited", "session_removed",
			"session_matched", "session_matches_dropped", "command_finished", "session_port_opened",
			"session_port_closed", "session_waiting_for_input");

	private EventTypes() {
	}

}
