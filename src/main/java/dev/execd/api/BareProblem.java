package dev.execd.api;

import java.nio.charset.StandardCharsets;

import org.springframework.http.HttpStatus;

/**
 * The problem body of a refusal known only by its status (the servlet container's own, a
 * servlet's {@code sendError}, the MCP transport's): fixed texts only, so it can be built
 * without a mapper and never carries an exception's message or the request.
 */
public final class BareProblem {

	public static final String MEDIA_TYPE = "application/problem+json";

	private BareProblem() {
	}

	public static byte[] body(int status) {
		return body(status, detail(status));
	}

	/**
	 * @param detail fixed text without characters JSON would escape
	 */
	public static byte[] body(int status, String detail) {
		return body(status, Refusals.codeFor(status), detail);
	}

	/**
	 * A refusal whose status alone does not say what was refused.
	 * @param detail fixed text without characters JSON would escape
	 */
	public static byte[] body(HttpStatus status, String code, String detail) {
		return body(status.value(), code, detail);
	}

	private static byte[] body(int status, String code, String detail) {
		HttpStatus known = HttpStatus.resolve(status);
		String title = (known != null) ? known.getReasonPhrase() : "Error";
		return ("{\"type\":\"" + Refusals.PROBLEM_TYPES + code.replace('_', '-') + "\",\"title\":\"" + title
				+ "\",\"status\":" + status + ",\"detail\":\"" + detail + "\",\"code\":\"" + code + "\"}")
			.getBytes(StandardCharsets.UTF_8);
	}

	private static String detail(int status) {
		return switch (status) {
			case 400 -> "the request is malformed";
			case 404 -> "no such resource";
			case 405 -> "the method is not allowed on this resource";
			case 500 -> "internal error";
			default -> {
				HttpStatus known = HttpStatus.resolve(status);
				yield (known != null) ? known.getReasonPhrase().toLowerCase(java.util.Locale.ROOT) : "error";
			}
		};
	}

}
