package dev.execd.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.execd.input.CursorModeTracker;
import dev.execd.output.AnsiStripper;
import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import dev.execd.process.Child;
import dev.execd.process.ProcessTable;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One live session: its leader process, the readers that copy its output into the log,
 * its stdin writer, and its state. The web layer sees only {@link SessionSnapshot}s.
 */
public final class Session {

	private static final Logger logger = LoggerFactory.getLogger(Session.class);

	private static final long INPUT_HINT_NANOS = TimeUnit.SECONDS.toNanos(2);

	final String id;

	final Scope scope;

	final SessionSpec spec;

	final String workdir;

	final Child child;

	final OutputLog log;

	private final Clock clock;

	private final SessionContext context;

	private final SessionPersistence persistence;

	private final SessionInput input;

	private final OutputWaiter waiter;

	private final Instant startedAt;

	private final long startNanos = System.nanoTime();

	private final Drain drain;

	private final CompletableFuture<SessionSnapshot> ended = new CompletableFuture<>();

	// Once start ran: completes after the exit callbacks.
	private volatile CompletableFuture<?> announced = this.ended;

	private final SessionReads reads;

	private final SessionState state;

	private final Deadlines deadlines;

	private final CursorModeTracker cursorMode = new CursorModeTracker();

	/** When a call or stream last touched the session, for the TTL and eviction. */
	private volatile Instant lastTouched;

	/** Set once the session was removed: streams end. */
	private volatile boolean removed;

	/** The output total when the exit was reported (after the drain), or -1. */
	private volatile long outputAtExit = -1;

	// Written by the output reader only.
	private volatile byte lastByte = '\n';

	Session(String id, Scope scope, SessionSpec spec, String workdir, Child child, OutputLog log, Instant startedAt,
			SessionContext context) {
		this.id = id;
		this.scope = scope;
		this.spec = spec;
		this.workdir = workdir;
		this.child = child;
		this.log = log;
		this.context = context;
		this.clock = context.clock();
		this.startedAt = startedAt;
		this.lastTouched = startedAt;
		this.persistence = new SessionPersistence(context.files(), id, child);
		log.onWriteFailure(new LogWriteFailures(id, this::warn, context.metrics()));
		this.state = new SessionState(spec);
		this.waiter = new OutputWaiter(log, () -> !isRunning(), this::warn);
		this.reads = new SessionReads(this, log, this.waiter);
		this.input = new SessionInput(id, child, context.stdinCapacity(), this.startNanos);
		this.drain = new Drain(log, child.outputs().size());
		this.deadlines = new Deadlines(context.timers(), log, this.startNanos, this::expire);
	}

	/**
	 * Starts copying output and watching for the exit. Separate from construction so the
	 * registry can announce the start before the exit can be announced.
	 * @param onExit receives the final state once the exit has been reported
	 */
	void start(Consumer<SessionSnapshot> onExit) {
		for (Child.Source source : this.child.outputs()) {
			OutputPump.start("execd-" + source.tag() + "-" + this.id, source.in(), StreamTag.of(source.tag()), this.log,
					this::observe, this.drain::streamEnded);
		}
		this.child.exit()
			.whenComplete((status, failure) -> Thread.ofVirtual()
				.name("execd-drain-" + this.id)
				.start(() -> exited((status != null) ? status : -1)));
		this.announced = this.ended.thenAccept(onExit);
		this.deadlines.set(this.state.maxRuntimeMs, this.state.idleTimeoutMs);
		persist();
	}

	/**
	 * Restores the final state of a session found on disk after a restart. Its process is
	 * not ours: nothing will ever signal it.
	 */
	void restore(SessionRecord record, EndReason reason, Instant endedAt) {
		this.state.restored(record.exitCode(), reason, record.escalated(), endedAt);
		this.deadlines.cancel();
		this.input.stop();
		this.outputAtExit = this.log.total();
		this.ended.complete(snapshot());
		persist();
	}

	/** Writes the metadata file; called at start, on every change and at the end. */
	private void persist() {
		this.persistence.save(this::snapshot);
	}

	public String id() {
		return this.id;
	}

	public Scope scope() {
		return this.scope;
	}

	/** Reads that return output (the delivery cursor and reads by offset). */
	public SessionReads reads() {
		return this.reads;
	}

	/** Completes with the final state once the process ended and its output drained. */
	public CompletableFuture<SessionSnapshot> ended() {
		return this.ended;
	}

	/** Records activity of a client: a call or an open stream. */
	void touch() {
		this.lastTouched = this.clock.instant();
	}

	Instant lastTouched() {
		return this.lastTouched;
	}

	@Nullable Instant endedAt() {
		return this.state.endedAt();
	}

	/**
	 * Changes the label and time limits of a running session; the max runtime still
	 * counts from the start.
	 */
	public SessionSnapshot update(@Nullable String name, @Nullable Duration maxRuntime,
			@Nullable Duration idleTimeout) {
		this.state.lock.lock();
		try {
			if (!this.state.running) {
				throw new SessionException.Exited(snapshot());
			}
			if (name != null) {
				this.state.name = name;
			}
			if (maxRuntime != null) {
				this.state.maxRuntimeMs = maxRuntime.toMillis();
			}
			if (idleTimeout != null) {
				this.state.idleTimeoutMs = idleTimeout.toMillis();
			}
			this.deadlines.set(this.state.maxRuntimeMs, this.state.idleTimeoutMs);
		}
		finally {
			this.state.lock.unlock();
		}
		persist();
		return snapshot();
	}

	/** Whether the session was removed; its streams end. */
	public boolean removed() {
		return this.removed;
	}

	/** Output up to here was written before the exit was reported; -1 while running. */
	long outputAtExit() {
		return this.outputAtExit;
	}

	public boolean isRunning() {
		return this.state.running();
	}

	private void observe(byte[] buffer, int length) {
		this.lastByte = buffer[length - 1];
		this.context.metrics().output(length);
		if (this.child.tty()) {
			this.cursorMode.feed(buffer, length);
		}
	}

	/** Whether arrow keys must be sent in application cursor mode. */
	public boolean applicationCursor() {
		return this.cursorMode.application();
	}

	private void exited(int status) {
		try {
			// The leader is reaped: any member left is a child that may hold the streams.
			this.drain.await(System.nanoTime(), () -> !ProcessTable.sessionMembers(this.child.pid()).isEmpty());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finish(status);
	}

	private void finish(int status) {
		this.state.exited(status, this.clock.instant());
		this.outputAtExit = this.log.total();
		this.deadlines.cancel();
		this.input.stop();
		// On disk before anyone is told: a crash right after a client saw the exit
		// must not bring the session back as lost.
		persist();
		SessionSnapshot last = snapshot();
		this.context.metrics().ended(last.endReason());
		// Announced before polls wake: a client acting on the exit never overtakes it.
		this.ended.complete(last);
		this.log.notifyChanged();
	}

	/**
	 * Types input, encoded for this session's terminal and cursor mode, per
	 * {@link #write}.
	 * @throws SessionException.InvalidRequest when it is more than
	 * {@link Input#MAX_BYTES}
	 */
	public void type(List<Input> inputs, @Nullable String requestId) {
		Typing.Encoded encoded = Typing.encode(inputs, this.child.tty(), applicationCursor());
		write(encoded.bytes(), encoded.translateControls(), encoded.eof(), requestId);
	}

	/**
	 * Queues input for the process.
	 * @param data the bytes
	 * @param translateControls whether Ctrl-C and Ctrl-\ become signals on a pipe
	 * @param eof close stdin (pipe) or type Ctrl-D (tty) afterwards
	 * @param requestId a retried write with the same key is not written again
	 */
	public void write(byte[] data, boolean translateControls, boolean eof, @Nullable String requestId) {
		this.state.lock.lock();
		try {
			if (!this.state.running) {
				throw new SessionException.Exited(snapshot());
			}
			if (!this.child.tty() && !this.state.stdinOpen) {
				throw new SessionException.StdinClosed(snapshot());
			}
			if (this.input.isRepeat(requestId)) {
				return;
			}
			if (!this.input.queue(data, translateControls, eof, requestId)) {
				throw new SessionException.StdinQueueFull(snapshot(), this.input.pending());
			}
			if (eof && !this.child.tty()) {
				this.state.stdinOpen = false;
			}
		}
		finally {
			this.state.lock.unlock();
		}
	}

	/** Sends a signal per {@link SessionInput#signal}. */
	public SessionSnapshot signal(int number) {
		// No lock: the leader can exit right after any check; signalling then is
		// harmless.
		if (!isRunning()) {
			throw new SessionException.Exited(snapshot());
		}
		this.input.signal(number);
		return snapshot();
	}

	public SessionSnapshot resize(int cols, int rows) {
		this.state.lock.lock();
		try {
			if (!this.state.running) {
				throw new SessionException.Exited(snapshot());
			}
			if (!this.child.tty()) {
				throw new SessionException.NotATty(snapshot());
			}
			this.child.resize(cols, rows);
			this.state.cols = cols;
			this.state.rows = rows;
			return snapshot();
		}
		finally {
			this.state.lock.unlock();
		}
	}

	/**
	 * Terminates every process of the session (SIGHUP first on a tty, then the signal,
	 * SIGKILL after the grace) and waits until the exit has been reported.
	 */
	public SessionSnapshot terminate(EndReason reason, Signals.Signal signal, Duration grace) {
		boolean wasRunning = this.state.claimTermination(reason);
		if (this.child.owned()) {
			// Recorded before SIGKILL, so the exit it causes already reports it.
			Terminator.terminate(this.child.pid(), this.child.tty(), signal, grace, () -> {
				if (wasRunning) {
					this.state.markEscalated();
				}
			});
		}
		// Also when the exit is being reported right now: removal is announced after it.
		if (wasRunning || !this.announced.isDone()) {
			try {
				this.announced.get(5, TimeUnit.SECONDS);
			}
			catch (TimeoutException ex) {
				// The exit is reported when the leader is reaped; report what is known.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			catch (ExecutionException ex) {
				logger.error("Announcing the exit of session {} failed", this.id, ex.getCause());
			}
		}
		return snapshot();
	}

	/**
	 * Releases the process's streams; deletes the log and metadata unless they must
	 * outlive the server (shutdown). The session must be terminated.
	 */
	void release(boolean deleteFiles) {
		this.removed = true;
		this.deadlines.cancel();
		this.input.stop();
		this.child.release();
		if (deleteFiles) {
			this.persistence.delete(this.log);
		}
		else {
			this.log.close();
			persist();
		}
	}

	void warn(String warning) {
		this.state.warn(warning);
	}

	/**
	 * Terminations block for the grace, so they run on a virtual thread, not the timer's.
	 */
	private void expire(EndReason reason) {
		Thread.ofVirtual()
			.name("execd-expire-" + this.id)
			.start(() -> terminate(reason, Signals.SIGTERM, this.context.killGrace()));
	}

	public SessionSnapshot snapshot() {
		long now = System.nanoTime();
		long lastOutput = this.log.lastAppendNanos();
		boolean truncated = this.log.truncated();
		long lost = this.log.lostBytes();
		long total = this.log.total();
		this.state.lock.lock();
		try {
			long lastActivity = Math.max(lastOutput, this.input.lastInputNanos());
			long idleNanos = now - lastOutput;
			boolean waiting = this.state.running && this.state.stdinOpen && total > 0 && idleNanos >= INPUT_HINT_NANOS
					&& this.lastByte != '\n';
			boolean tty = this.child.tty();
			return new SessionSnapshot(this.id, this.scope, this.state.name, this.state.running, this.state.exitCode,
					SessionState.signalName(this.state.exitCode), this.state.endReason, this.state.escalated,
					this.child.pid(), tty, tty ? this.state.cols : null, tty ? this.state.rows : null, this.spec.cmd(),
					this.spec.argv(), this.workdir, this.startedAt, this.state.endedAt,
					this.startedAt.plusNanos(lastActivity - this.startNanos), this.state.maxRuntimeMs,
					this.state.idleTimeoutMs, total, TimeUnit.NANOSECONDS.toMillis(idleNanos), waiting,
					this.state.stdinOpen, truncated, lost, List.copyOf(this.state.warnings));
		}
		finally {
			this.state.lock.unlock();
		}
	}

}
