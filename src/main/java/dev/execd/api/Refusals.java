package dev.execd.api;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.execd.api.security.ProblemWriter;
import dev.execd.files.FilesException;
import dev.execd.output.OutputException;
import dev.execd.session.SessionException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import org.springframework.http.HttpStatus;

/**
 * The contract's status and {@code code} of every refusal, in one exhaustive
 * {@code switch} per exception family: REST problem details and MCP tool errors carry the
 * same code.
 */
public final class Refusals {

	/** Where the problem types live: a type is this plus the code in kebab case. */
	public static final String PROBLEM_TYPES = ProblemWriter.TYPES;

	/** Out of descriptors, processes or memory, for now: a start or a log read. */
	/** Jackson's words for a key given twice in one object. */
	private static final Pattern DUPLICATE = Pattern.compile("Duplicate Object property \"(.*)\"", Pattern.DOTALL);

	private static final Refusal RESOURCES_EXHAUSTED = new Refusal(HttpStatus.SERVICE_UNAVAILABLE,
			"resources_exhausted");

	private Refusals() {
	}

	/**
	 * A refusal's HTTP status and code.
	 *
	 * @param status the status
	 * @param code the contract's code
	 */
	public record Refusal(HttpStatus status, String code) {

	}

	/** The status and code of a session refusal; MCP tool errors carry the same code. */
	public static Refusal of(SessionException ex) {
		return switch (ex) {
			case SessionException.NotFound e -> new Refusal(HttpStatus.NOT_FOUND, "session_not_found");
			case SessionException.Exited e -> new Refusal(HttpStatus.CONFLICT, "session_exited");
			case SessionException.ExclusiveKeyBusy e -> new Refusal(HttpStatus.CONFLICT, "exclusive_key_busy");
			case SessionException.StdinClosed e -> new Refusal(HttpStatus.CONFLICT, "stdin_closed");
			case SessionException.NotATty e -> new Refusal(HttpStatus.CONFLICT, "not_a_tty");
			case SessionException.NotATerminal e -> new Refusal(HttpStatus.CONFLICT, "not_a_terminal");
			case SessionException.StdinQueueFull e -> new Refusal(HttpStatus.TOO_MANY_REQUESTS, "stdin_queue_full");
			case SessionException.TooManySessions e -> new Refusal(HttpStatus.TOO_MANY_REQUESTS, "too_many_sessions");
			case SessionException.CommandQueueFull e -> new Refusal(HttpStatus.TOO_MANY_REQUESTS, "command_queue_full");
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
			case SessionException.ResourcesExhausted e -> RESOURCES_EXHAUSTED;
			case SessionException.SpawnFailed e -> new Refusal(HttpStatus.INTERNAL_SERVER_ERROR, "spawn_failed");
			case SessionException.WatchNotFound e -> new Refusal(HttpStatus.NOT_FOUND, "watch_not_found");
			case SessionException.WatchExists e -> new Refusal(HttpStatus.CONFLICT, "watch_exists");
			case SessionException.TooManyWatches e -> new Refusal(HttpStatus.CONFLICT, "too_many_watches");
			case SessionException.InvalidRequest e -> new Refusal(HttpStatus.BAD_REQUEST, "invalid_request");
			case SessionException.Busy e -> new Refusal(HttpStatus.TOO_MANY_REQUESTS, "server_busy");
			case SessionException.ShuttingDown e -> new Refusal(HttpStatus.SERVICE_UNAVAILABLE, "shutting_down");
		};
	}

	/** The status and code of an output refusal; MCP tool errors carry the same code. */
	public static Refusal of(OutputException ex) {
		return switch (ex) {
			case OutputException.OffsetOutOfRange e ->
				new Refusal(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "offset_out_of_range");
			case OutputException.OutputUnavailable e -> new Refusal(HttpStatus.GONE, "output_unavailable");
			case OutputException.ResourcesExhausted e -> RESOURCES_EXHAUSTED;
		};
	}

	/** The status and code of a files refusal. */
	public static Refusal of(FilesException ex) {
		return switch (ex) {
			case FilesException.NotFound e -> new Refusal(HttpStatus.NOT_FOUND, "file_not_found");
			case FilesException.IsADirectory e -> new Refusal(HttpStatus.CONFLICT, "is_a_directory");
			case FilesException.NotADirectory e -> new Refusal(HttpStatus.CONFLICT, "not_a_directory");
			case FilesException.PathNotAllowed e -> new Refusal(HttpStatus.FORBIDDEN, "path_not_allowed");
			case FilesException.FileExists e -> new Refusal(HttpStatus.CONFLICT, "file_exists");
			case FilesException.PreconditionFailed e ->
				new Refusal(HttpStatus.PRECONDITION_FAILED, "precondition_failed");
			case FilesException.PayloadTooLarge e -> new Refusal(HttpStatus.CONTENT_TOO_LARGE, "payload_too_large");
			case FilesException.InvalidRequest e -> new Refusal(HttpStatus.BAD_REQUEST, "invalid_request");
		};
	}

	/** Why a body (or MCP tool arguments) did not bind, without echoing the input. */
	public static String bodyDetail(@Nullable Throwable cause) {
		return switch (cause) {
			case UnrecognizedPropertyException e -> "unknown field '" + e.getPropertyName() + "'";
			case StreamReadException e when duplicateKey(e) != null -> "duplicate field '" + duplicateKey(e) + "'";
			case MismatchedInputException e when fieldOf(e) != null -> "field '" + fieldOf(e) + "' has the wrong type";
			case null, default -> "the body is not valid JSON of the expected shape";
		};
	}

	/**
	 * The key a body gives twice ({@code {"cmd":"a","cmd":"b"}}), which the parser
	 * refuses (strict duplicate detection) rather than let the last one win; null for any
	 * other read failure.
	 */
	public static @Nullable String duplicateKey(StreamReadException ex) {
		Matcher duplicate = DUPLICATE.matcher(String.valueOf(ex.getOriginalMessage()));
		return duplicate.matches() ? duplicate.group(1) : null;
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

	/** Codes of the refusals Spring MVC makes itself (unknown route, wrong method...). */
	public static String codeFor(int status) {
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

}
