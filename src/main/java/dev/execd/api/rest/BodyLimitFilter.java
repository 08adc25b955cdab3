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
 * It runs after the security chain, so nobody learns the limit without a token. A file
 * upload ({@code PUT /files}, {@code PUT /files/archive}) is exempt: it is streamed to
 * disk under its own cap, execd.files.max-upload-size.
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
		return "PUT".equals(request.getMethod())
				&& ("/files".equals(request.getServletPath()) || "/files/archive".equals(request.getServletPath()));
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
