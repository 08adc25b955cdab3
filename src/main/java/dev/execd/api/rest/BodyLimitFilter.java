package dev.execd.api.rest;

import java.io.IOException;

import dev.execd.api.security.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds request bodies, so an oversized one is refused before it is read: at once when
 * its length is declared, and by the {@link BoundedBodyRequest} when it arrives chunked.
 * It runs after the security chain, so nobody learns the limit without a token. File
 * uploads ({@code PUT /files}, {@code POST /files}, {@code PUT /files/archive}) are
 * exempt: they are streamed to disk under their own cap, execd.files.max-upload-size.
 * {@code POST /sessions/{id}/stdin} may carry 1 MiB of input, which base64 and JSON make
 * larger than the default cap: its body may have at least {@link #STDIN_BODY} bytes.
 */
final class BodyLimitFilter extends OncePerRequestFilter {

	/** Room for 1 MiB of input in base64 (1.33 MiB), or escaped in a JSON string. */
	static final long STDIN_BODY = 3 * 1024 * 1024;

	private final long maxBody;

	private final ProblemWriter problems;

	BodyLimitFilter(long maxBody, ProblemWriter problems) {
		this.maxBody = maxBody;
		this.problems = problems;
	}

	/** The servlet path is the container's decoded, normalized one, not the raw URI. */
	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String path = request.getServletPath();
		return switch (request.getMethod()) {
			case "PUT" -> "/files".equals(path) || "/files/archive".equals(path);
			case "POST" -> "/files".equals(path);
			default -> false;
		};
	}

	private static boolean isStdin(HttpServletRequest request) {
		String path = request.getServletPath();
		return "POST".equals(request.getMethod()) && path.startsWith("/sessions/") && path.endsWith("/stdin")
				&& path.indexOf('/', "/sessions/".length()) == path.length() - "/stdin".length();
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		boolean stdin = isStdin(request);
		long limit = stdin ? Math.max(this.maxBody, STDIN_BODY) : this.maxBody;
		String detail = "the body is larger than " + limit + " bytes ("
				+ (stdin ? "a stdin body's cap" : "execd.limits.max-request-body") + ")";
		if (request.getContentLengthLong() > limit) {
			this.problems.write(response, HttpStatus.CONTENT_TOO_LARGE, "payload_too_large", detail);
			return;
		}
		chain.doFilter(new BoundedBodyRequest(request, limit, detail), response);
	}

}
