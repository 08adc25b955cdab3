package dev.execd.session;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import dev.execd.process.Signals;
import org.jspecify.annotations.Nullable;

/**
 * One live session: its leader process, the readers that copy its output into the log,
 * its stdin writer, and its state. The web layer sees only {@link SessionSnapshot}s.
 */
public final class Session {

	private final SessionFacts facts;

	private final Child child;

	private final OutputLog log;

	private final SessionContext context;

	private final SessionPersistence persistence;

	private final SessionInput input;

	private final SessionExit exit;

	private final SessionOutput output;

	private final SessionStateHolder state;

	private final Deadlines deadlines;

	private final SessionTerminal terminal;

	/** When a call or stream last touched the session, for the TTL and eviction. */
	private volatile Instant lastTouched;

	/** Set once the session was removed: streams end. */
	private volatile boolean removed;

	Session(String id, Scope scope, SessionSpec spec, String workdir, Child child, OutputLog log, Instant startedAt,
			SessionContext context) {
		long startNanos = System.nanoTime();
		this.facts = new SessionFacts(id, scope, spec, workdir, child.pid(), child.tty(), startedAt, startNanos,
				new SessionWatch(child));
		this.child = child;
		this.log = log;
		this.context = context;
		this.lastTouched = startedAt;
		this.persistence = new SessionPersistence(context.files(), id, child);
		log.onWriteFailure(new LogWriteFailures(id, this::warn, context.metrics()));
		this.state = new SessionStateHolder(SessionState.initial(spec));
		this.terminal = new SessionTerminal(child, this.state, log, context.scrollbackLines());
		this.output = new SessionOutput(log, child, () -> !isRunning(), this::warn, this::snapshot, this::touch,
				this.terminal.screenText(), context.watches().create(id, spec, context, this::snapshot, this::warn));
		this.input = new SessionInput(child, context.stdinCapacity(), startNanos, this.state, this::snapshot);
		this.exit = new SessionExit(id, child, spec.shellSession(), this.state, this::snapshot);
		this.deadlines = new Deadlines(context.timers(), log, startNanos,
				(reason) -> this.exit.expire(reason, context.killGrace()));
	}

	/**
	 * Starts copying output and watching for the exit. Separate from construction so the
	 * registry can announce the start before the exit can be announced.
	 * @param onExit receives the final state once the exit has been reported
	 */
	void start(Consumer<SessionSnapshot> onExit) {
		this.output.start(this.child.outputs(), (buffer, length) -> {
			this.context.metrics().output(length);
			this.terminal.observe(buffer, length);
		}, this.terminal::appended);
		this.child.exit().whenComplete((status, failure) -> Thread.ofVirtual().name("execd-drain-" + id()).start(() -> {
			this.output.awaitDrained(this.child.pid());
			finish((status != null) ? status : -1);
		}));
		this.exit.onExit(onExit);
		this.deadlines.follow(this.state::current);
		this.persistence.save(this::snapshot);
	}

	/** Restores a session found on disk after a restart; its process is not ours. */
	void restore(SessionRecord record, EndReason reason, Instant endedAt) {
		this.state.update((s) -> s.restored(record.exitCode(), reason, record.escalated(), endedAt));
		this.deadlines.cancel();
		this.input.stop();
		this.output.exitReported();
		this.exit.report(snapshot());
		this.persistence.save(this::snapshot);
	}

	public String id() {
		return this.facts.id();
	}

	public Scope scope() {
		return this.facts.scope();
	}

	/** The idempotency key of the start that created the session, if any. */
	@Nullable String requestId() {
		return this.facts.spec().requestId();
	}

	/** The session's log, for the disk budget and the metrics. */
	OutputLog log() {
		return this.log;
	}

	/** Reads that return output (the delivery cursor and reads by offset). */
	public SessionReads reads() {
		return this.output.reads();
	}

	/** Completes with the final state once the process ended and its output drained. */
	public CompletableFuture<SessionSnapshot> ended() {
		return this.exit.ended();
	}

	/** Records activity of a client: a call or an open stream. */
	void touch() {
		this.lastTouched = this.context.clock().instant();
	}

	Instant lastTouched() {
		return this.lastTouched;
	}

	/** When input was last queued ({@link System#nanoTime}), a shell's own lines too. */
	long lastInputNanos() {
		return this.input.lastInputNanos();
	}

	@Nullable Instant endedAt() {
		return this.state.current().endedAt();
	}

	/** Changes a running session's label and limits (max runtime: from the start). */
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
		this.persistence.save(this::snapshot);
		return snapshot();
	}

	/** Whether the session runs on a pseudo-terminal. */
	boolean tty() {
		return this.facts.tty();
	}

	SessionWatch watch() {
		return this.facts.watch();
	}

	/** Whether the session was removed; its streams end. */
	public boolean removed() {
		return this.removed;
	}

	public boolean isRunning() {
		return this.state.current().running();
	}

	private void finish(int status) {
		Instant at = this.context.clock().instant();
		this.state.update((s) -> s.exited(status, at));
		this.output.exitReported();
		this.deadlines.cancel();
		this.input.stop();
		// On disk before anyone is told: a crash right after a client saw the exit
		// must not bring the session back as lost.
		this.persistence.save(this::snapshot);
		SessionSnapshot last = snapshot();
		this.context.metrics().ended(last.endReason());
		// Announced before polls wake: a client acting on the exit never overtakes it.
		this.exit.report(last);
		this.log.notifyChanged();
	}

	/** Types input encoded for the terminal and its cursor mode; see {@link Typing}. */
	public void type(List<Input> inputs, @Nullable String requestId) {
		Typing.Encoded encoded = Typing.encode(inputs, tty(), this.terminal.applicationCursor());
		this.input.write(encoded.segments(), encoded.eof(), requestId);
	}

	/** Queues bytes for the process; see {@link SessionInput#write}. */
	public long write(byte[] data, boolean translateControls, boolean eof, @Nullable String requestId) {
		return this.input.write(data, translateControls, eof, requestId);
	}

	/** Sends a signal per {@link SessionInput#signal}. */
	public SessionSnapshot signal(int number) {
		this.input.signalRunning(number);
		return snapshot();
	}

	/** Resizes the terminal; see {@link SessionTerminal#resize}. */
	public SessionSnapshot resize(int cols, int rows) {
		this.terminal.resize(cols, rows, this::snapshot);
		return snapshot();
	}

	/** What the terminal shows; see {@link SessionTerminal#screen}. */
	public ScreenSnapshot screen(int scrollback) {
		return this.terminal.screen(scrollback, this::snapshot);
	}

	/** The screen's text for waits, caught up at each call; null on a pipe. */
	public @Nullable Supplier<String> screenText() {
		return this.terminal.screenText();
	}

	/** Terminates the session's processes; see {@link SessionExit#terminate}. */
	public SessionSnapshot terminate(EndReason reason, Signals.Signal signal, Duration grace) {
		return this.exit.terminate(reason, signal, grace);
	}

	/** Releases a terminated session's streams, and its files unless kept (shutdown). */
	void release(boolean deleteFiles) {
		this.removed = true;
		this.deadlines.cancel();
		this.input.stop();
		this.child.release();
		this.persistence.release(this.log, deleteFiles, this::snapshot);
	}

	void warn(String warning) {
		this.state.update((s) -> s.warned(warning));
	}

	public SessionSnapshot snapshot() {
		return this.facts.snapshot(this.state.current(), this.log, lastInputNanos(), this.output);
	}

}
