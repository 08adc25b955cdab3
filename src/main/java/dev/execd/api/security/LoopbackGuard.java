package dev.execd.api.security;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The browser protections of a server without tokens: a {@code Host} that is not a
 * loopback name or the server's own address is refused (DNS rebinding), unless anonymous
 * access was allowed on purpose, and so is an {@code Origin} that is neither this server
 * nor a configured CORS origin (cross-site requests).
 */
final class LoopbackGuard extends OncePerRequestFilter {

	private static final Pattern LITERAL_ADDRESS = Pattern.compile("[0-9.]+|[0-9a-f:]+");

	private final boolean checkHost;

	private final List<String> corsOrigins;

	private final @Nullable String serverAddress;

	private final ProblemWriter problems;

	LoopbackGuard(boolean checkHost, List<String> corsOrigins, @Nullable String serverAddress, ProblemWriter problems) {
		this.checkHost = checkHost;
		this.corsOrigins = corsOrigins;
		this.serverAddress = (serverAddress != null) ? serverAddress.toLowerCase(Locale.ROOT) : null;
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String refusal = refusal(request);
		if (refusal != null) {
			this.problems.write(response, HttpStatus.FORBIDDEN, "forbidden", refusal);
			return;
		}
		chain.doFilter(request, response);
	}

	private @Nullable String refusal(HttpServletRequest request) {
		String host = request.getHeader(HttpHeaders.HOST);
		if (this.checkHost && (host == null || !isLocalHost(hostName(host)))) {
			return "Host '" + host + "' is not a loopback name; without tokens execd answers only local names";
		}
		String origin = request.getHeader(HttpHeaders.ORIGIN);
		if (!Origins.allowed(origin, request.getScheme(), host, this.corsOrigins)) {
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
		String lower = name.toLowerCase(Locale.ROOT);
		if (lower.equals("localhost") || lower.endsWith(".localhost") || lower.equals(this.serverAddress)) {
			return true;
		}
		// Only literal addresses: a name is never resolved, or DNS would decide.
		if (!LITERAL_ADDRESS.matcher(lower).matches()) {
			return false;
		}
		try {
			return InetAddress.getByName(lower).isLoopbackAddress();
		}
		catch (IOException ex) {
			return false;
		}
	}

}
