package dev.execd.session;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.execd.process.ProcessTable;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;

/**
 * Interrupts a shell's command and never the shell, in stages one grace apart while the
 * command still runs: SIGINT, SIGTERM, SIGKILL, then giving up on its end record.
 * <p>
 * On a terminal a job runs as the foreground process group, which gets each signal. When
 * the foreground group is the shell itself (a loop of builtins), the shell gets SIGINT,
 * which aborts the command and returns to its prompt. On pipes the shell has no job
 * control: its process group gets SIGINT, as Ctrl-C would send (an interactive bash
 * survives it), and SIGTERM and SIGKILL go to the shell's descendants only.
 * <p>
 * A command whose end record never comes (it redirected the descriptors the records are
 * written to) would hold the queue forever: after the last stage it is ended anyway.
 */
final class CommandInterrupts {

	private CommandInterrupts() {
	}

	static void interrupt(long shell, boolean tty, ScheduledExecutorService timers, Duration grace,
			BooleanSupplier stillRunning, Runnable giveUp) {
		OptionalLong foreground = tty ? ProcessTable.foregroundGroup(shell) : OptionalLong.empty();
		long job = foreground.isPresent() && foreground.getAsLong() != shell ? foreground.getAsLong() : -1;
		Terminator.signalGroup((job > 0) ? job : shell, Signals.SIGINT.number());
		long graceNanos = Math.max(grace.toNanos(), TimeUnit.MILLISECONDS.toNanos(100));
		Runnable end = () -> {
			if (stillRunning.getAsBoolean()) {
				giveUp.run();
			}
		};
		Runnable kill = () -> {
			if (escalate(shell, tty, job, Signals.SIGKILL.number(), stillRunning)) {
				timers.schedule(end, graceNanos, TimeUnit.NANOSECONDS);
			}
		};
		timers.schedule(() -> {
			if (escalate(shell, tty, job, Signals.SIGTERM.number(), stillRunning)) {
				timers.schedule(kill, graceNanos, TimeUnit.NANOSECONDS);
			}
		}, graceNanos, TimeUnit.NANOSECONDS);
	}

	/** Sends one stage's signal; returns whether the command still runs. */
	private static boolean escalate(long shell, boolean tty, long job, int signal, BooleanSupplier stillRunning) {
		if (!stillRunning.getAsBoolean()) {
			return false;
		}
		try {
			if (job > 0) {
				if (ProcessTable.foregroundGroup(shell).orElse(-1) == job) {
					Terminator.signalGroup(job, signal);
				}
			}
			else if (!tty) {
				Terminator.signalDescendants(shell, signal);
			}
		}
		catch (RuntimeException ex) {
			// The shell is gone (its session ends the command) or the group was reused.
		}
		return true;
	}

}
