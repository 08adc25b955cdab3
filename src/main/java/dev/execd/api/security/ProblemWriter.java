package dev.execd.api.security;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Writes the refusals made before a request reaches the API (no token, a foreign Host, a
 * rejected path) as the same RFC 9457 problem details the API answers with.
 */
public final class ProblemWriter {

	/** The prefix of every problem {@code type}; the code follows, with dashes. */
	public static final String TYPES = "https://execd.dev/problems/";

	private final JsonMapper json;

	public ProblemWriter(JsonMapper json) {
		this.json = json;
	}

	public void write(HttpServletResponse response, HttpStatus status, String code, String detail) throws IOException {
		if (response.isCommitted()) {
			return;
		}
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", TYPES + code.replace('_', '-'));
		body.put("title", status.getReasonPhrase());
		body.put("status", status.value());
		body.put("detail", detail);
		body.put("code", code);
		response.resetBuffer();
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.getOutputStream().write(this.json.writeValueAsBytes(body));
		response.flushBuffer();
	}

}
