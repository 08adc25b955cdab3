package dev.execd.api;

import java.io.IOException;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.execd.config.ExecdProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Who may call execd, checked before anything else. With tokens, every request but health
 * and the API documentation needs {@code Authorization: Bearer} (SSE also
 * {@code ?access_token=}), and the token's name is the tenant. Without tokens, a loopback
 * server refuses a {@code Host} that is not a loopback name or its own address (DNS
 * rebinding) and a foreign {@code Origin} (cross-site requests). Bodies are bounded here
 * too, so an oversized one is refused before it is read.
 */
final class AccessFilter extends OncePerRequestFilter {

	private static final Pattern PUBLIC_PATHS = Pattern
		.compile("/actuator/health(/.*)?|/v3/api-docs(\\.yaml|/.*)?|/swagger-ui(\\.html|/.*)");

	private static final Pattern SSE_PATHS = Pattern.compile("/sessions/[^/]+/stream|/events");

	private final Tokens tokens;

	private final boolean allowAnonymous;

	private final List<String> corsOrigins;

	private final long maxBody;

	private final @Nullable String serverAddress;

	private final JsonMapper json;

	AccessFilter(ExecdProperties properties, @Nullable String serverAddress, JsonMapper json) {
		this.tokens = Tokens.parse(properties.security().tokens());
		this.allowAnonymous = properties.security().allowAnonymous();
		this.corsOrigins = properties.security().corsOrigins();
		this.maxBody = properties.limits().maxRequestBody().toBytes();
		this.serverAddress = serverAddress;
		this.json = json;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		if (this.tokens.isEmpty()) {
			String refusal = anonymousRefusal(request);
			if (refusal != null) {
				problem(response, 403, "forbidden", refusal);
				return;
			}
		}
		else if (!PUBLIC_PATHS.matcher(path).matches()) {
			String tenant = this.tokens.tenantOf(presentedToken(request, path));
			if (tenant == null) {
				response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
				problem(response, 401, "unauthorized", "a valid bearer token is required");
				return;
			}
			request.setAttribute(ScopeResolver.TENANT_ATTRIBUTE, tenant);
		}
		if (request.getContentLengthLong() > this.maxBody) {
			problem(response, 413, "payload_too_large",
					"the body is larger than " + this.maxBody + " bytes (execd.limits.max-request-body)");
			return;
		}
		chain.doFilter(new BoundedBodyRequest(request, this.maxBody), response);
	}

	private @Nullable String presentedToken(HttpServletRequest request, String path) {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
			return header.substring(7).strip();
		}
		// EventSource cannot send headers; the query parameter is for it only.
		return SSE_PATHS.matcher(path).matches() ? request.getParameter("access_token") : null;
	}

	private @Nullable String anonymousRefusal(HttpServletRequest request) {
		String host = request.getHeader(HttpHeaders.HOST);
		if (!this.allowAnonymous && (host == null || !isLocalHost(hostName(host)))) {
			return "Host '" + host + "' is not a loopback name; without tokens execd answers only local names";
		}
		String origin = request.getHeader(HttpHeaders.ORIGIN);
		if (origin != null && !origin.equals("http://" + host) && !origin.equals("https://" + host)
				&& !this.corsOrigins.contains(origin)) {
			return "Origin '" + origin + "' is neither this server nor in execd.security.cors-origins";
		}
		return null;
	}

	private static String hostName(String host) {
		if (host.startsWith("[")) {
			int end = host.indexOf(']');
			return (end > 0) ? host.substring(1, end) : host;
		}
		int colon = host.lastIndexOf(':');
		return (colon >= 0 && host.indexOf(':') == colon) ? host.substring(0, colon) : host;
	}

	private boolean isLocalHost(String name) {
		String lower = name.toLowerCase(java.util.Locale.ROOT);
		if (lower.equals("localhost") || lower.endsWith(".localhost") || lower.equals(this.serverAddress)) {
			return true;
		}
		// Only literal addresses: a name is never resolved, or DNS would decide.
		if (!lower.matches("[0-9.]+|[0-9a-f:]+")) {
			return false;
		}
		try {
			return InetAddress.getByName(lower).isLoopbackAddress();
		}
		catch (IOException ex) {
			return false;
		}
	}

	private void problem(HttpServletResponse response, int status, String code, String detail) throws IOException {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", ProblemAdvice.PROBLEM_TYPES + code.replace('_', '-'));
		body.put("title", switch (status) {
			case 401 -> "Unauthorized";
			case 403 -> "Forbidden";
			default -> "Content Too Large";
		});
		body.put("status", status);
		body.put("detail", detail);
		body.put("code", code);
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.getOutputStream().write(this.json.writeValueAsBytes(body));
	}

}
