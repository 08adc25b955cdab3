package dev.execd.api.docs;

import java.time.Instant;
import java.util.List;

import dev.execd.api.SessionView;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * The {@code data} of each Server-Sent Event, for the API description only: the streams
 * write maps and raw bytes that no schema would show. {@code EventStreamSchemaTests}
 * checks real events against them.
 */
final class EventData {

	static final List<Class<?>> ALL = List.of(Output.class, Gap.class, Exit.class, Record.class, RecordError.class,
			Stderr.class, Lifecycle.class, Matched.class, MatchesDropped.class, CommandFinished.class, Port.class,
			WaitingForInput.class);

	private EventData() {
	}

	@Schema(name = "OutputData", description = "A chunk of output: at most 16 KiB, never a split UTF-8 character.")
	record Output(
			@Schema(description = "The byte offset of the chunk's first byte.",
					requiredMode = RequiredMode.REQUIRED) long offset,
			@Schema(description = "Where it came from; `pty` on a terminal, which merges both.", allowableValues = {
					"stdout", "stderr", "pty" }, requiredMode = RequiredMode.REQUIRED) String stream,
			@Schema(description = "The chunk as text; absent with `encoding=base64`.") @Nullable String text,
			@Schema(description = "The chunk's bytes, base64; only with `encoding=base64`.",
					format = "byte") @Nullable String dataB64){

	}

	@Schema(name = "GapData", description = "The bytes `[from, to)` are kept nowhere; the stream goes on at `to`.")
	record Gap(@Schema(requiredMode = RequiredMode.REQUIRED) long from,
			@Schema(requiredMode = RequiredMode.REQUIRED) long to) {

	}

	@Schema(name = "ExitData", description = "The session's state once its output is drained; the stream ends.")
	record Exit(@Schema(requiredMode = RequiredMode.REQUIRED) SessionView session) {

	}

	@Schema(name = "RecordData",
			description = "One complete stdout line: `record` with `framing=jsonl`, `line` with `framing=lines`.")
	record Record(
			@Schema(description = "The byte offset of the line's first byte.",
					requiredMode = RequiredMode.REQUIRED) long offset,
			@Schema(description = "The line's JSON value, as it was written.", types = {
					"object", "array", "string", "number", "boolean", "null" }) @Nullable Object record,
			@Schema(description = "The line as text, without its newline.") @Nullable String line){

	}

	@Schema(name = "RecordErrorData", description = """
			A line that is no record: `invalid_json` (with its first KiB as `text`), `too_long` \
			(skipped up to `end`) or `gap` (cut by a gap).""")
	record RecordError(@Schema(requiredMode = RequiredMode.REQUIRED) long offset, @Schema(allowableValues = {
			"invalid_json", "too_long", "gap" }, requiredMode = RequiredMode.REQUIRED) String error,
			@Nullable String text, @Schema(description = "Where the skipped line ends.") @Nullable Long end){

	}

	@Schema(name = "StderrData", description = "A stderr line of a framed stream (a long one in pieces).")
	record Stderr(@Schema(requiredMode = RequiredMode.REQUIRED) long offset,
			@Schema(requiredMode = RequiredMode.REQUIRED) String text) {

	}

	@Schema(name = "SessionLifecycleData",
			description = "`session_started`, `session_exited`, `session_removed`: the session's state then.")
	record Lifecycle(@Schema(requiredMode = RequiredMode.REQUIRED) String sessionId, @Schema(types = {
			"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
			@Schema(requiredMode = RequiredMode.REQUIRED) SessionView session){

	}

	@Schema(name = "SessionMatchedData", description = "A watch matched a line.")
	record Matched(@Schema(requiredMode = RequiredMode.REQUIRED) String sessionId, @Schema(types = {
			"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
			@Schema(requiredMode = RequiredMode.REQUIRED) String watch,
			@Schema(description = "The byte offset of the match's start in the log.",
					requiredMode = RequiredMode.REQUIRED) long offset,
			@Schema(description = "The line as a person reads it, cut to 1 KiB.",
					requiredMode = RequiredMode.REQUIRED) String text,
			@Schema(description = "The capture groups; `null` for one that did not take part.",
					requiredMode = RequiredMode.REQUIRED) List<@Nullable String> groups){

	}

	@Schema(name = "SessionMatchesDroppedData", description = "A watch matched more than 10 times in a second.")
	record MatchesDropped(@Schema(requiredMode = RequiredMode.REQUIRED) String sessionId, @Schema(types = {
			"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
			@Schema(requiredMode = RequiredMode.REQUIRED) String watch,
			@Schema(requiredMode = RequiredMode.REQUIRED) long dropped,
			@Schema(requiredMode = RequiredMode.REQUIRED) Instant since){

	}

	@Schema(name = "CommandFinishedData",
			description = "A command of a shell session ended: its `CommandResult` without the output.")
	record CommandFinished(@Schema(requiredMode = RequiredMode.REQUIRED) String sessionId, @Schema(types = {
			"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
			@Schema(requiredMode = RequiredMode.REQUIRED) String commandId,
			@Schema(requiredMode = RequiredMode.REQUIRED) long seq,
			@Schema(requiredMode = RequiredMode.REQUIRED) String cmd,
			@Schema(allowableValues = { "queued", "running", "exited" },
					requiredMode = RequiredMode.REQUIRED) String status,
			@Schema(types = { "integer", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable Integer exitCode,
			@Schema(types = { "array", "null" },
					requiredMode = RequiredMode.REQUIRED) @Nullable List<Integer> pipeStatus,
			@Schema(types = { "string", "null" },
					allowableValues = { "exit", "timeout", "interrupted", "shell_exited" },
					requiredMode = RequiredMode.REQUIRED) @Nullable String end,
			@Schema(requiredMode = RequiredMode.REQUIRED) long outputOffset,
			@Schema(requiredMode = RequiredMode.REQUIRED) long nextOffset,
			@Schema(types = { "string", "null" }, format = "date-time",
					requiredMode = RequiredMode.REQUIRED) @Nullable Instant startedAt,
			@Schema(types = { "string", "null" }, format = "date-time",
					requiredMode = RequiredMode.REQUIRED) @Nullable Instant endedAt,
			@Schema(types = { "integer", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable Long durationMs){

	}

	@Schema(name = "SessionPortData", description = "A process of the session started or stopped listening on a port.")
	record Port(@Schema(requiredMode = RequiredMode.REQUIRED) String sessionId, @Schema(types = {
			"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
			@Schema(requiredMode = RequiredMode.REQUIRED) int port,
			@Schema(allowableValues = { "tcp", "tcp6", "udp", "udp6" },
					requiredMode = RequiredMode.REQUIRED) String protocol,
			@Schema(requiredMode = RequiredMode.REQUIRED) String address,
			@Schema(description = "The process found holding the socket when it opened.",
					requiredMode = RequiredMode.REQUIRED) long pid){

	}

	@Schema(name = "SessionWaitingForInputData",
			description = "The foreground process is blocked reading its input; `offset` is where the prompt ends.")
	record WaitingForInput(@Schema(requiredMode = RequiredMode.REQUIRED) String sessionId, @Schema(types = {
			"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
			@Schema(requiredMode = RequiredMode.REQUIRED) long offset){

	}

}
