package dev.execd.session;

/**
 * Where a session is visible: one conversation of one tenant.
 *
 * @param tenant the name of the token that authenticated the caller
 * @param conversation the conversation id
 */
public record Scope(String tenant, String conversation) {

	/** The tenant when no tokens are configured. */
	public static final String ANONYMOUS = "anonymous";

	/** The conversation when the caller names none. */
	public static final String DEFAULT_CONVERSATION = "default";

}
