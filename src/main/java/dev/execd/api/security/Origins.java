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
	 * Whether a request from {@code origin} to {@code host} is let in. A page of this
	 * server has the scheme it was loaded with, which is the request's: {@code http} on a
	 * plain server, so {@code https://localhost:8080} there is another origin. Behind a
	 * proxy that ends TLS the request's scheme is {@code https} once Spring is told to
	 * trust the proxy's {@code X-Forwarded-Proto}
	 * ({@code server.forward-headers-strategy}).
	 * @param origin the request's {@code Origin} header, or null
	 * @param scheme the request's scheme, {@code http} or {@code https}
	 * @param host its {@code Host} header, or null
	 * @param corsOrigins the configured origins, each with its scheme
	 */
	public static boolean allowed(@Nullable String origin, String scheme, @Nullable String host,
			List<String> corsOrigins) {
		return origin == null || (host != null && origin.equalsIgnoreCase(scheme + "://" + host))
				|| corsOrigins.contains(origin);
	}

}
