package dev.execd.session;

/**
 * Sees every event of every conversation as it is published, in each conversation's
 * order: for delivery beyond the event streams (webhooks). Called under the journal's
 * lock, so it must only hand the event on, never block.
 */
@FunctionalInterface
public interface EventListener {

	/** Ignores every event. */
	EventListener NONE = (scope, event) -> {
	};

	void published(Scope scope, EventJournal.Event event);

}
