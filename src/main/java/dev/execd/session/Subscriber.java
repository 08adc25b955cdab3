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
	 * write to the connection, never waits for a write already under way.
	 */
	boolean reachable();

}
