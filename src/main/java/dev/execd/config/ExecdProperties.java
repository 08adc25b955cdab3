package dev.execd.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Every tunable of execd, bound from {@code execd.*}. The property names are part of the
 * product contract.
 *
 * @param limits caps, time limits and waits
 * @param process how commands are started and stopped
 * @param output where and how much output is kept
 * @param security tokens and browser protections
 * @param screen the rendered screens of PTY sessions
 */
@ConfigurationProperties("execd")
public record ExecdProperties(@DefaultValue Limits limits, @DefaultValue Processes process, @DefaultValue Output output,
		@DefaultValue Security security, @DefaultValue Screen screen) {

	/**
	 * Caps, time limits and waits.
	 */
	public record Limits(@DefaultValue("64") int maxSessionsPerConversation, @DefaultValue("8") int protectedRecent,
			@DefaultValue("60") int warnSessionsPerConversation, @DefaultValue("1024") int maxSessions,
			@DefaultValue("64") int maxSubscribersPerSession, @DefaultValue("30m") Duration inactivityTtl,
			@DefaultValue("30m") Duration endedRetention, @DefaultValue("5s") Duration reapInterval,
			@DefaultValue("30m") Duration defaultMaxRuntime, @DefaultValue("24h") Duration maxRuntimeCap,
			@DefaultValue("290s") Duration maxPoll, @DefaultValue("1MB") DataSize maxRequestBody) {

	}

	/**
	 * How commands are started and stopped. A blank shell means {@code /bin/bash}, or
	 * {@code /bin/sh} where there is no bash; a blank workdir means execd's own.
	 */
	public record Processes(@DefaultValue("2s") Duration killGrace, String shell, String defaultWorkdir,
			List<Path> workdirRoots) {

		public Processes {
			if (shell == null || shell.isBlank()) {
				shell = Files.isExecutable(Path.of("/bin/bash")) ? "/bin/bash" : "/bin/sh";
			}
			if (defaultWorkdir == null || defaultWorkdir.isBlank()) {
				defaultWorkdir = Path.of("").toAbsolutePath().toString();
			}
			workdirRoots = (workdirRoots != null) ? List.copyOf(workdirRoots) : List.of();
		}

	}

	/**
	 * Where output logs live and how much of them is kept. The default directory is per
	 * user ({@code ${java.io.tmpdir}/execd-<uid>}): a shared name in a shared /tmp could
	 * be created first by someone else, and execd refuses a directory it does not own.
	 */
	public record Output(Path dir, @DefaultValue("256KB") DataSize memoryWindow,
			@DefaultValue("1GB") DataSize maxLogSize, @DefaultValue("10GB") DataSize maxTotalLogSize) {

		public Output {
			if (dir == null) {
				dir = Path.of(System.getProperty("java.io.tmpdir"), "execd-" + EffectiveUid.get());
			}
		}

	}

	/**
	 * Who may call execd.
	 */
	public record Security(List<String> tokens, @DefaultValue("false") boolean allowAnonymous,
			List<String> corsOrigins) {

		public Security {
			tokens = (tokens != null) ? List.copyOf(tokens) : List.of();
			corsOrigins = (corsOrigins != null) ? List.copyOf(corsOrigins) : List.of();
		}

	}

	/**
	 * The rendered screens of PTY sessions.
	 *
	 * @param scrollbackLines rows of the primary screen kept after they scrolled off its
	 * top, per live screen; a negative value counts as none
	 */
	public record Screen(@DefaultValue("1000") int scrollbackLines) {

		public Screen {
			scrollbackLines = Math.max(0, scrollbackLines);
		}

	}

}
