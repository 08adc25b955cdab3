package dev.execd.session;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A validated request to start a session. Exactly one of {@code cmd} and {@code argv} is
 * set.
 *
 * @param cmd a shell command line
 * @param argv a program and its arguments, run without a shell
 * @param workdir the working directory, or null for the default
 * @param shell the shell, or null for the default
 * @param login whether the shell is a login shell
 * @param env additions to the environment; a null value unsets
 * @param tty whether to allocate a terminal
 * @param cols terminal columns
 * @param rows terminal rows
 * @param maxRuntime how long the process may live
 * @param idleTimeout how long it may print nothing, zero for no limit
 * @param name a free label
 * @param requestId an idempotency key
 * @param stdin bytes written right after start, or null
 * @param shellSession whether this is a persistent shell taking commands (neither
 * {@code cmd} nor {@code argv} is set)
 * @param exclusive the exclusive key the session holds while it runs, or null
 * @param watches the watches it starts with, a checked set
 */
public record SessionSpec(@Nullable String cmd, @Nullable List<String> argv, @Nullable String workdir,
		@Nullable String shell, boolean login, Map<String, @Nullable String> env, boolean tty, int cols, int rows,
		Duration maxRuntime, Duration idleTimeout, @Nullable String name, @Nullable String requestId,
		byte @Nullable [] stdin, boolean shellSession, @Nullable Exclusive exclusive, List<WatchSpec> watches) {

	/** A session without an exclusive key or watches. */
	public SessionSpec(@Nullable String cmd, @Nullable List<String> argv, @Nullable String workdir,
			@Nullable String shell, boolean login, Map<String, @Nullable String> env, boolean tty, int cols, int rows,
			Duration maxRuntime, Duration idleTimeout, @Nullable String name, @Nullable String requestId,
			byte @Nullable [] stdin, boolean shellSession) {
		this(cmd, argv, workdir, shell, login, env, tty, cols, rows, maxRuntime, idleTimeout, name, requestId, stdin,
				shellSession, null, List.of());
	}

	/** A command session: {@code cmd} or {@code argv}. */
	public SessionSpec(@Nullable String cmd, @Nullable List<String> argv, @Nullable String workdir,
			@Nullable String shell, boolean login, Map<String, @Nullable String> env, boolean tty, int cols, int rows,
			Duration maxRuntime, Duration idleTimeout, @Nullable String name, @Nullable String requestId,
			byte @Nullable [] stdin) {
		this(cmd, argv, workdir, shell, login, env, tty, cols, rows, maxRuntime, idleTimeout, name, requestId, stdin,
				false);
	}

}
