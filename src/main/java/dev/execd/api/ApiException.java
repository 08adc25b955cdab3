package dev.execd.api;

import org.springframework.http.HttpStatus;

/**
 * A request the API refuses before it reaches a session: malformed or out-of-range input.
 */
public final class ApiException extends RuntimeException {

	private final HttpStatus status;

	private final String code;

	private ApiException(HttpStatus status, String code, String message) {
		super(message, null, false, false);
		this.status = status;
		this.code = code;
	}

	public static ApiException invalid(String message) {
		return new ApiException(HttpStatus.BAD_REQUEST, "invalid_request", message);
	}

	public static ApiException invalidBase64(String message) {
		return new ApiException(HttpStatus.BAD_REQUEST, "invalid_base64", message);
	}

	static ApiException unknownKey(String key) {
		return new ApiException(HttpStatus.BAD_REQUEST, "unknown_key", "unknown key '" + key + "'");
	}

	public static ApiException unknownSignal(Object signal) {
		return new ApiException(HttpStatus.BAD_REQUEST, "unknown_signal", "unknown signal '" + signal + "'");
	}

	static ApiException invalidConversation(String message) {
		return new ApiException(HttpStatus.BAD_REQUEST, "invalid_conversation_id", message);
	}

	static ApiException unauthorized() {
		return new ApiException(HttpStatus.UNAUTHORIZED, "unauthorized", "a valid bearer token is required");
	}

	public static ApiException forbidden(String message) {
		return new ApiException(HttpStatus.FORBIDDEN, "forbidden", message);
	}

	static ApiException webhookNotAllowed() {
		return new ApiException(HttpStatus.BAD_REQUEST, "webhook_not_allowed",
				"notify.url matches none of execd.webhooks.allowed-urls: this server posts only to the URLs "
						+ "its operator allowed");
	}

	public static ApiException tooManyWebhooks(int max) {
		return new ApiException(HttpStatus.TOO_MANY_REQUESTS, "too_many_webhooks", "the tenant already has " + max
				+ " per-request webhooks (execd.webhooks.max-per-tenant); one is freed when its session is removed "
				+ "and its last delivery is done");
	}

	public static ApiException notAShell(String id) {
		return new ApiException(HttpStatus.CONFLICT, "not_a_shell",
				"session '" + id + "' runs a command, not a shell: start one with \"shell\": true");
	}

	static ApiException commandNotFound(String id) {
		return new ApiException(HttpStatus.NOT_FOUND, "command_not_found", "no command '" + id + "' in this shell");
	}

	public HttpStatus status() {
		return this.status;
	}

	public String code() {
		return this.code;
	}

}
