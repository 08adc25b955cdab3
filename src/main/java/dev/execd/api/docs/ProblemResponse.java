package dev.execd.api.docs;

import dev.execd.api.SessionView;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * The shape of every error body, for the API description only: the application writes
 * Spring's {@code ProblemDetail}, whose extra members ({@code code}, {@code session}) no
 * schema would show.
 */
@Schema(name = "Problem", description = """
		An RFC 9457 problem. Branch on `code`, which is stable; `title` and `detail` are for \
		people and may change.""")
record ProblemResponse(@Schema(description = "`https://execd.dev/problems/` followed by the code with `-` for `_`.",
		example = "https://execd.dev/problems/session-not-found", requiredMode = RequiredMode.REQUIRED) String type,
		@Schema(description = "The HTTP reason phrase.", example = "Not Found",
				requiredMode = RequiredMode.REQUIRED) String title,
		@Schema(description = "The HTTP status code.", example = "404",
				requiredMode = RequiredMode.REQUIRED) int status,
		@Schema(description = "What was refused and why, for people.",
				example = "no session 'V1StGXR8_Z5jdHi6B-myT' in this conversation",
				requiredMode = RequiredMode.REQUIRED) String detail,
		@Schema(description = "The request path; absent on refusals made before routing (401, 403, 413).",
				example = "/sessions/V1StGXR8_Z5jdHi6B-myT") @Nullable String instance,
		@Schema(description = """
				The stable, machine-readable reason; the `enum` lists every code. By status: \
				400 `invalid_request`, `invalid_base64`, `unknown_key`, `unknown_signal`, \
				`invalid_conversation_id`, `command_too_long`, `webhook_not_allowed`; 401 `unauthorized`; 403 `forbidden`, \
				`path_not_allowed`; 404 `session_not_found` (also for a session of another conversation or tenant, \
				or a malformed id), `file_not_found`, `watch_not_found`, `command_not_found` (a shell's command), \
				`not_found` (unknown route); 405 `method_not_allowed`; 406 `not_acceptable`; \
				409 `session_exited`, `stdin_closed`, `not_a_tty`, `not_a_terminal`, `not_a_shell`, \
				`exclusive_key_busy`, `watch_exists`, `too_many_watches`, `is_a_directory`, \
				`not_a_directory`, `file_exists`; 410 `output_unavailable`; 412 `precondition_failed`; \
				413 `payload_too_large`; 415 `unsupported_media_type`; 416 `offset_out_of_range`; \
				422 `workdir_not_found`, `workdir_not_allowed`, `shell_not_found`, \
				`command_not_found`; 429 `too_many_sessions`, `too_many_webhooks`, `too_many_subscribers`, \
				`stdin_queue_full`, `command_queue_full`, `server_busy` (with `Retry-After`: a search while \
				too many wait for a thread); 500 `spawn_failed`, `internal_error`; 501 \
				`unsupported_transfer_coding` (a body sent in a transfer coding other than `chunked`); \
				503 `shutting_down`, \
				`resources_exhausted` (with `Retry-After`: a start, or a log read, while the server is \
				out of descriptors, processes or memory), `service_unavailable`. A client should treat a code \
				it does not know by its status.""",
				example = "session_not_found", requiredMode = RequiredMode.REQUIRED,
				// Every code the server sends, as ProblemCodesTests checks.
				allowableValues = {
						"invalid_request", "invalid_base64", "unknown_key", "unknown_signal", "invalid_conversation_id",
						"command_too_long", "webhook_not_allowed", "unauthorized", "forbidden", "path_not_allowed",
						"session_not_found", "file_not_found", "watch_not_found", "command_not_found", "not_found",
						"method_not_allowed", "not_acceptable", "session_exited", "stdin_closed", "not_a_tty",
						"not_a_terminal", "not_a_shell", "exclusive_key_busy", "watch_exists", "too_many_watches",
						"is_a_directory", "not_a_directory", "file_exists", "output_unavailable", "precondition_failed",
						"payload_too_large", "unsupported_media_type", "offset_out_of_range", "workdir_not_found",
						"workdir_not_allowed", "shell_not_found", "too_many_sessions", "too_many_webhooks",
						"too_many_subscribers", "stdin_queue_full", "command_queue_full", "server_busy", "spawn_failed",
						"internal_error", "unsupported_transfer_coding", "shutting_down", "resources_exhausted",
						"service_unavailable" }) String code,
		@Schema(description = """
				The session's state, on refusals caused by it (409 `session_exited`, \
				`stdin_closed`, `not_a_tty`, `not_a_terminal`): for example the exit code of the \
				process that had already ended.""") @Nullable SessionView session, @Schema(description = """
				With 409 `exclusive_key_busy`: the id of the session holding the key; `null` \
				while that session is still being spawned.""",
				types = { "string", "null" }) @Nullable String holderSessionId){

}
