package dev.execd.api;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import dev.execd.session.CommandOutput;
import dev.execd.session.CommandSnapshot;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * One command of a shell session with its output.
 */
@Schema(description = "A command of a shell session: its state and its own output.")
public record CommandResult(
		@Schema(description = "The command's id in its session.", example = "cmd_3",
				requiredMode = RequiredMode.REQUIRED) String commandId,
		@Schema(description = "Its place in submission order, from 1.", requiredMode = RequiredMode.REQUIRED) long seq,
		@Schema(description = "The command text.", requiredMode = RequiredMode.REQUIRED) String cmd,
		@Schema(description = "`queued` (waits for the commands before it), `running` or `exited`.", allowableValues = {
				"queued", "running", "exited" }, requiredMode = RequiredMode.REQUIRED) String status,
		@Schema(description = "Its exit status (`$?`); with `shell_exited` the shell's; `null` before the end.",
				types = { "integer", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable Integer exitCode,
		@Schema(description = "`PIPESTATUS` of its last pipeline, e.g. `[0, 1]` for `true | false`.",
				types = { "array", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable List<Integer> pipeStatus,
		@Schema(description = """
				How it ended: `exit`, `timeout` (its `timeout_ms` passed), `interrupted` \
				(cancelled) or `shell_exited` (the shell ended first); `null` before the end.""",
				types = { "string", "null" }, allowableValues = { "exit", "timeout", "interrupted", "shell_exited" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String end,
		@Schema(description = """
				This command's output only, cut to `max_output_bytes` with the marker of \
				`POST /sessions`. It is exactly the log's bytes \
				`[output_offset, next_offset)`.""", requiredMode = RequiredMode.REQUIRED) String output,
		@Schema(description = "Where its output starts in the session's log.",
				requiredMode = RequiredMode.REQUIRED) long outputOffset,
		@Schema(description = "Where its output ends so far (exclusive).",
				requiredMode = RequiredMode.REQUIRED) long nextOffset,
		@Schema(description = "Bytes the truncation marker stands for.",
				requiredMode = RequiredMode.REQUIRED) long omittedBytes,
		@Schema(description = "Whether `wait_for` matched; `null` without one.", types = { "boolean", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Boolean matched,
		@Schema(description = "When the shell was given it.", types = { "string", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Instant startedAt,
		@Schema(description = "When it ended.", types = { "string", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Instant endedAt,
		@Schema(description = "From start to end, in ms.", types = { "integer", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Long durationMs,
		@Schema(description = """
				With `view: screen` on a terminal shell: its screen, rendered from at least the \
				output this answer returns; `null` otherwise.""", types = { "object", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable ScreenView screen){

	static CommandResult of(CommandSnapshot c, CommandOutput excerpt, long next, @Nullable Boolean matched) {
		return new CommandResult(c.commandId(), c.seq(), c.cmd(), c.status(), c.exitCode(), c.pipeStatus(), c.end(),
				excerpt.text(), c.outputOffset(), next, excerpt.omitted(), matched, millis(c.startedAt()),
				millis(c.endedAt()), c.durationMs(), null);
	}

	/** This result with the screen added. */
	CommandResult withScreen(ScreenView view) {
		return new CommandResult(this.commandId, this.seq, this.cmd, this.status, this.exitCode, this.pipeStatus,
				this.end, this.output, this.outputOffset, this.nextOffset, this.omittedBytes, this.matched,
				this.startedAt, this.endedAt, this.durationMs, view);
	}

	private static @Nullable Instant millis(@Nullable Instant instant) {
		return (instant != null) ? instant.truncatedTo(ChronoUnit.MILLIS) : null;
	}

}
