package dev.execd.session;

/**
 * A stream that holds one of a session's subscriber slots, as the session sees its
 * client: asked, only when the slots run out, whether that client is still there.
 */
@FunctionalInterface
public interface Subscriber {

	/** A subscriber whose end its connection notices by itself: never probed away. */
	Subscriber SELF_CLOSING = () -> true;

	/**
	 * Whether the client may still be there: false only when it is certainly gone. May
	 * write to the connection, never waits for a write already under way. Its own write
	 * may wait for room in a full send buffer: it is asked on a thread of its own, and
	 * the subscription that asks waits for it only briefly.
	 */
	boolean reachable();

}
