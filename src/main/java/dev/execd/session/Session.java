package dev.execd.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.execd.output.OutputLog;
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

	private final String id;

	private final Scope scope;

	private final SessionSpec spec;

	private final String workdir;

	private final Child child;

	private final OutputLog log;

	private final Clock clock;

	private final SessionContext context;

	private final SessionPersistence persistence;

	private final SessionInput input;

	private final Instant startedAt;

	private final long startNanos = System.nanoTime();

	private final CompletableFuture<SessionSnapshot> ended = new CompletableFuture<>();

	// Once start ran: completes after the exit callbacks.
	private volatile CompletableFuture<?> announced = this.ended;

	private final SessionOutput output;

	private final SessionStateHolder state;

	private final Deadlines deadlines;

	private final CursorModeTracker cursorMode = new CursorModeTracker();

	/** When a call or stream last touched the session, for the TTL and eviction. */
	private volatile Instant lastTouched;

	/** Set once the session was removed: streams end. */
	private volatile boolean removed;

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
		this.state = new SessionStateHolder(SessionState.initial(spec));
		this.output = new SessionOutput(log, child.outputs().size(), () -> !isRunning(), this::warn, this::snapshot,
				this::touch);
		this.input = new SessionInput(id, child, context.stdinCapacity(), this.startNanos, this.state, this::snapshot);
		this.deadlines = new Deadlines(context.timers(), log, this.startNanos, this::expire);
	}

	/**
	 * Starts copying output and watching for the exit. Separate from construction so the
	 * registry can announce the start before the exit can be announced.
	 * @param onExit receives the final state once the exit has been reported
	 */
	void start(Consumer<SessionSnapshot> onExit) {
		this.output.start(this.id, this.child.outputs(), this::observe);
		this.child.exit()
			.whenComplete((status, failure) -> Thread.ofVirtual()
				.name("execd-drain-" + this.id)
				.start(() -> exited((status != null) ? status : -1)));
		this.announced = this.ended.thenAccept(onExit);
		this.deadlines.follow(this.state::current);
		persist();
	}

	/**
	 * Restores the final state of a session found on disk after a restart. Its process is
	 * not ours: nothing will ever signal it.
	 */
	void restore(SessionRecord record, EndReason reason, Instant endedAt) {
		this.state.update((s) -> s.restored(record.exitCode(), reason, record.escalated(), endedAt));
		this.deadlines.cancel();
		this.input.stop();
		this.output.exitReported();
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

	/** The idempotency key of the start that created the session, if any. */
	@Nullable String requestId() {
		return this.spec.requestId();
	}

	/** Whether the session runs on a pseudo-terminal. */
	boolean tty() {
		return this.child.tty();
	}

	/** Bytes of the session's log on disk. */
	long logFileBytes() {
		return this.log.fileBytes();
	}

	/**
	 * Deletes the log file to keep within the disk budget; the memory window stays
	 * readable.
	 */
	void dropLogFile() {
		this.log.dropFile();
	}

	/** Reads that return output (the delivery cursor and reads by offset). */
	public SessionReads reads() {
		return this.output.reads();
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
		return this.state.current().endedAt();
	}

	/**
	 * Changes the label and time limits of a running session; the max runtime still
	 * counts from the start.
	 */
	public SessionSnapshot update(@Nullable String name, @Nullable Duration maxRuntime,
			@Nullable Duration idleTimeout) {
		this.state.update((s) -> {
			if (!s.running()) {
				throw new SessionException.Exited(snapshot());
			}
			return s.updated(name, maxRuntime, idleTimeout);
		});
		// After an exit the deadlines are cancelled for good and this does nothing.
		this.deadlines.follow(this.state::current);
		persist();
		return snapshot();
	}

	/** Whether the session was removed; its streams end. */
	public boolean removed() {
		return this.removed;
	}

	public boolean isRunning() {
		return this.state.current().running();
	}

	private void observe(byte[] buffer, int length) {
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
			this.output.awaitDrained(() -> !ProcessTable.sessionMembers(this.child.pid()).isEmpty());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finish(status);
	}

	private void finish(int status) {
		Instant at = this.clock.instant();
		this.state.update((s) -> s.exited(status, at));
		this.output.exitReported();
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
	 * Queues input for the process.
	 * @param data the bytes
	 * @param translateControls whether Ctrl-C and Ctrl-\ become signals on a pipe
	 * @param eof close stdin (pipe) or type Ctrl-D (tty) afterwards
	 * @param requestId a retried write with the same key is not written again
	 */
	public void write(byte[] data, boolean translateControls, boolean eof, @Nullable String requestId) {
		this.input.write(data, translateControls, eof, requestId);
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
		SessionState resized = this.state.update((s) -> {
			if (!s.running()) {
				throw new SessionException.Exited(snapshot());
			}
			if (!this.child.tty()) {
				throw new SessionException.NotATty(snapshot());
			}
			return s.resized(cols, rows);
		});
		// The terminal follows the state, outside any lock; a concurrent resize may
		// overtake this one, so this repeats until the terminal has the latest size.
		while (resized.running()) {
			this.child.resize(resized.cols(), resized.rows());
			SessionState now = this.state.current();
			if (now.cols() == resized.cols() && now.rows() == resized.rows()) {
				break;
			}
			resized = now;
		}
		return snapshot();
	}

	/**
	 * Terminates every process of the session (SIGHUP first on a tty, then the signal,
	 * SIGKILL after the grace) and waits until the exit has been reported.
	 */
	public SessionSnapshot terminate(EndReason reason, Signals.Signal signal, Duration grace) {
		boolean wasRunning = this.state.update((s) -> s.terminating(reason)).running();
		if (this.child.owned()) {
			// Recorded before SIGKILL, so the exit it causes already reports it.
			Terminator.terminate(this.child.pid(), this.child.tty(), signal, grace, () -> {
				if (wasRunning) {
					this.state.update(SessionState::escalating);
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
		this.state.update((s) -> s.warned(warning));
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
		long total = this.log.total();
		// One read: every field of the snapshot comes from the same state.
		SessionState s = this.state.current();
		long lastActivity = Math.max(lastOutput, this.input.lastInputNanos());
		long idleNanos = now - lastOutput;
		boolean waiting = s.running() && s.stdinOpen() && total > 0 && idleNanos >= INPUT_HINT_NANOS
				&& this.output.midLine();
		boolean tty = this.child.tty();
		return new SessionSnapshot(this.id, this.scope, s.name(), s.running(), s.exitCode(), s.signal(), s.endReason(),
				s.escalated(), this.child.pid(), tty, tty ? s.cols() : null, tty ? s.rows() : null, this.spec.cmd(),
				this.spec.argv(), this.workdir, this.startedAt, s.endedAt(),
				this.startedAt.plusNanos(lastActivity - this.startNanos), s.maxRuntimeMs(), s.idleTimeoutMs(), total,
				TimeUnit.NANOSECONDS.toMillis(idleNanos), waiting, s.stdinOpen(), this.log.truncated(),
				this.log.lostBytes(), s.warnings());
	}

}
