package dev.execd.api.security;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.authentication.AuthenticationConverter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Bearer-token authentication: the converter takes the token a request presents, the
 * provider turns a configured token into its tenant, the token's name.
 */
final class BearerTokens implements AuthenticationConverter, AuthenticationProvider {

	/**
	 * Browsers' EventSource and WebSocket cannot send headers: the query parameter is for
	 * SSE and the attach channel only.
	 */
	private static final RequestMatcher STREAMS = new OrRequestMatcher(
			List.of(PathPatternRequestMatcher.pathPattern("/sessions/*/stream"),
					PathPatternRequestMatcher.pathPattern("/sessions/*/attach"),
					PathPatternRequestMatcher.pathPattern("/sessions/*/screen/stream"),
					PathPatternRequestMatcher.pathPattern("/events")));

	private static final String PARAMETER = "access_token";

	private final Tokens tokens;

	BearerTokens(Tokens tokens) {
		this.tokens = tokens;
	}

	@Override
	public @Nullable Authentication convert(HttpServletRequest request) {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
			return new Presented(header.substring(7).strip());
		}
		String parameter = STREAMS.matches(request) ? parameter(request) : null;
		return (parameter != null) ? new Presented(parameter) : null;
	}

	private static @Nullable String parameter(HttpServletRequest request) {
		try {
			return request.getParameter(PARAMETER);
		}
		catch (RuntimeException ex) {
			// Tomcat refuses a malformed query string when a parameter is first read; the
			// request is then unauthenticated, and the API answers the query itself.
			return null;
		}
	}

	@Override
	public Authentication authenticate(Authentication authentication) {
		String tenant = this.tokens.tenantOf((String) authentication.getCredentials());
		if (tenant == null) {
			throw new BadCredentialsException("a valid bearer token is required");
		}
		return UsernamePasswordAuthenticationToken.authenticated(tenant, null, AuthorityUtils.NO_AUTHORITIES);
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return Presented.class.isAssignableFrom(authentication);
	}

	/** A token as presented, not yet checked. */
	static final class Presented extends AbstractAuthenticationToken {

		private final String token;

		Presented(String token) {
			super(AuthorityUtils.NO_AUTHORITIES);
			this.token = token;
		}

		@Override
		public String getCredentials() {
			return this.token;
		}

		@Override
		public @Nullable Object getPrincipal() {
			return null;
		}

	}

}
