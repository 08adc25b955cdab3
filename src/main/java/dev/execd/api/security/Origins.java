package dev.execd.api.security;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Which pages may talk to execd: a request without {@code Origin} (not from a browser
 * page), a page of this server itself, or one of {@code execd.security.cors-origins}.
 * Browsers enforce CORS on HTTP calls themselves, but not on a WebSocket handshake, so
 * the attach channel asks this before it upgrades; the {@link LoopbackGuard} asks it for
 * every request of a server without tokens.
 */
public final class Origins {

	private Origins() {
	}

	/**
	 * Whether a request from {@code origin} to {@code host} is let in.
	 * @param origin the request's {@code Origin} header, or null
	 * @param host its {@code Host} header, or null
	 * @param corsOrigins the configured origins
	 */
	public static boolean allowed(@Nullable String origin, @Nullable String host, List<String> corsOrigins) {
		return origin == null || origin.equals("http://" + host) || origin.equals("https://" + host)
				|| corsOrigins.contains(origin);
	}

}
