package dev.execd.session;

/**
 * Why a session's process ended.
 */
public enum EndReason {

	/** The leader exited by itself. */
	EXIT,
	/** The leader died of a signal execd did not send as a termination. */
	SIGNAL,
	/** A delete ended it. */
	KILLED,
	/** Its max runtime passed. */
	TIMEOUT,
	/** It printed nothing for its idle timeout. */
	IDLE_TIMEOUT,
	/** Evicted at the per-conversation cap. */
	EVICTED,
	/** Nobody touched it for the inactivity TTL. */
	EXPIRED,
	/** execd shut down. */
	SHUTDOWN,
	/** execd stopped without shutting down. */
	LOST;

	/** The wire name, e.g. {@code idle_timeout}. */
	public String wireName() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

}
