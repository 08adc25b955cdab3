package dev.execd.api.rest;

import java.net.URI;

import dev.execd.api.ApiException;
import dev.execd.api.Refusals;
import dev.execd.api.SessionView;
import dev.execd.files.FilesException;
import dev.execd.output.OutputException;
import dev.execd.session.SessionException;
import dev.execd.session.SessionSnapshot;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.coyote.CloseNowException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

	private static final Logger logger = LoggerFactory.getLogger(ProblemAdvice.class);

	@ExceptionHandler
	ResponseEntity<ProblemDetail> session(SessionException ex) {
		Refusals.Refusal refusal = Refusals.of(ex);
		ResponseEntity<ProblemDetail> response = problem(refusal.status(), refusal.code(), ex.getMessage(),
				ex.session());
		if (ex instanceof SessionException.ExclusiveKeyBusy busy) {
			response.getBody().setProperty("holder_session_id", busy.holder());
		}
		if (ex instanceof SessionException.ResourcesExhausted) {
			return retryAfter(response, SessionException.ResourcesExhausted.RETRY_AFTER_SECONDS);
		}
		if (ex instanceof SessionException.Busy) {
			return retryAfter(response, SessionException.Busy.RETRY_AFTER_SECONDS);
		}
		return response;
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> output(OutputException ex) {
		Refusals.Refusal refusal = Refusals.of(ex);
		ResponseEntity<ProblemDetail> response = problem(refusal.status(), refusal.code(), ex.getMessage(), null);
		if (ex instanceof OutputException.ResourcesExhausted) {
			return retryAfter(response, OutputException.ResourcesExhausted.RETRY_AFTER_SECONDS);
		}
		return response;
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> files(FilesException ex) {
		Refusals.Refusal refusal = Refusals.of(ex);
		return problem(refusal.status(), refusal.code(), ex.getMessage(), null);
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
		Class<?> type = ex.getRequiredType();
		String detail = (type == Boolean.class || type == boolean.class) ? "' must be true or false"
				: "' has the wrong type";
		return problem(HttpStatus.BAD_REQUEST, "invalid_request", "parameter '" + ex.getName() + detail, null);
	}

	/** Tomcat refuses to parse a malformed query string only when a parameter is read. */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalidParameters(InvalidParameterException ex) {
		return problem(HttpStatus.BAD_REQUEST, "invalid_request",
				"the query string is malformed (percent-encoded bytes must be UTF-8: a name that is not "
						+ "UTF-8 cannot be given as a path)",
				null);
	}

	/**
	 * The client went away while its body was read, or the read deadline cut a body that
	 * came too slowly: nobody is left to read an answer.
	 */
	@ExceptionHandler
	ResponseEntity<ProblemDetail> clientGone(ClientAbortException ex) {
		logger.debug("Client gone while its request was read", ex);
		return problem(HttpStatus.BAD_REQUEST, "invalid_request", "the request body ended early", null);
	}

	/**
	 * A streamed body failed after its first bytes: no problem can follow them. Passed on
	 * to Tomcat, which closes the connection without the last chunk (so the client sees a
	 * failed transfer, not a short one that looks whole) and logs it at debug only; the
	 * controller that cut it has said why.
	 */
	@ExceptionHandler
	void cut(CloseNowException ex) throws CloseNowException {
		throw ex;
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
		return cast(problem(HttpStatus.BAD_REQUEST, "invalid_request", Refusals.bodyDetail(ex.getCause()), null));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleExceptionInternal(Exception ex, @Nullable Object body,
			HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
		ProblemDetail problem = switch (body) {
			case ProblemDetail p -> p;
			case null, default ->
				(ex instanceof ErrorResponse response) ? response.getBody() : ProblemDetail.forStatus(statusCode);
		};
		String code = Refusals.codeFor(statusCode.value());
		problem.setType(URI.create(Refusals.PROBLEM_TYPES + code.replace('_', '-')));
		problem.setProperty("code", code);
		return super.handleExceptionInternal(ex, problem, headers, statusCode, request);
	}

	private static ResponseEntity<ProblemDetail> problem(HttpStatusCode status, String code, @Nullable String detail,
			@Nullable SessionSnapshot session) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(URI.create(Refusals.PROBLEM_TYPES + code.replace('_', '-')));
		problem.setProperty("code", code);
		if (session != null) {
			problem.setProperty("session", SessionView.of(session));
		}
		return ResponseEntity.status(status)
			.contentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem);
	}

	/** The response with a {@code Retry-After} of {@code seconds}. */
	private static ResponseEntity<ProblemDetail> retryAfter(ResponseEntity<ProblemDetail> response, int seconds) {
		return ResponseEntity.status(response.getStatusCode())
			.headers(response.getHeaders())
			.header(HttpHeaders.RETRY_AFTER, Integer.toString(seconds))
			.body(response.getBody());
	}

	@SuppressWarnings("unchecked")
	private static ResponseEntity<Object> cast(ResponseEntity<?> entity) {
		return (ResponseEntity<Object>) entity;
	}

}
