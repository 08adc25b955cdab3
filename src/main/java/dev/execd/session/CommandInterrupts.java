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
 * Interrupts a shell's command and never the shell. On a terminal the command runs as the
 * foreground process group: it gets SIGINT, then SIGTERM and SIGKILL after the grace each
 * while the command still runs. When the foreground group is the shell itself (a loop of
 * builtins), the shell gets SIGINT, which aborts the command and returns to its prompt.
 * On pipes the shell has no job control: its process group gets SIGINT, as Ctrl-C would
 * send; an interactive bash survives it.
 */
final class CommandInterrupts {

	private CommandInterrupts() {
	}

	static void interrupt(long shell, boolean tty, ScheduledExecutorService timers, Duration grace,
			BooleanSupplier stillRunning) {
		OptionalLong foreground = tty ? ProcessTable.foregroundGroup(shell) : OptionalLong.empty();
		if (foreground.isEmpty() || foreground.getAsLong() == shell) {
			Terminator.signalGroup(shell, Signals.SIGINT.number());
			return;
		}
		long group = foreground.getAsLong();
		Terminator.signalGroup(group, Signals.SIGINT.number());
		long graceNanos = Math.max(grace.toNanos(), TimeUnit.MILLISECONDS.toNanos(100));
		timers.schedule(() -> {
			if (stillRunning.getAsBoolean() && ProcessTable.foregroundGroup(shell).orElse(-1) == group) {
				Terminator.signalGroup(group, Signals.SIGTERM.number());
				timers.schedule(() -> {
					if (stillRunning.getAsBoolean() && ProcessTable.foregroundGroup(shell).orElse(-1) == group) {
						Terminator.signalGroup(group, Signals.SIGKILL.number());
					}
				}, graceNanos, TimeUnit.NANOSECONDS);
			}
		}, graceNanos, TimeUnit.NANOSECONDS);
	}

}
