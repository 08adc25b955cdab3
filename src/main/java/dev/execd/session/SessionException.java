package dev.execd.session;

import org.jspecify.annotations.Nullable;

/**
 * Why a session operation was refused. The web layer maps each kind to its status and
 * error code; {@link #session()} is the session's state when the refusal concerns a live
 * session, so a client sees why without another call.
 */
public abstract sealed class SessionException extends RuntimeException {

	private final @Nullable SessionSnapshot session;

	SessionException(String message, @Nullable SessionSnapshot session) {
		super(message, null, false, false);
		this.session = session;
	}

	public @Nullable SessionSnapshot session() {
		return this.session;
	}

	/** No such session in the caller's scope. */
	public static final class NotFound extends SessionException {

		public NotFound(String id) {
			super("no session '" + id + "' in this conversation", null);
		}

	}

	/** A shell session already has its most commands waiting. */
	public static final class CommandQueueFull extends SessionException {

		CommandQueueFull(int max) {
			super(max + " commands already wait in this shell; wait for some to finish", null);
		}

	}

	/** Another session of the tenant holds the exclusive key a start asked for. */
	public static final class ExclusiveKeyBusy extends SessionException {

		private final @Nullable String holder;

		ExclusiveKeyBusy(String key, @Nullable String holder) {
			super("the exclusive key '" + key + "' is held by "
					+ ((holder != null) ? "session " + holder : "a session that is starting"), null);
			this.holder = holder;
		}

		/** The holding session's id; null while its start is still spawning it. */
		public @Nullable String holder() {
			return this.holder;
		}

	}

	/** The session's process has ended. */
	public static final class Exited extends SessionException {

		Exited(SessionSnapshot session) {
			super("the session's process has exited", session);
		}

	}

	/** Stdin of a pipe session was closed. */
	public static final class StdinClosed extends SessionException {

		StdinClosed(SessionSnapshot session) {
			super("the session's stdin was closed", session);
		}

	}

	/** Resize of a session without a terminal. */
	public static final class NotATty extends SessionException {

		NotATty(SessionSnapshot session) {
			super("the session has no terminal", session);
		}

	}

	/** A screen feature (a screen pattern, a screen view) of a session on pipes. */
	public static final class NotATerminal extends SessionException {

		public NotATerminal(SessionSnapshot session) {
			super("the session has no terminal, so no screen: start it with tty true", session);
		}

	}

	/** The per-session stdin queue has no room. */
	public static final class StdinQueueFull extends SessionException {

		StdinQueueFull(SessionSnapshot session, long pending) {
			super("stdin queue is full (" + pending + " bytes not yet read by the process)", session);
		}

	}

	/** A cap on the number of streams of one session, or of followed conversations. */
	public static final class TooManySubscribers extends SessionException {

		TooManySubscribers(int max) {
			this("the session already has " + max + " streams (execd.limits.max-subscribers-per-session)");
		}

		TooManySubscribers(String message) {
			super(message, null);
		}

	}

	/** A cap on the number of sessions. */
	public static final class TooManySessions extends SessionException {

		TooManySessions(String message) {
			super(message, null);
		}

	}

	/** The workdir does not exist or is not a directory. */
	public static final class WorkdirNotFound extends SessionException {

		WorkdirNotFound(String workdir) {
			super("workdir '" + workdir + "' is not an existing directory", null);
		}

	}

	/** The workdir is outside every allowed root. */
	public static final class WorkdirNotAllowed extends SessionException {

		WorkdirNotAllowed(String workdir) {
			super("workdir '" + workdir + "' is outside execd.process.workdir-roots", null);
		}

	}

	/** The shell does not exist or is not executable. */
	public static final class ShellNotFound extends SessionException {

		ShellNotFound(String shell) {
			super("shell '" + shell + "' does not exist or is not executable", null);
		}

	}

	/** {@code argv[0]} was not found or is not executable. */
	public static final class CommandNotFound extends SessionException {

		CommandNotFound(String command) {
			super("command '" + command + "' was not found or is not executable", null);
		}

	}

	/** The command line or environment is longer than the operating system takes. */
	public static final class CommandTooLong extends SessionException {

		CommandTooLong() {
			super("the command line or an environment variable is longer than the operating system accepts "
					+ "(at most 131071 bytes per argument, about 2 MB in all)", null);
		}

	}

	/** Out of file descriptors, processes or memory: the same start may work later. */
	public static final class ResourcesExhausted extends SessionException {

		/** Seconds a client should wait before it tries again. */
		public static final int RETRY_AFTER_SECONDS = 5;

		ResourcesExhausted(String reason) {
			super("the server is out of resources to start a process (" + reason
					+ "); retry later or remove sessions that are no longer needed", null);
		}

	}

	/** The operating system refused to start the process for another reason. */
	public static final class SpawnFailed extends SessionException {

		SpawnFailed(String reason) {
			super("the process could not be started: " + reason, null);
		}

	}

	/** No watch of that name on the session. */
	public static final class WatchNotFound extends SessionException {

		WatchNotFound(String name) {
			super("the session has no watch '" + name + "'", null);
		}

	}

	/** A watch of that name exists already. */
	public static final class WatchExists extends SessionException {

		WatchExists(String name) {
			super("the session already has a watch '" + name + "': delete it first or pick another name", null);
		}

	}

	/** The session has its most watches. */
	public static final class TooManyWatches extends SessionException {

		TooManyWatches() {
			super("the session already has " + WatchSpec.MAX_PER_SESSION + " watches: delete one first", null);
		}

	}

	/** A request that is well-formed but not acceptable. */
	public static final class InvalidRequest extends SessionException {

		public InvalidRequest(String message) {
			super(message, null);
		}

	}

	/** Too many searches and screen replays wait for a thread ({@link CpuThreads}). */
	public static final class Busy extends SessionException {

		public static final int RETRY_AFTER_SECONDS = 1;

		Busy(String message) {
			super(message, null);
		}

	}

	/** execd is shutting down and starts nothing new. */
	public static final class ShuttingDown extends SessionException {

		ShuttingDown() {
			super("execd is shutting down", null);
		}

	}

}
