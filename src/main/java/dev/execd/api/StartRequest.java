package dev.execd.api;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.execd.config.ExecdProperties;
import dev.execd.session.Input;
import dev.execd.session.SessionSpec;
import dev.execd.session.WaitSpec;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions}.
 */
@Schema(description = "What to run and how long this call waits for it. Give exactly one of `cmd` and `argv`.")
public record StartRequest(@Schema(description = """
		Shell command line, run as `<shell> -c <cmd>` (`-lc` with `login`), so pipes, `&&`, \
		redirections and globs work. Exactly one of `cmd` and `argv` (else 400 \
		`invalid_request`).""", example = "npm test -- --watch=false") @Nullable String cmd,

		@Schema(description = """
				Program and arguments, run directly without a shell (no quoting issues). \
				`argv[0]` is looked up in `PATH` unless it contains a `/`; not found or not \
				executable → 422 `command_not_found`. Exactly one of `cmd` and `argv`.""",
				example = "[\"git\", \"status\", \"--short\"]") @Nullable List<String> argv,

		@Schema(description = """
				Working directory; relative paths resolve against the default. Must be an existing \
				directory (else 422 `workdir_not_found`) inside execd.process.workdir-roots when \
				those are set (else 422 `workdir_not_allowed`). Default: \
				execd.process.default-workdir (execd's own working directory).""",
				example = "/repo") @Nullable String workdir,

		@Schema(description = """
				Shell that runs `cmd`; must exist and be executable (else 422 `shell_not_found`). \
				Default: execd.process.shell (`/bin/bash`, else `/bin/sh`). `true` instead (with \
				neither `cmd` nor `argv`, `login` nor `stdin`) starts a persistent interactive \
				`/bin/bash` that runs the commands sent to `POST /sessions/{id}/commands` one at \
				a time, each with its own exit code and output (`kind: shell`); without \
				`/bin/bash` that is 422 `shell_not_found` (a plain `/bin/sh` has no hooks to \
				track commands with).""", types = {
				"string", "boolean" }, example = "/bin/bash") @Nullable Object shell,

		@Schema(description = "Run the shell as a login shell (`-lc`), which reads the profile (e.g. for "
				+ "nvm or pyenv set-ups).", defaultValue = "false") @Nullable Boolean login,

		@Schema(description = """
				Variables merged over the base environment: execd's own minus every `EXECD_*`, \
				then `NO_COLOR=1`, `PAGER=cat`, `GIT_PAGER=cat`, `GH_PAGER=cat`, `LANG` and \
				`LC_ALL` `C.UTF-8`, `PYTHONUNBUFFERED=1`, `TERM=dumb` (`xterm-256color` with `tty`), `COLUMNS`/`LINES` \
				(with `tty`) and `EXECD_SESSION_ID`. A `null` value unsets a variable. At most \
				256 entries and 64 KiB in all.""", maxProperties = 256,
				additionalPropertiesSchema = StartRequest.EnvValue.class,
				example = "{\"CI\": \"1\", \"NODE_ENV\": \"test\", \"PAGER\": null}") @Nullable Map<String, @Nullable String> env,

		@Schema(description = """
				Allocate a pseudo-terminal. Use it for programs that behave differently without \
				one: REPLs, prompts (passwords, `[y/N]`), `ssh`, full-screen tools, anything that \
				buffers output when not on a terminal. stdout and stderr then arrive merged (stream \
				`pty`), Enter is `\\r`, the terminal echoes typed input and turns Ctrl-C into \
				SIGINT. Without it stdin, stdout and stderr are pipes and a line ends with \
				`\\n`.""", defaultValue = "false") @Nullable Boolean tty,

		@Schema(description = "Terminal width in columns (with `tty`). Clamped to [20, 500]: a value "
				+ "outside is moved to the nearest bound, not refused.", defaultValue = "120", minimum = "20",
				maximum = "500") @Nullable Integer cols,

		@Schema(description = "Terminal height in rows (with `tty`). Clamped to [5, 300].", defaultValue = "30",
				minimum = "5", maximum = "300") @Nullable Integer rows,

		@Schema(description = """
				How long *this call* waits before answering, in ms; it does not limit the \
				process, which keeps running after the response. The call returns earlier, \
				within milliseconds, when the process exits (and its output is drained) or \
				`wait_for` matches. 0 answers at once. Clamped to [0, 30000]; to wait longer, \
				poll with `POST /sessions/{id}/stdin`.""", defaultValue = "10000", minimum = "0",
				maximum = "30000") @Nullable Long yieldTimeMs,

		@Schema(description = """
				Java regular expression (MULTILINE, at most 1024 characters) that ends the wait as \
				soon as the output this call returns matches it, typed echo included and after \
				`strip_ansi`: a prompt (`>>> `, `\\$ $`), a readiness line (`Listening on`). \
				`matched` in the response tells whether it did. An invalid expression is 400 \
				`invalid_request`; one too expensive to run ends the wait unmatched and adds to \
				`session.warnings`.""", maxLength = 1024, example = ">>> $") @Nullable String waitFor,

		@Schema(description = """
				Java regular expression (same rules as `wait_for`) matched against the rendered \
				terminal screen (its rows joined by `\\n`) each time the screen changes, the \
				screen as it is when the wait begins included: ends the wait with `ended_by: \
				match`. Needs `tty: true` (else 400 `invalid_request`; on a pipe session 409 \
				`not_a_terminal`).""", maxLength = 1024, example = "-- INSERT --") @Nullable String waitForScreen,

		@Schema(description = """
				End the wait once at least one byte of new output came and then nothing for \
				this long, in ms (`ended_by: settled`): the program finished printing or \
				redrawing. 0 to 30000 (outside: 400 `invalid_request`); 0 or absent = off.""", minimum = "0",
				maximum = "30000", example = "300") @Nullable Long settleMs,

		@Schema(description = """
				End the wait when the session's foreground process is blocked reading its \
				terminal (or, on pipes, its stdin) and no output came for this long, in ms \
				(`ended_by: input`, `session.waiting_for_input: true`): a prompt such as \
				`[y/N]` returns at once instead of after the whole yield. 0 to 60000 \
				(outside: 400 `invalid_request`); 0 = off.""", defaultValue = "300", minimum = "0",
				maximum = "60000") @Nullable Long inputQuietMs,

		@Schema(description = """
				Cap on `output` in this response, in bytes. Over it, the middle (`head_tail`), \
				start (`tail`) or end (`head`) is replaced by one marker that reads exactly \
				`\\n[... omitted N bytes (offsets A-B); full output: GET <log_url>?offset=A&length=N ...]\\n` \
				(not counted in the cap), so the cut part can be fetched from the log. A cut moves to a \
				line end within 256 bytes of it. Clamped to \
				[256, 1048576].""", defaultValue = "32768", minimum = "256",
				maximum = "1048576") @Nullable Long maxOutputBytes,

		@Schema(description = "Which part of over-long output to keep: the first and last halves "
				+ "(`head_tail`), the end (`tail`) or the start (`head`).", defaultValue = "head_tail",
				allowableValues = { "head_tail", "tail", "head" }) @Nullable String truncation,

		@Schema(description = """
				Remove terminal escape sequences (colors, cursor moves, titles) from `output`, and \
				for a lone `\\r` keep only what follows it, so progress bars collapse to their last \
				state. A cursor move to another row (as full-screen programs such as vim and top \
				draw) becomes one line break, so rows and frames are never glued together; a move \
				forward within the row becomes one space. The log always keeps the raw bytes.""",
				defaultValue = "false") @Nullable Boolean stripAnsi,

		@Schema(description = "Input written right after the start, decoded like `chars` of "
				+ "`POST /sessions/{id}/stdin` (C-style escapes). At most 1 MiB.",
				example = "SELECT 1;\\n") @Nullable String stdin,

		@Schema(description = """
				How long the process may run, in ms, counted from the start; then it is \
				terminated with `end_reason: timeout`. Default: execd.limits.default-max-runtime \
				(1800000, 30 min). 0 means the cap, execd.limits.max-runtime-cap (86400000, \
				24 h); above the cap → 400 `invalid_request`.""", minimum = "0",
				example = "3600000") @Nullable Long maxRuntimeMs,

		@Schema(description = "Terminate the process when it prints nothing for this long, in ms "
				+ "(`end_reason: idle_timeout`). 0 = off.", defaultValue = "0", minimum = "0",
				example = "600000") @Nullable Long idleTimeoutMs,

		@Schema(description = "Free label shown in lists, at most 128 characters.", maxLength = 128,
				example = "dev server") @Nullable String name,

		@Schema(description = """
				Idempotency key, at most 128 characters. A retry with the same key in the same \
				conversation, while that session exists, starts nothing and answers 200 (not 201) \
				with the existing session's output since its last delivery, whatever the rest of \
				the body says.""", maxLength = 128, example = "build-42") @Nullable String requestId,

		@Schema(description = """
				`screen` adds the terminal's rendered `screen` to the answer (needs `tty: true`, else 400 `invalid_request`); `output` (the default) does not.""",
				defaultValue = "output", allowableValues = { "output", "screen" }) @Nullable String view,

		@Schema(description = """
				A lock for the session's life, at most 128 characters: while a running session of \
				the same tenant holds the key, this start waits up to `exclusive_wait_ms` for it to \
				end, then starts; else 409 `exclusive_key_busy` with `holder_session_id`. Released \
				when the holder ends, for any reason.""", maxLength = 128,
				example = "pi:7f3a") @Nullable String exclusiveKey,

		@Schema(description = "How long to wait for the holder of `exclusive_key` to end, in ms; waiting "
				+ "starts are served in arrival order.", defaultValue = "0", minimum = "0",
				maximum = "600000") @Nullable Long exclusiveWaitMs,

		// Named apart from Object.notify(), which a record accessor cannot be.
		@JsonProperty("notify") @Nullable NotifyRequest notifyWebhook,

		@Schema(description = """
				Watches in place before the first byte of output: each complete line that matches \
				one publishes `session_matched` on `GET /events` (see `POST \
				/sessions/{id}/watches`). At most 16, names unique (else 400 \
				`invalid_request`).""") @Nullable List<@Nullable WatchRequest> watches){

	/** An {@code env} value: {@code null} unsets the variable. Documentation only. */
	@Schema(types = { "string", "null" }, description = "A variable's value; `null` unsets the variable.")
	interface EnvValue {

	}

	/** Every field absent: the defaults of every field. */
	static final StartRequest DEFAULTS = new StartRequest(null, null, null, null, null, null, null, null, null, null,
			null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

	static final long MAX_YIELD_MS = 30_000;

	SessionSpec toSpec(ExecdProperties.Limits limits) {
		if (Boolean.TRUE.equals(this.shell)) {
			if (this.cmd != null || this.argv != null || Inputs.flag(this.login) || this.stdin != null) {
				throw ApiException.invalid("a shell session (shell true) takes no cmd, argv, login or stdin: "
						+ "send commands to POST /sessions/{id}/commands");
			}
			return spec(limits, null, null, true);
		}
		if (this.shell != null && !(this.shell instanceof String) && !Boolean.FALSE.equals(this.shell)) {
			throw ApiException.invalid("shell must be a path or true");
		}
		if ((this.cmd == null) == (this.argv == null)) {
			throw ApiException.invalid("give exactly one of cmd and argv");
		}
		Inputs.noNul(this.cmd, "cmd");
		String shellPath = (this.shell instanceof String path) ? path : null;
		Inputs.noNul(shellPath, "shell");
		byte[] input = (this.stdin != null) ? new Input.Text(this.stdin).bytes() : null;
		if (input != null && input.length > Input.MAX_BYTES) {
			throw ApiException.invalid("stdin is larger than 1 MiB");
		}
		return spec(limits, shellPath, input, false);
	}

	private SessionSpec spec(ExecdProperties.Limits limits, @Nullable String shellPath, byte @Nullable [] input,
			boolean shellSession) {
		if (screenView() && !Inputs.flag(this.tty)) {
			throw ApiException.invalid("view screen needs tty true: a pipe session has no screen");
		}
		Inputs.noNul(this.workdir, "workdir");
		return new SessionSpec(this.cmd, Inputs.argv(this.argv), this.workdir, shellPath, Inputs.flag(this.login),
				StartEnv.checked(this.env), Inputs.flag(this.tty), (int) Inputs.clamp(this.cols, 120, 20, 500, "cols"),
				(int) Inputs.clamp(this.rows, 30, 5, 300, "rows"), Inputs.maxRuntime(this.maxRuntimeMs, limits),
				Duration.ofMillis(Inputs.nonNegative(this.idleTimeoutMs, 0, "idle_timeout_ms")),
				Inputs.label(this.name, "name"), Inputs.label(this.requestId, "request_id"), input, shellSession,
				Inputs.exclusive(this.exclusiveKey, this.exclusiveWaitMs),
				Objects.requireNonNullElse(WatchRequest.specs(this.watches), List.of()));
	}

	/** Whether the answer carries the screen; see {@link ScreenService#wanted}. */
	boolean screenView() {
		return ScreenService.wanted(this.view);
	}

	WaitSpec toWait() {
		if (this.waitForScreen != null && !Inputs.flag(this.tty)) {
			throw ApiException.invalid("wait_for_screen needs tty: true");
		}
		return Waits.of(Inputs.clamp(this.yieldTimeMs, 10_000, 0, MAX_YIELD_MS, "yield_time_ms"), this.waitFor,
				new Waits.Until(this.waitForScreen, this.settleMs, this.inputQuietMs), this.maxOutputBytes,
				this.truncation, this.stripAnsi);
	}

}
