package dev.execd.process;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.execd.process.Signals.Signal;

/**
 * Signals and terminates every process of a Unix session: the leader, its background
 * children and jobs that a shell put in process groups of their own. Processes that left
 * the session on purpose ({@code setsid}, double-forking daemons) escape.
 */
public final class Terminator {

	// Sessions are not necessarily our children (a shell's jobs are its children), so
	// there is nothing to wait on: /proc is polled, briefly, only while terminating.
	private static final Duration POLL = Duration.ofMillis(10);

	// A hang-up and a SIGTERM sent back to back race: a program that handles SIGHUP (a
	// readline prompt restores the terminal, then re-raises it) is often killed by the
	// SIGTERM instead, so the reported signal changed between runs. The hang-up gets this
	// long alone; the wait ends as soon as the session is gone.
	static final Duration HANG_UP_CHANCE = Duration.ofMillis(100);

	// After SIGKILL only an uninterruptible sleep (state D, e.g. a hung NFS read) can
	// delay the end; past this bound the caller is told the end is unconfirmed.
	private static final Duration KILL_TIMEOUT = Duration.ofSeconds(5);

	// A fork can race a sweep: the child appears after the scan. Scanning again until a
	// scan finds no new pid catches it; the bound keeps a fork bomb from pinning us.
	private static final int MAX_SWEEPS = 10;

	private boolean interrupted;

	private Terminator() {
	}

	/**
	 * Terminate a session: SIGHUP first when asked (a tty session, or an interactive bash
	 * on pipes: it ignores SIGTERM) with up to 100 ms to end on it alone, then
	 * {@code signal} to every process, then SIGKILL to whatever is left after
	 * {@code grace}. Blocks for at most about {@code grace} plus 5 seconds.
	 * @param sid the session id (the pid of its leader)
	 * @param hangUp whether SIGHUP goes first: the session runs on a terminal or is an
	 * interactive shell
	 * @param signal the signal to ask the processes to end with, usually SIGTERM; SIGKILL
	 * skips the grace
	 * @param grace how long the processes may take to end before SIGKILL
	 * @return whether SIGKILL was needed and whether no process of the session is left
	 */
	public static Result terminate(long sid, boolean hangUp, Signal signal, Duration grace) {
		return terminate(sid, hangUp, signal, grace, () -> {
		});
	}

	/**
	 * As {@link #terminate(long, boolean, Signal, Duration)}, telling
	 * {@code beforeEscalation} just before SIGKILL follows an expired grace, so the
	 * caller can record it before the leader's death is reported.
	 */
	public static Result terminate(long sid, boolean hangUp, Signal signal, Duration grace, Runnable beforeEscalation) {
		requireForeignSession(sid);
		Objects.requireNonNull(signal, "signal");
		Objects.requireNonNull(grace, "grace");
		Terminator terminator = new Terminator();
		try {
			return terminator.run(sid, hangUp, signal, grace, beforeEscalation);
		}
		finally {
			// Waiting was cut short, not the termination: let the caller see it.
			if (terminator.interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Send a signal to a process group, e.g. the foreground group of a terminal.
	 * @param pgid the process group id
	 * @param signal the signal number
	 */
	public static void signalGroup(long pgid, int signal) {
		requireForeignGroup(pgid);
		Libc.kill(-pgid, signal);
	}

	/**
	 * Send a signal to every process of a session, whatever its process group.
	 * @param sid the session id
	 * @param signal the signal number
	 */
	public static void signalSession(long sid, int signal) {
		requireForeignSession(sid);
		sweep(sid, signal);
	}

	/**
	 * Send a signal to every process of a session but its leader, e.g. the commands a
	 * shell without job control runs in its own process group.
	 * @param sid the session id (the pid of its leader, which is spared)
	 * @param signal the signal number
	 * @return whether any process was signalled
	 */
	public static boolean signalDescendants(long sid, int signal) {
		requireForeignSession(sid);
		boolean any = false;
		for (long pid : ProcessTable.sessionMembers(sid)) {
			if (pid != sid) {
				Libc.kill(pid, signal);
				any = true;
			}
		}
		return any;
	}

	private Result run(long sid, boolean hangUp, Signal signal, Duration grace, Runnable beforeEscalation) {
		boolean killRequested = signal.number() == Signals.SIGKILL.number();
		Duration rest = grace.isNegative() ? Duration.ZERO : grace;
		if (!killRequested) {
			if (hangUp) {
				// Within the grace, so a termination still takes at most the grace.
				Duration chance = (rest.compareTo(HANG_UP_CHANCE) < 0) ? rest : HANG_UP_CHANCE;
				if (!sweep(sid, Signals.SIGHUP.number()) || awaitGone(sid, chance)) {
					return new Result(false, true);
				}
				rest = rest.minus(chance);
			}
			// A scan that finds no member is final: only a member can fork a new one.
			// Removing a session that already ended (the common case) costs one scan.
			if (!sweep(sid, signal.number())) {
				return new Result(false, true);
			}
			if (awaitGone(sid, rest)) {
				return new Result(false, true);
			}
			beforeEscalation.run();
		}
		// Sweep again on every poll: a dying shell's last fork or a process that leaves
		// a stopped state may have escaped the previous one.
		long deadline = System.nanoTime() + KILL_TIMEOUT.toNanos();
		boolean gone;
		do {
			sweep(sid, Signals.SIGKILL.number());
			gone = awaitGone(sid, POLL);
		}
		while (!gone && System.nanoTime() - deadline < 0);
		return new Result(!killRequested, gone);
	}

	/**
	 * Signal the session's process group (atomic against forks within the group), then
	 * every member by pid, re-scanning until no new member appears. Stopped members get
	 * SIGCONT too, as a shell's {@code kill} does: a stopped process with a handler only
	 * acts on the signal once it runs.
	 * @return whether the session had any live process
	 */
	private static boolean sweep(long sid, int signal) {
		boolean resume = signal != Signals.SIGKILL.number() && signal != Signals.SIGCONT.number();
		Libc.kill(-sid, signal);
		Set<Long> signalled = new HashSet<>();
		for (int i = 0; i < MAX_SWEEPS; i++) {
			List<Long> fresh = ProcessTable.sessionMembers(sid).stream().filter(signalled::add).toList();
			if (fresh.isEmpty()) {
				return !signalled.isEmpty();
			}
			for (long pid : fresh) {
				Libc.kill(pid, signal);
				if (resume && ProcessTable.stat(pid).filter((stat) -> stat.state() == 'T').isPresent()) {
					Libc.kill(pid, Signals.SIGCONT.number());
				}
			}
		}
		return true;
	}

	/**
	 * Wait until no process of the session is left, polling /proc.
	 * @return {@code true} if none is left, {@code false} after the timeout or when
	 * interrupted (then the caller escalates at once)
	 */
	private boolean awaitGone(long sid, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!ProcessTable.sessionMembers(sid).isEmpty()) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				return false;
			}
			try {
				Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, left / 1_000_000)));
			}
			catch (InterruptedException ex) {
				// Clearing the flag keeps later sleeps bounded instead of spinning; it
				// is restored when terminate returns.
				this.interrupted = true;
				return false;
			}
		}
		return true;
	}

	private static void requireForeignSession(long sid) {
		// Session 0 holds kernel threads and 1 is init's; our own session would
		// include execd itself.
		long own = ProcessTable.stat(ProcessHandle.current().pid()).orElseThrow().session();
		if (sid <= 1 || sid == own) {
			throw new IllegalArgumentException("Refusing to signal session " + sid);
		}
	}

	private static void requireForeignGroup(long pgid) {
		long own = ProcessTable.stat(ProcessHandle.current().pid()).orElseThrow().pgrp();
		if (pgid <= 1 || pgid == own) {
			throw new IllegalArgumentException("Refusing to signal process group " + pgid);
		}
	}

	/**
	 * The outcome of a termination.
	 *
	 * @param escalated whether SIGKILL was needed after the grace (never when SIGKILL was
	 * the requested signal)
	 * @param confirmed whether no process of the session is left
	 */
	public record Result(boolean escalated, boolean confirmed) {

	}

}
