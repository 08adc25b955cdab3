package dev.execd.api;

import java.net.URI;

import dev.execd.api.security.ProblemWriter;
import dev.execd.output.OutputException;
import dev.execd.session.SessionException;
import dev.execd.session.SessionSnapshot;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * The one place that turns refusals into RFC 9457 problem details with the contract's
 * {@code code}. Unexpected exceptions are logged and answered without their message.
 */
@RestControllerAdvice
class ProblemAdvice extends ResponseEntityExceptionHandler {

	static final String PROBLEM_TYPES = ProblemWriter.TYPES;

	private static final Logger logger = LoggerFactory.getLogger(ProblemAdvice.class);

	@ExceptionHandler
	ResponseEntity<ProblemDetail> session(SessionException ex) {
		Refusal refusal = refusal(ex);
		ResponseEntity<ProblemDetail> response = problem(refusal.status(), refusal.code(), ex.getMessage(),
				ex.session());
		if (ex instanceof SessionException.ResourcesExhausted) {
			return ResponseEntity.status(response.getStatusCode())
				.headers(response.getHeaders())
				.header(HttpHeaders.RETRY_AFTER,
						Integer.toString(SessionException.ResourcesExhausted.RETRY_AFTER_SECONDS))
				.body(response.getBody());
		}
		return response;
	}

	/** The status and code of a session refusal; MCP tool errors carry the same code. */
	static Refusal refusal(SessionException ex) {
		return switch (ex) {
			case SessionException.NotFound e -> new Refusal(HttpStatus.NOT_FOUND, "session_not_found");
			case SessionException.Exited e -> new Refusal(HttpStatus.CONFLICT, "session_exited");
			case SessionException.StdinClosed e -> new Refusal(HttpStatus.CONFLICT, "stdin_closed");
			case SessionException.NotATty e -> new Refusal(HttpStatus.CONFLICT, "not_a_tty");
			case SessionException.StdinQueueFull e -> new Refusal(HttpStatus.TOO_MANY_REQUESTS, "stdin_queue_full");
			case SessionException.TooManySessions e -> new Refusal(HttpStatus.TOO_MANY_REQUESTS, "too_many_sessions");
			case SessionException.TooManySubscribers e ->
				new Refusal(HttpStatus.TOO_MANY_REQUESTS, "too_many_subscribers");
			case SessionException.WorkdirNotFound e ->
				new Refusal(HttpStatus.UNPROCESSABLE_CONTENT, "workdir_not_found");
			case SessionException.WorkdirNotAllowed e ->
				new Refusal(HttpStatus.UNPROCESSABLE_CONTENT, "workdir_not_allowed");
			case SessionException.ShellNotFound e -> new Refusal(HttpStatus.UNPROCESSABLE_CONTENT, "shell_not_found");
			case SessionException.CommandNotFound e ->
				new Refusal(HttpStatus.UNPROCESSABLE_CONTENT, "command_not_found");
			case SessionException.CommandTooLong e -> new Refusal(HttpStatus.BAD_REQUEST, "command_too_long");
			case SessionException.ResourcesExhausted e ->
				new Refusal(HttpStatus.SERVICE_UNAVAILABLE, "resources_exhausted");
			case SessionException.SpawnFailed e -> new Refusal(HttpStatus.INTERNAL_SERVER_ERROR, "spawn_failed");
			case SessionException.InvalidRequest e -> new Refusal(HttpStatus.BAD_REQUEST, "invalid_request");
			case SessionException.ShuttingDown e -> new Refusal(HttpStatus.SERVICE_UNAVAILABLE, "shutting_down");
		};
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> output(OutputException ex) {
		Refusal refusal = refusal(ex);
		return problem(refusal.status(), refusal.code(), ex.getMessage(), null);
	}

	/** The status and code of an output refusal; MCP tool errors carry the same code. */
	static Refusal refusal(OutputException ex) {
		return switch (ex) {
			case OutputException.OffsetOutOfRange e ->
				new Refusal(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "offset_out_of_range");
			case OutputException.OutputUnavailable e -> new Refusal(HttpStatus.GONE, "output_unavailable");
		};
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> range(RangeNotSatisfiable ex) {
		return ResponseEntity.status(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
			.header(HttpHeaders.CONTENT_RANGE, "bytes */" + ex.total())
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "offset_out_of_range", ex.getMessage(), null)
				.getBody());
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> api(ApiException ex) {
		ResponseEntity<ProblemDetail> problem = problem(ex.status(), ex.code(), ex.getMessage(), null);
		if (ex.status() == HttpStatus.UNAUTHORIZED) {
			return ResponseEntity.status(ex.status())
				.headers(problem.getHeaders())
				.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
				.body(problem.getBody());
		}
		return problem;
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> typeMismatch(MethodArgumentTypeMismatchException ex) {
		return problem(HttpStatus.BAD_REQUEST, "invalid_request", "parameter '" + ex.getName() + "' has the wrong type",
				null);
	}

	/** Tomcat refuses to parse a malformed query string only when a parameter is read. */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalidParameters(InvalidParameterException ex) {
		return problem(HttpStatus.BAD_REQUEST, "invalid_request", "the query string is malformed", null);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unexpected(Exception ex) {
		logger.error("Unexpected error", ex);
		return problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal_error", "internal error", null);
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof BoundedBodyRequest.BodyTooLargeException tooLarge) {
				return cast(problem(HttpStatus.CONTENT_TOO_LARGE, "payload_too_large", tooLarge.getMessage(), null));
			}
		}
		return cast(problem(HttpStatus.BAD_REQUEST, "invalid_request", bodyDetail(ex.getCause()), null));
	}

	/** Why a body (or MCP tool arguments) did not bind, without echoing the input. */
	static String bodyDetail(@Nullable Throwable cause) {
		return switch (cause) {
			case UnrecognizedPropertyException e -> "unknown field '" + e.getPropertyName() + "'";
			case MismatchedInputException e when fieldOf(e) != null -> "field '" + fieldOf(e) + "' has the wrong type";
			case null, default -> "the body is not valid JSON of the expected shape";
		};
	}

	/** The innermost named field on the path: an array element is named by its array. */
	private static @Nullable String fieldOf(MismatchedInputException ex) {
		for (int i = ex.getPath().size() - 1; i >= 0; i--) {
			String name = ex.getPath().get(i).getPropertyName();
			if (name != null) {
				return name;
			}
		}
		return null;
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body,
			HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
		ProblemDetail problem = switch (body) {
			case ProblemDetail p -> p;
			case null, default ->
				(ex instanceof ErrorResponse response) ? response.getBody() : ProblemDetail.forStatus(statusCode);
		};
		String code = codeFor(statusCode.value());
		problem.setType(URI.create(PROBLEM_TYPES + code.replace('_', '-')));
		problem.setProperty("code", code);
		return super.handleExceptionInternal(ex, problem, headers, statusCode, request);
	}

	/** Codes of the refusals Spring MVC makes itself (unknown route, wrong method...). */
	static String codeFor(int status) {
		return switch (status) {
			case 404 -> "not_found";
			case 405 -> "method_not_allowed";
			case 413 -> "payload_too_large";
			case 415 -> "unsupported_media_type";
			case 406 -> "not_acceptable";
			case 503 -> "service_unavailable";
			default -> (status >= 500) ? "internal_error" : "invalid_request";
		};
	}

	private static ResponseEntity<ProblemDetail> problem(HttpStatusCode status, String code, @Nullable String detail,
			@Nullable SessionSnapshot session) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(URI.create(PROBLEM_TYPES + code.replace('_', '-')));
		problem.setProperty("code", code);
		if (session != null) {
			problem.setProperty("session", SessionView.of(session));
		}
		return ResponseEntity.status(status)
			.contentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem);
	}

	record Refusal(HttpStatus status, String code) {

	}

	@SuppressWarnings("unchecked")
	private static ResponseEntity<Object> cast(ResponseEntity<?> entity) {
		return (ResponseEntity<Object>) entity;
	}

}
