package dev.execd.api;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import dev.execd.session.SessionSnapshot;
import dev.execd.session.SessionUrls;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;
import org.jspecify.annotations.Nullable;

/**
 * The one {@code session} object of the API.
 */
@Schema(description = "A session's state: the same object in every response that shows a session.")
public record SessionView(
		@Schema(description = "The session id, random and URL-safe.", example = "V1StGXR8_Z5jdHi6B-myT",
				requiredMode = RequiredMode.REQUIRED) String sessionId,
		@Schema(description = "The conversation the session belongs to.", example = "default",
				requiredMode = RequiredMode.REQUIRED) String conversationId,
		@Schema(description = "The label given at start or by `PATCH`.", types = {
				"string", "null" }, requiredMode = RequiredMode.REQUIRED) @Nullable String name,
		@Schema(description = """
				`running` while the process lives; `exited` once it ended (and its output was \
				drained). Surviving background children are still captured until removal.""",
				allowableValues = { "running", "exited" }, requiredMode = RequiredMode.REQUIRED) String status,
		@Schema(description = """
				The exit code once exited, else `null`. A death by signal n reports 128+n, as \
				shells do (130 = SIGINT, 137 = SIGKILL, 143 = SIGTERM).""", types = { "integer", "null" },
				example = "0", requiredMode = RequiredMode.REQUIRED) @Nullable Integer exitCode,
		@Schema(description = "The signal's name when `exit_code` is 128+n for a signal n, else `null`.",
				types = { "string", "null" }, example = "SIGTERM",
				requiredMode = RequiredMode.REQUIRED) @Nullable String signal,
		@Schema(description = """
				Why the session ended, `null` while running: `exit` (exited by itself), `signal` \
				(ended by a signal execd did not send as a termination: Ctrl-C, `POST /signal`, \
				`kill` inside it; also a program's own `exit(128+n)`), `killed` (`DELETE`), \
				`timeout` (`max_runtime_ms`), `idle_timeout` (`idle_timeout_ms`), `evicted` \
				(least recently used at the per-conversation cap), `expired` (untouched for \
				execd.limits.inactivity-ttl), `shutdown` (execd stopped), `lost` (execd died; \
				found on restart).""", types = { "string", "null" },
				allowableValues = { "exit", "signal", "killed", "timeout", "idle_timeout", "evicted", "expired",
						"shutdown", "lost" },
				requiredMode = RequiredMode.REQUIRED) @Nullable String endReason,
		@Schema(description = "True when SIGKILL was needed because the process outlived the grace period.",
				requiredMode = RequiredMode.REQUIRED) boolean escalated,
		@Schema(description = "Process id of the session leader (also its process group and Unix session id).",
				example = "12345", requiredMode = RequiredMode.REQUIRED) long pid,
		@Schema(description = "Whether the session has a pseudo-terminal.",
				requiredMode = RequiredMode.REQUIRED) boolean tty,
		@Schema(description = "Terminal width; `null` without a terminal.", types = { "integer", "null" },
				example = "120", requiredMode = RequiredMode.REQUIRED) @Nullable Integer cols,
		@Schema(description = "Terminal height; `null` without a terminal.", types = { "integer", "null" },
				example = "30", requiredMode = RequiredMode.REQUIRED) @Nullable Integer rows,
		@Schema(description = "The shell command line; `null` when started with `argv`.", types = { "string", "null" },
				example = "npm run dev", requiredMode = RequiredMode.REQUIRED) @Nullable String cmd,
		@Schema(description = "The argv; `null` when started with `cmd`.", types = { "array", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable List<String> argv,
		@Schema(description = """
				`shell` for a persistent shell started with `"shell": true` (it takes commands \
				through `POST /sessions/{id}/commands`), `command` for a session of `cmd` or \
				`argv`.""", allowableValues = { "command", "shell" }, requiredMode = RequiredMode.REQUIRED) String kind,
		@Schema(description = "The resolved working directory.", example = "/repo",
				requiredMode = RequiredMode.REQUIRED) String workdir,
		@Schema(description = "When the process started.", requiredMode = RequiredMode.REQUIRED) Instant startedAt,
		@Schema(description = "When the process ended; `null` while running.", types = { "string", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Instant endedAt,
		@Schema(description = "When the process last printed or was last written to.",
				requiredMode = RequiredMode.REQUIRED) Instant lastActivityAt,
		@Schema(description = "The run-time limit in ms, counted from the start.", example = "1800000",
				requiredMode = RequiredMode.REQUIRED) long maxRuntimeMs,
		@Schema(description = "The idle timeout in ms; 0 = off.", example = "0",
				requiredMode = RequiredMode.REQUIRED) long idleTimeoutMs,
		@Schema(description = """
				Bytes of output so far: the offset where the next output will start, and the \
				size of the log unless `log_truncated`.""", requiredMode = RequiredMode.REQUIRED) long outputBytesTotal,
		@Schema(description = "Milliseconds since the process last printed anything.",
				requiredMode = RequiredMode.REQUIRED) long idleMs,
		@Schema(description = """
				A hint that the process probably waits for input: it is alive, stdin is open, and \
				nothing was printed for at least 2 s after output that did not end in a newline \
				(a prompt such as `Password: ` or `[y/N] `), or the monitor saw its foreground \
				process blocked reading its input (`session_waiting_for_input` on `/events`) and \
				nothing was printed or written since. The first part is a heuristic: a silent \
				program may wait without it, and a slow one may trigger it.""",
				requiredMode = RequiredMode.REQUIRED) boolean waitingForInput,
		@Schema(description = """
				Whether input can still be written: false after `eof` in a pipe session and once \
				the process ended.""", requiredMode = RequiredMode.REQUIRED) boolean stdinOpen,
		@Schema(description = """
				True once the log reached execd.output.max-log-size: output is still counted, \
				streamed live and kept in memory for recent reads, but reads by offset of bytes \
				between the file's end and the memory window answer 410 `output_unavailable`; \
				polls show them as one gap marker and move past them.""",
				requiredMode = RequiredMode.REQUIRED) boolean logTruncated,
		@Schema(description = """
				Bytes of output dropped because the log could not be written (a full disk; \
				`warnings` then holds a `disk_full` entry). They have no offset: offsets, \
				`output_bytes_total` and the log number only the bytes kept, so a read never \
				sees a hole, and the log resumes once there is room. 0 normally.""", example = "0",
				requiredMode = RequiredMode.REQUIRED) long lostBytes,
		@Schema(description = "Relative URL of the full log (carries `conversation_id` outside `default`).",
				example = "/sessions/V1StGXR8_Z5jdHi6B-myT/log", requiredMode = RequiredMode.REQUIRED) String logUrl,
		@Schema(description = "Relative URL of the live SSE stream (carries `conversation_id` outside " + "`default`).",
				example = "/sessions/V1StGXR8_Z5jdHi6B-myT/stream",
				requiredMode = RequiredMode.REQUIRED) String streamUrl,
		@Schema(description = """
				Things an agent should know, e.g. a `wait_for` that exceeded its step budget, \
				how close the conversation is to its session cap, or `disk_full: ...` when the \
				log could not be written (see `lost_bytes`).""",
				requiredMode = RequiredMode.REQUIRED) List<String> warnings,
		@Schema(description = """
				When the process last printed anything; `null` before its first output (and for \
				a session found on disk after a restart, whose output times were not \
				recorded).""", types = { "string", "null" },
				requiredMode = RequiredMode.REQUIRED) @Nullable Instant lastOutputAt,

		@Schema(requiredMode = RequiredMode.REQUIRED) UsageView usage, @Schema(description = """
				The ports the session's processes listen on (TCP in LISTEN state, bound \
				unconnected UDP), sorted, each once; `[]` when none. Updated within a second; \
				`session_port_opened` and `session_port_closed` on `/events` tell each change.""", example = "[8000]",
				requiredMode = RequiredMode.REQUIRED) List<Integer> ports){

	public static SessionView of(SessionSnapshot s) {
		return new SessionView(s.id(), s.scope().conversation(), s.name(), s.running() ? "running" : "exited",
				s.exitCode(), s.signal(), (s.endReason() != null) ? s.endReason().wireName() : null, s.escalated(),
				s.pid(), s.tty(), s.cols(), s.rows(), s.cmd(), s.argv(),
				(s.cmd() == null && s.argv() == null) ? "shell" : "command", s.workdir(), millis(s.startedAt()),
				(s.endedAt() != null) ? millis(s.endedAt()) : null, millis(s.lastActivityAt()), s.maxRuntimeMs(),
				s.idleTimeoutMs(), s.outputBytesTotal(), s.idleMs(), s.waitingForInput(), s.stdinOpen(),
				s.logTruncated(), s.lostBytes(), SessionUrls.log(s), SessionUrls.stream(s), s.warnings(),
				(s.lastOutputAt() != null) ? millis(s.lastOutputAt()) : null, UsageView.of(s.usage()), s.ports());
	}

	private static Instant millis(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MILLIS);
	}

}
