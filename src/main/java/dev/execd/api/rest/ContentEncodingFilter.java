package dev.execd.api.rest;

import java.io.IOException;
import java.util.Collections;
import java.util.Locale;

import dev.execd.api.security.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body sent with a {@code Content-Encoding} other than
 * {@code identity}: nothing here decodes one, and a gzip body read as JSON, or stored as
 * a file's bytes, is not what its client meant. File uploads are refused alike: a client
 * that encodes what it uploads expects the server to decode it.
 */
final class ContentEncodingFilter extends OncePerRequestFilter {

	private final ProblemWriter problems;

	ContentEncodingFilter(ProblemWriter problems) {
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		boolean body = request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
		for (String header : Collections.list(request.getHeaders("Content-Encoding"))) {
			for (String coding : header.split(",")) {
				String name = coding.trim().toLowerCase(Locale.ROOT);
				if (body && !name.isEmpty() && !"identity".equals(name)) {
					this.problems.write(response, HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
							"Content-Encoding " + coding.trim() + " is not supported: send the body as it is");
					return;
				}
			}
		}
		chain.doFilter(request, response);
	}

}
