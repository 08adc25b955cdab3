package dev.execd.api;

import java.time.Duration;

import dev.execd.session.WaitSpec;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions/{id}/commands}.
 */
@Schema(description = "A command for a shell session and how long this call waits for it.")
public record CommandRequest(@Schema(description = """
		The command text, run by the shell exactly as if typed at its prompt: quotes, \
		heredocs, several lines, `$'…'`; `cd`, `export`, functions and an activated \
		virtualenv carry over to the next command. A syntax error is a failed command \
		(exit 2).""", example = "cd /repo && make test", requiredMode = RequiredMode.REQUIRED) @Nullable String cmd,
		@Schema(description = "How long this call waits for the command to end, in ms; as for `POST /sessions`.",
				defaultValue = "10000", minimum = "0", maximum = "30000") @Nullable Long yieldTimeMs,
		@Schema(description = "Ends the wait when the command's output matches; as for `POST /sessions`.",
				maxLength = 1024) @Nullable String waitFor,
		@Schema(description = """
				Interrupt the command after this many ms (SIGINT to its foreground job, then \
				SIGTERM and SIGKILL after the grace each); it ends with `end: timeout`. The shell \
				lives on. At most the max runtime cap (`execd.limits.max-runtime-cap`), else 400; \
				cut to the time the session has left under its `max_runtime_ms`. Default: none.""",
				minimum = "1") @Nullable Long timeoutMs,
		@Schema(description = "Cap on `output`; as for `POST /sessions`.", defaultValue = "32768", minimum = "256",
				maximum = "1048576") @Nullable Long maxOutputBytes,
		@Schema(description = "Which part of over-long output to keep.", defaultValue = "head_tail", allowableValues = {
				"head_tail", "tail", "head" }) @Nullable String truncation,
		@Schema(description = "Remove terminal escape sequences from `output`.",
				defaultValue = "false") @Nullable Boolean stripAnsi,
		@Schema(description = """
				Idempotency key, at most 128 characters: a retry with the same key while that \
				command is in the shell's history returns it instead of running it again.""",
				maxLength = 128) @Nullable String requestId,
		@Schema(description = """
				`screen` adds the terminal's rendered `screen` to the answer (a pipe session: 409 \
				`not_a_terminal`), as for `POST /sessions/{id}/stdin`.""", defaultValue = "output",
				allowableValues = { "output", "screen" }) @Nullable String view){

	/** Every field absent. */
	static final CommandRequest EMPTY = new CommandRequest(null, null, null, null, null, null, null, null, null);

	String checkedCmd() {
		if (this.cmd == null) {
			throw ApiException.invalid("cmd is required");
		}
		Inputs.noNul(this.cmd, "cmd");
		return this.cmd;
	}

	/**
	 * The timeout, at most {@code cap} (else 400) and cut to what the session has left.
	 * @param left the time the session has left under its max runtime
	 */
	@Nullable Duration timeout(Duration cap, Duration left) {
		if (this.timeoutMs == null) {
			return null;
		}
		if (this.timeoutMs <= 0 || this.timeoutMs > cap.toMillis()) {
			throw ApiException.invalid("timeout_ms must be between 1 and " + cap.toMillis());
		}
		Duration asked = Duration.ofMillis(this.timeoutMs);
		return (left.compareTo(asked) < 0) ? left : asked;
	}

	/** Whether the answer carries the screen; see {@link ScreenService#wanted}. */
	boolean screenView() {
		return ScreenService.wanted(this.view);
	}

	WaitSpec toWait() {
		return Waits.of(Inputs.clamp(this.yieldTimeMs, 10_000, 0, StartRequest.MAX_YIELD_MS, "yield_time_ms"),
				this.waitFor, Waits.Until.DEFAULTS, this.maxOutputBytes, this.truncation, this.stripAnsi);
	}

}
