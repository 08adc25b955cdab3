package dev.execd.api.security;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.cors.DefaultCorsProcessor;

/**
 * Spring's CORS rules, with a refused cross-origin request (a preflight from an origin
 * that is not configured, a method or header not allowed) answered as problem details.
 */
final class ProblemCorsProcessor extends DefaultCorsProcessor {

	private final ProblemWriter problems;

	ProblemCorsProcessor(ProblemWriter problems) {
		this.problems = problems;
	}

	@Override
	protected void rejectRequest(ServerHttpResponse response) throws IOException {
		HttpServletResponse servlet = ((ServletServerHttpResponse) response).getServletResponse();
		this.problems.write(servlet, HttpStatus.FORBIDDEN, "forbidden",
				"this cross-origin request is not allowed by execd.security.cors-origins");
	}

}
