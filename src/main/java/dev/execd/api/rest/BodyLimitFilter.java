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
 */
final class BodyLimitFilter extends OncePerRequestFilter {

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

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > this.maxBody) {
			this.problems.write(response, HttpStatus.CONTENT_TOO_LARGE, "payload_too_large",
					"the body is larger than " + this.maxBody + " bytes (execd.limits.max-request-body)");
			return;
		}
		chain.doFilter(new BoundedBodyRequest(request, this.maxBody), response);
	}

}
