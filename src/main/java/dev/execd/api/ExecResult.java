package dev.execd.api;

import dev.execd.session.ExecOutcome;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What start, stdin and poll calls return: the output since the delivery cursor.
 */
@Schema(description = "The output since the previous call (the session's delivery cursor), and the session's state.")
public record ExecResult(
		@Schema(description = """
				The new output as text, at most `max_output_bytes` plus one truncation marker that \
				reads exactly `\\n[... omitted N bytes (offsets A-B); full output: GET <log_url>?offset=A&length=N ...]\\n`; \
				fetch that URL to see the omitted bytes. Bytes no longer kept (past \
				execd.output.max-log-size, between the log file and the memory window) stand as \
				one line `\\n[... gap: N bytes (offsets A-B) no longer kept, in neither the log file nor the memory window ...]\\n`, \
				not counted in `omitted_bytes`. Never splits a UTF-8 character; invalid \
				UTF-8 shows as U+FFFD. Empty when nothing new was printed.""",
				requiredMode = RequiredMode.REQUIRED) String output,
		@Schema(description = "Byte offset in the session's output where this result starts.",
				requiredMode = RequiredMode.REQUIRED) long outputOffset,
		@Schema(description = """
				Byte offset where this result ends (exclusive) and the next call will start: one \
				cursor shared with `GET /output?offset=`, SSE event ids and log `Range`s.""",
				requiredMode = RequiredMode.REQUIRED) long nextOffset,
		@Schema(description = "Bytes replaced by the truncation marker (`N` in it); 0 when nothing was cut.",
				requiredMode = RequiredMode.REQUIRED) long omittedBytes,
		@Schema(description = "Estimated tokens of the untruncated output (bytes / 4, rounded up).",
				requiredMode = RequiredMode.REQUIRED) long originalTokenCount,
		@Schema(description = "Time this call spent, in ms.", requiredMode = RequiredMode.REQUIRED) long wallTimeMs,
		@Schema(description = """
				Whether `wait_for` matched the output of this call or `wait_for_screen` the \
				screen; `null` when neither was given.""", types = {
				"boolean", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable Boolean matched,
		@Schema(description = """
				Why the wait ended: `exit` (the process ended and its output is complete), \
				`match` (`wait_for` or `wait_for_screen` matched, or was too expensive to run: \
				see `matched`), `input` (the foreground process is blocked reading its input \
				after `input_quiet_ms` of quiet; `session.waiting_for_input` is true unless the process ended since), \
				`settled` (output came, then nothing for `settle_ms`), `deadline` (the wait's \
				time was up).""", requiredMode = RequiredMode.REQUIRED,
				allowableValues = { "exit", "match", "input", "settled", "deadline" }) String endedBy,
		@Schema(description = """
				The session after this call. `status: exited` with `exit_code` means the process \
				ended and all its output is included; `running` means call again to continue.""",
				requiredMode = RequiredMode.REQUIRED) SessionView session,
		@Schema(description = """
				With `view: screen` on a terminal session: its screen, rendered from at least the output this call returns; `null` otherwise.""",
				types = { "object", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable ScreenView screen){

	static ExecResult of(ExecOutcome o) {
		return new ExecResult(o.output(), o.outputOffset(), o.nextOffset(), o.omittedBytes(), o.originalTokenCount(),
				o.wallTimeMs(), o.matched(), o.endedBy().wireName(), SessionView.of(o.session()), null);
	}

	/** This result with the screen added. */
	ExecResult withScreen(ScreenView view) {
		return new ExecResult(this.output, this.outputOffset, this.nextOffset, this.omittedBytes,
				this.originalTokenCount, this.wallTimeMs, this.matched, this.endedBy, this.session, view);
	}

}
