package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.execd.output.AnsiStripper;
import dev.execd.output.Excerpt;
import dev.execd.output.OutputLog;
import org.jspecify.annotations.Nullable;

/**
 * The commands of a shell session: a queue run one at a time in submission order, each
 * bounded by the markers its shell prints (see {@link ShellScript}), and a bounded
 * history. Output the shell prints while no command runs (a background job) belongs to no
 * command.
 */
public final class ShellCommands {

	static final int MAX_QUEUED = 100;

	static final int MAX_HISTORY = 1000;

	private @Nullable Session session;

	private final OutputLog log;

	private final ShellScript script;

	private final MarkerJoin join;

	private final Clock clock;

	private final ScheduledExecutorService timers;

	private final Duration grace;

	private final ArrayDeque<ShellCommand> queue = new ArrayDeque<>();

	private final LinkedHashMap<String, ShellCommand> history = new LinkedHashMap<>();

	private @Nullable ShellCommand running;

	private boolean ready;

	private boolean exited;

	private long seq;

	/** Where the output of the last command ended: the next one cannot start before. */
	private long lastEnd;

	ShellCommands(OutputLog log, ShellScript script, int streams, SessionContext context) {
		this.log = log;
		this.script = script;
		this.join = new MarkerJoin(streams);
		this.clock = context.clock();
		this.timers = context.timers();
		this.grace = context.killGrace();
	}

	/** Binds the session, before its output is read. */
	void attach(Session session) {
		this.session = session;
	}

	/** A listener for the markers of one output stream. */
	MarkedStream.Listener listener(int stream) {
		return (body, position) -> {
			MarkerJoin.Boundary boundary = this.join.add(stream, body, position);
			if (boundary != null) {
				boundary(boundary);
			}
		};
	}

	/**
	 * Queues a command; it starts at once when the shell is idle.
	 * @throws SessionException.CommandQueueFull when {@value #MAX_QUEUED} wait already
	 * @throws SessionException.Exited when the shell has ended
	 */
	public CommandSnapshot submit(String cmd, @Nullable Duration timeout, @Nullable String requestId) {
		synchronized (this) {
			// Only a retry pays for the scan: without a key, a command costs the same at
			// the thousandth as at the first.
			if (requestId != null) {
				for (ShellCommand earlier : this.history.values()) {
					if (requestId.equals(earlier.requestId)) {
						return earlier.snapshot(this.log.total());
					}
				}
			}
			if (this.exited) {
				throw new SessionException.Exited(session().snapshot());
			}
			if (this.queue.size() >= MAX_QUEUED) {
				throw new SessionException.CommandQueueFull(MAX_QUEUED);
			}
			this.seq++;
			ShellCommand command = new ShellCommand("cmd_" + this.seq, this.seq, cmd, timeout);
			command.requestId = requestId;
			this.queue.add(command);
			this.history.put(command.id, command);
			if (this.history.size() > MAX_HISTORY) {
				this.history.pollFirstEntry();
			}
			dispatch();
			return command.snapshot(this.log.total());
		}
	}

	/** The command with this id, or null. */
	public synchronized @Nullable CommandSnapshot find(String commandId) {
		ShellCommand command = this.history.get(commandId);
		return (command != null) ? command.snapshot(this.log.total()) : null;
	}

	/**
	 * The command's output as a response shows it: {@code [output_offset, end)}, the end
	 * being the log's end while it runs.
	 */
	public CommandOutput output(CommandSnapshot command, WaitSpec wait, String logUrl) {
		long end = (command.endOffset() >= 0) ? command.endOffset() : this.log.total();
		Excerpt excerpt = Excerpt.of(this.log, command.outputOffset(), Math.max(end, command.outputOffset()),
				wait.maxOutputBytes(), wait.truncation(), wait.stripAnsi() ? new AnsiStripper() : null, logUrl);
		return new CommandOutput(excerpt.text(), excerpt.omitted());
	}

	/** The log's end. */
	public long logEnd() {
		return this.log.total();
	}

	/** The history, newest first. */
	public synchronized List<CommandSnapshot> list() {
		List<CommandSnapshot> all = new ArrayList<>();
		long total = this.log.total();
		this.history.sequencedValues().reversed().forEach((c) -> all.add(c.snapshot(total)));
		return all;
	}

	/**
	 * Interrupts a running command or drops a queued one; see {@link CommandInterrupts}.
	 */
	public synchronized @Nullable CommandSnapshot cancel(String commandId) {
		ShellCommand command = this.history.get(commandId);
		if (command == null) {
			return null;
		}
		interrupt(command, "interrupted");
		return command.snapshot(this.log.total());
	}

	private void interrupt(ShellCommand command, String why) {
		if (command == this.running && command.endAs == null) {
			command.endAs = why;
			CommandInterrupts.interrupt(session().snapshot().pid(), session().tty(), this.timers, this.grace,
					() -> isRunning(command));
		}
		else if (this.queue.remove(command)) {
			command.ended(why, null, null, this.log.total(), this.clock.instant());
			this.log.notifyChanged();
		}
	}

	private synchronized boolean isRunning(ShellCommand command) {
		return this.running == command;
	}

	private synchronized void boundary(MarkerJoin.Boundary boundary) {
		String[] parts = boundary.body().split(";", -1);
		if (parts[0].equals("E")) {
			if (!this.ready) {
				this.ready = true;
				dispatch();
			}
			else if (this.running != null && this.running.begun) {
				ShellCommand done = this.running;
				this.running = null;
				this.lastEnd = Math.max(boundary.last(), done.outputOffset);
				done.ended("exit", EndMarker.exitCode(parts), EndMarker.pipeStatus(parts), this.lastEnd,
						this.clock.instant());
				dispatch();
			}
			this.log.notifyChanged();
		}
		else if (parts[0].equals("B") && this.running != null && !this.running.begun) {
			this.running.begun = true;
			this.running.outputOffset = Math.max(boundary.first(), this.lastEnd);
			this.log.notifyChanged();
		}
	}

	/** Starts the next queued command when the shell waits for one. */
	private void dispatch() {
		if (!this.ready || this.running != null || this.exited || this.queue.isEmpty()) {
			return;
		}
		ShellCommand next = this.queue.poll();
		this.running = next;
		next.status = "running";
		next.startedAt = this.clock.instant();
		try {
			Files.write(this.script.commandFile(), next.cmd.getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		session().write(this.script.line(), false, false, null);
		if (next.timeout != null) {
			next.timer = this.timers.schedule(() -> timedOut(next), next.timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
	}

	private synchronized void timedOut(ShellCommand command) {
		if (this.running == command) {
			interrupt(command, "timeout");
		}
	}

	/** The shell ended: the running command and every queued one end with it. */
	synchronized void shellExited(@Nullable Integer status) {
		this.exited = true;
		long total = this.log.total();
		if (this.running != null) {
			this.running.ended("shell_exited", status, null, total, this.clock.instant());
			this.running = null;
		}
		for (ShellCommand queued : this.queue) {
			queued.ended("shell_exited", null, null, total, this.clock.instant());
		}
		this.queue.clear();
		this.log.notifyChanged();
	}

	private Session session() {
		Session attached = this.session;
		if (attached == null) {
			throw new IllegalStateException("not attached");
		}
		return attached;
	}

}
