package dev.execd.api;

import java.util.Base64;

import dev.execd.session.ReadOutcome;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /sessions/{id}/output} returns.
 */
@Schema(description = "A range of output read by offset, and the session's state.")
public record OutputResult(@Schema(description = """
		The bytes read: text (never split inside a UTF-8 character; invalid UTF-8 shows as \
		U+FFFD), or with `encoding=base64` the exact bytes in base64. At most `max_bytes`; \
		no truncation marker: continue from `next_offset`.""", requiredMode = RequiredMode.REQUIRED) String output,
		@Schema(description = """
				Where the bytes start; past the requested offset when it fell inside a UTF-8 \
				character, and, read from the delivery cursor, past bytes no longer kept (past \
				execd.output.max-log-size): the cursor moves over them.""",
				requiredMode = RequiredMode.REQUIRED) long outputOffset,
		@Schema(description = "Where the bytes end (exclusive): pass it as `offset` to continue.",
				requiredMode = RequiredMode.REQUIRED) long nextOffset,
		@Schema(description = """
				True when the process has ended and `next_offset` is the end of its output: \
				nothing more will come (except from background children that outlived it).""",
				requiredMode = RequiredMode.REQUIRED) boolean eof,
		@Schema(description = "Whether `wait_for` or `wait_for_screen` matched; `null` when neither was given.",
				types = {
						"boolean", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Boolean matched,
		@Schema(description = """
				Why the wait ended: `exit` (the process ended and its output is complete), \
				`match` (`wait_for` or `wait_for_screen` matched, or was too expensive to run: \
				see `matched`), `input` (the foreground process is blocked reading its input \
				after `input_quiet_ms` of quiet; `session.waiting_for_input` is true unless the process ended since), \
				`settled` (output came, then nothing for `settle_ms`), `deadline` (the wait's \
				time was up), or `output` (no condition was given and a byte past the offset arrived that \
				the read returns: for text, a whole character).""", requiredMode = RequiredMode.REQUIRED,
				allowableValues = { "exit", "match", "input", "settled", "deadline", "output" }) String endedBy,
		@Schema(description = "The session's state at the end of the read.",
				requiredMode = RequiredMode.REQUIRED) SessionView session,
		@Schema(description = """
				With `view=screen` on a terminal session: its screen, rendered from at least the output this read returns; `null` otherwise.""",
				types = { "object", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable ScreenView screen){

	static OutputResult of(ReadOutcome o) {
		String output = (o.bytes() != null) ? Base64.getEncoder().encodeToString(o.bytes()) : o.text();
		return new OutputResult((output != null) ? output : "", o.outputOffset(), o.nextOffset(), o.eof(), o.matched(),
				o.endedBy().wireName(), SessionView.of(o.session()), null);
	}

	/** This result with the screen added. */
	OutputResult withScreen(ScreenView view) {
		return new OutputResult(this.output, this.outputOffset, this.nextOffset, this.eof, this.matched, this.endedBy,
				this.session, view);
	}

}
