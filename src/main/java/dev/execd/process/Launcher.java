package dev.execd.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts session leaders. Children inherit ignored signals: a JVM started in the
 * background ignores SIGINT and SIGQUIT, one started with {@code nohup} SIGHUP, and
 * without a reset Ctrl-C, or the hang-up that ends a terminal session, would do nothing.
 * So while this JVM ignores a signal, every child runs under {@code env --default-signal}
 * (every signal back to its default); a JVM that ignores none spares its children that
 * exec.
 */
public final class Launcher {

	static final List<String> RESET_SIGNALS = List.of("env", "--default-signal", "--");

	// setsid() runs in the child after start() has returned: a millisecond or so, longer
	// only on a starved machine.
	private static final Duration LEADER_TIMEOUT = Duration.ofSeconds(10);

	private static final int SPINS = 200;

	/** 32 pages: the longest single string execve(2) takes, its NUL included. */
	static final int MAX_ARG_STRLEN = 32 * 4096;

	private static final long PARK_NANOS = 50_000;

	/** Signals 32 and 33, the C library's own, which no program can reset. */
	private static final long LIBC_SIGNALS = (1L << 31) | (1L << 32);

	private Launcher() {
	}

	/**
	 * Why command lines would lose characters on their way to the operating system, or
	 * null. The JVM encodes arguments, environment and paths in the charset of its own
	 * locale ({@code sun.jnu.encoding}); under the POSIX locale that is ASCII and every
	 * other character becomes '?'.
	 */
	public static String commandLineEncodingProblem() {
		String encoding = System.getProperty("sun.jnu.encoding", "UTF-8");
		if (encoding.equalsIgnoreCase("UTF-8") || encoding.equalsIgnoreCase("UTF8")) {
			return null;
		}
		return "Command lines are encoded as " + encoding + ", so characters outside it reach processes as '?': "
				+ "start execd with a UTF-8 locale (e.g. LANG=C.UTF-8)";
	}

	/**
	 * Starts the child described by {@code spec} and returns once it leads its own Unix
	 * session, so its pid is the session id every termination sweeps.
	 * @throws IOException when the operating system cannot start it
	 */
	public static Child start(LaunchSpec spec) throws IOException {
		List<String> reset = signalReset();
		List<String> argv = new ArrayList<>(reset);
		if (!spec.tty()) {
			// After the reset, so a pipe child leads its session (what the start waits
			// for) only once Ctrl-C works.
			argv.add("setsid");
		}
		argv.addAll(spec.command());
		checkLengths(argv, spec.environment());
		Child child;
		try {
			child = spec.tty() ? PtyChild.start(spec, reset, spec.command()) : PipeChild.start(spec, argv);
		}
		catch (IOException | RuntimeException ex) {
			throw SpawnException.of(ex);
		}
		awaitSessionLeader(child);
		return child;
	}

	/**
	 * The signal reset, or nothing while this JVM ignores no signal: only ignored
	 * dispositions survive an exec, so there is nothing to reset. Read at every start,
	 * since native code may ignore a signal at any time.
	 */
	static List<String> signalReset() {
		try (BufferedReader status = Files.newBufferedReader(Path.of("/proc/self/status"))) {
			String line;
			while ((line = status.readLine()) != null) {
				if (line.startsWith("SigIgn:")) {
					long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
					return ((ignored & ~LIBC_SIGNALS) == 0) ? List.of() : RESET_SIGNALS;
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			// Unknown: reset.
		}
		return RESET_SIGNALS;
	}

	/**
	 * Refuses an argument or environment string longer than Linux's MAX_ARG_STRLEN as the
	 * kernel would (E2BIG) before anything starts, for pipes and terminals alike.
	 */
	static void checkLengths(List<String> argv, Map<String, String> environment) throws SpawnException {
		for (String arg : argv) {
			if (bytes(arg) >= MAX_ARG_STRLEN) {
				throw tooLong();
			}
		}
		for (Map.Entry<String, String> variable : environment.entrySet()) {
			if (bytes(variable.getKey()) + 1 + bytes(variable.getValue()) >= MAX_ARG_STRLEN) {
				throw tooLong();
			}
		}
	}

	private static SpawnException tooLong() {
		return new SpawnException(SpawnException.E2BIG, "error=7, Argument list too long");
	}

	private static long bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8).length;
	}

	/**
	 * Waits until the child has called {@code setsid()} (or already ended). Before that
	 * its pid names no session and no process group, and a termination in that window, a
	 * DELETE right after the start, would find nothing to signal and leave the command
	 * running.
	 */
	static void awaitSessionLeader(Child child) throws IOException {
		long pid = child.pid();
		long deadline = System.nanoTime() + LEADER_TIMEOUT.toNanos();
		for (int i = 0;; i++) {
			long sid = Libc.getsid(pid);
			// -1: already ended and reaped; its exit is reported the usual way.
			if (sid == pid || sid == -1 || child.exit().isDone()) {
				return;
			}
			if (System.nanoTime() - deadline > 0) {
				// Still our unreaped child, so the pid cannot name anyone else.
				Libc.kill(pid, Signals.SIGKILL.number());
				child.release();
				throw new IOException("Process " + pid + " did not become a session leader within " + LEADER_TIMEOUT);
			}
			if (i < SPINS) {
				Thread.onSpinWait();
			}
			else {
				LockSupport.parkNanos(PARK_NANOS);
			}
		}
	}

}
