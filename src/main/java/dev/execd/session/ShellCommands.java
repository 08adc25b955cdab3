package dev.execd.session;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import dev.execd.output.OutputLog;
import org.jspecify.annotations.Nullable;

/**
 * The commands of a shell session: a queue run one at a time in submission order, each
 * bounded by the markers its shell prints (see {@link ShellScript}), and a bounded
 * history. Output the shell prints while no command runs (a background job) belongs to no
 * command.
 */
public final class ShellCommands {

	private static final byte[] NEWLINE = { '\n' };

	private @Nullable Session session;

	private final OutputLog log;

	private final ShellScript script;

	private final SessionContext context;

	private final CommandQueue commands = new CommandQueue();

	private @Nullable ShellCommand running;

	private boolean ready;

	private boolean exited;

	/** Where the output of the last command ended: the next one cannot start before. */
	private long lastEnd;

	/**
	 * When the last line was queued. Input queued later was typed while no command ran,
	 * maybe without its newline: the next command types a newline first and its own line
	 * only at the prompt after it ({@link #lineOwed}), so that it neither joins that text
	 * nor interleaves with what it printed.
	 */
	private long lineNanos;

	private boolean lineOwed;

	ShellCommands(OutputLog log, ShellScript script, SessionContext context) {
		this.log = log;
		this.script = script;
		this.context = context;
	}

	/** Binds the session, before its output is read. */
	void attach(Session session) {
		this.session = session;
		this.lineNanos = session.lastInputNanos();
	}

	/**
	 * Queues a command; it starts at once when the shell is idle.
	 * @throws SessionException.CommandQueueFull when the queue is full
	 * @throws SessionException.Exited when the shell has ended
	 */
	public synchronized CommandSubmission submit(String cmd, @Nullable Duration timeout, @Nullable String requestId) {
		ShellCommand earlier = this.commands.byRequestId(requestId);
		if (earlier != null) {
			return new CommandSubmission(earlier.snapshot(this.log.total()), false);
		}
		if (this.exited) {
			throw new SessionException.Exited(session().snapshot());
		}
		ShellCommand command = this.commands.add(cmd, timeout, requestId);
		dispatch();
		return new CommandSubmission(command.snapshot(this.log.total()), true);
	}

	/** The command with this id, or null. */
	public synchronized @Nullable CommandSnapshot find(String commandId) {
		ShellCommand command = this.commands.get(commandId);
		return (command != null) ? command.snapshot(this.log.total()) : null;
	}

	/** The command's output as a response shows it; see {@link CommandOutput#of}. */
	public CommandOutput output(CommandSnapshot command, WaitSpec wait, String logUrl, boolean owed) {
		return CommandOutput.of(this.log, command, wait, logUrl, owed);
	}

	/** The log's end. */
	public long logEnd() {
		return this.log.total();
	}

	/** The history, newest first. */
	public synchronized List<CommandSnapshot> list() {
		return this.commands.list(this.log.total());
	}

	/** The log ranges no command claims; see {@link CommandQueue#unclaimed}. */
	public synchronized List<long[]> unclaimed() {
		return this.commands.unclaimed(this.log.total());
	}

	/** Interrupts a running command or drops a queued one (see CommandInterrupts). */
	public synchronized @Nullable CommandSnapshot cancel(String commandId) {
		ShellCommand command = this.commands.get(commandId);
		if (command == null) {
			return null;
		}
		interrupt(command, "interrupted");
		return command.snapshot(this.log.total());
	}

	private void interrupt(ShellCommand command, String why) {
		if (command == this.running && command.endAs == null) {
			command.endAs = why;
			CommandInterrupts.interrupt(session().snapshot().pid(), session().tty(), this.context.timers(),
					this.context.killGrace(), () -> isRunning(command), () -> giveUp(command));
		}
		else if (this.commands.drop(command)) {
			command.ended(why, null, null, this.log.total(), this.context.clock().instant());
			finished(command);
			this.log.notifyChanged();
		}
	}

	private synchronized boolean isRunning(ShellCommand command) {
		return this.running == command;
	}

	/** Ends a command whose end record never came, so the queue goes on. */
	private synchronized void giveUp(ShellCommand command) {
		if (this.running == command) {
			this.running = null;
			this.lastEnd = Math.max(this.lastEnd, this.log.total());
			command.ended(command.endAs, null, null, this.lastEnd, this.context.clock().instant());
			finished(command);
			dispatch();
			this.log.notifyChanged();
		}
	}

	/** A boundary every output stream reached; see {@link MarkerJoin}. */
	synchronized void boundary(MarkerJoin.Boundary boundary) {
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
						this.context.clock().instant());
				finished(done);
				dispatch();
			}
			else if (this.running == null || this.lineOwed) {
				// A line typed while no command ran ended: what it printed is nobody's.
				this.lastEnd = Math.max(this.lastEnd, boundary.last());
				if (this.running != null) {
					this.lineOwed = false;
					if (this.running.endAs == null) {
						typeLine(this.running);
					}
					else {
						giveUp(this.running);
					}
				}
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
		ShellCommand next = (this.ready && this.running == null && !this.exited) ? this.commands.next() : null;
		if (next == null) {
			return;
		}
		this.running = next;
		next.status = "running";
		next.startedAt = this.context.clock().instant();
		this.lineOwed = session().lastInputNanos() != this.lineNanos;
		typeLine(next);
		if (next.timeout != null) {
			next.timer = this.context.timers()
				.schedule(() -> timedOut(next), next.timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
	}

	/** Types its line or the owed newline; a refusal ends the command unbegun. */
	private void typeLine(ShellCommand command) {
		try {
			this.lineNanos = session().write(this.lineOwed ? NEWLINE : this.script.line(command.cmd), false, false,
					null);
		}
		catch (SessionException ex) {
			command.endAs = (ex instanceof SessionException.StdinQueueFull) ? "interrupted" : "shell_exited";
			this.context.timers().execute(() -> giveUp(command));
		}
	}

	private synchronized void timedOut(ShellCommand command) {
		if (this.running == command) {
			interrupt(command, "timeout");
		}
	}

	/** A shell recovered after a restart: ended, its commands not known. */
	synchronized void recovered() {
		this.exited = true;
		this.commands.forgetEarlier();
	}

	/** The shell ended: the running command and every queued one end with it. */
	synchronized void shellExited(@Nullable Integer status) {
		this.exited = true;
		long total = this.log.total();
		if (this.running != null) {
			long end = this.running.begun ? ExitNotice.before(this.log, this.running.outputOffset, total) : total;
			this.running.ended("shell_exited", status, null, end, this.context.clock().instant());
			finished(this.running);
			this.running = null;
		}
		for (ShellCommand queued : this.commands.dropAll()) {
			queued.ended("shell_exited", null, null, total, this.context.clock().instant());
			finished(queued);
		}
		this.log.notifyChanged();
	}

	private void finished(ShellCommand command) {
		CommandFinished.publish(this.context, this.session, command.snapshot(this.log.total()));
	}

	private Session session() {
		return Objects.requireNonNull(this.session, "not attached");
	}

}
