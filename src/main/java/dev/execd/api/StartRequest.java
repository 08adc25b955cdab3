package dev.execd.api;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.output.InputDecoder;
import dev.execd.session.SessionSpec;
import dev.execd.session.WaitSpec;
import org.jspecify.annotations.Nullable;

/**
 * Body of {@code POST /sessions}.
 */
record StartRequest(@Nullable String cmd, @Nullable List<String> argv, @Nullable String workdir, @Nullable String shell,
		@Nullable Boolean login, @Nullable Map<String, @Nullable String> env, @Nullable Boolean tty,
		@Nullable Integer cols, @Nullable Integer rows, @Nullable Long yieldTimeMs, @Nullable String waitFor,
		@Nullable Long maxOutputBytes, @Nullable String truncation, @Nullable Boolean stripAnsi, @Nullable String stdin,
		@Nullable Long maxRuntimeMs, @Nullable Long idleTimeoutMs, @Nullable String name, @Nullable String requestId) {

	static final int MAX_ENV_ENTRIES = 256;

	static final int MAX_ENV_BYTES = 64 * 1024;

	static final long MAX_YIELD_MS = 30_000;

	static final int MAX_INPUT_BYTES = 1024 * 1024;

	SessionSpec toSpec(ExecdProperties.Limits limits) {
		if ((this.cmd == null) == (this.argv == null)) {
			throw ApiException.invalid("give exactly one of cmd and argv");
		}
		Inputs.noNul(this.cmd, "cmd");
		if (this.argv != null) {
			if (this.argv.isEmpty() || this.argv.get(0) == null || this.argv.get(0).isEmpty()) {
				throw ApiException.invalid("argv needs a program in argv[0]");
			}
			this.argv.forEach((arg) -> {
				if (arg == null) {
					throw ApiException.invalid("argv must not contain null");
				}
				Inputs.noNul(arg, "argv");
			});
		}
		Inputs.noNul(this.workdir, "workdir");
		Inputs.noNul(this.shell, "shell");
		byte[] input = (this.stdin != null) ? InputDecoder.decode(this.stdin) : null;
		if (input != null && input.length > MAX_INPUT_BYTES) {
			throw ApiException.invalid("stdin is larger than 1 MiB");
		}
		return new SessionSpec(this.cmd, (this.argv != null) ? List.copyOf(this.argv) : null, this.workdir, this.shell,
				Inputs.flag(this.login), checkedEnv(), Inputs.flag(this.tty),
				(int) Inputs.clamp(this.cols, 120, 20, 500, "cols"), (int) Inputs.clamp(this.rows, 30, 5, 300, "rows"),
				Inputs.maxRuntime(this.maxRuntimeMs, limits),
				Duration.ofMillis(Inputs.nonNegative(this.idleTimeoutMs, 0, "idle_timeout_ms")),
				Inputs.label(this.name, "name"), Inputs.label(this.requestId, "request_id"), input);
	}

	WaitSpec toWait() {
		long yieldMs = Inputs.clamp(this.yieldTimeMs, 10_000, 0, MAX_YIELD_MS, "yield_time_ms");
		return new WaitSpec(TimeUnit.MILLISECONDS.toNanos(yieldMs), Inputs.waitFor(this.waitFor),
				(int) Inputs.clamp(this.maxOutputBytes, 32768, 256, 1048576, "max_output_bytes"),
				Inputs.truncation(this.truncation), Inputs.flag(this.stripAnsi));
	}

	private Map<String, @Nullable String> checkedEnv() {
		if (this.env == null) {
			return Map.of();
		}
		if (this.env.size() > MAX_ENV_ENTRIES) {
			throw ApiException.invalid("env has more than " + MAX_ENV_ENTRIES + " entries");
		}
		long bytes = 0;
		Map<String, @Nullable String> copy = new LinkedHashMap<>();
		for (Map.Entry<String, @Nullable String> entry : this.env.entrySet()) {
			String name = entry.getKey();
			if (name.isEmpty() || name.indexOf('=') >= 0) {
				throw ApiException.invalid("env name '" + name + "' is empty or contains '='");
			}
			Inputs.noNul(name, "env");
			Inputs.noNul(entry.getValue(), "env");
			bytes += name.getBytes(StandardCharsets.UTF_8).length
					+ ((entry.getValue() != null) ? entry.getValue().getBytes(StandardCharsets.UTF_8).length : 0);
			copy.put(name, entry.getValue());
		}
		if (bytes > MAX_ENV_BYTES) {
			throw ApiException.invalid("env is larger than 64 KiB");
		}
		return copy;
	}

}
