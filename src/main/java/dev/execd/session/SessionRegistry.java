package dev.execd.session;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.execd.config.ExecdProperties;
import dev.execd.process.Signals;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Every session of the server, by id, each visible only in its own scope. Starting with a
 * request id is idempotent: a retry joins the first attempt. The registry is the store;
 * {@link SessionLauncher} spawns, the {@link Reaper} decides what goes.
 */
public final class SessionRegistry implements AutoCloseable {

	/** Bytes of input that may wait for a child to read them. */
	static final long STDIN_QUEUE_CAPACITY = 1024 * 1024;

	private final ExecdProperties properties;

	private final SessionFiles files;

	private final SessionTable sessions = new SessionTable();

	private final StartRequests requests = new StartRequests(this.sessions::holds);

	private final Journals journals = new Journals();

	private final ExclusiveKeys keys = new ExclusiveKeys();

	private final Reaper reaper;

	private final SessionLauncher launcher;

	private final SessionContext context;

	private volatile boolean closing;

	public SessionRegistry(ExecdProperties properties, Clock clock, MeterRegistry meters) {
		this.properties = properties;
		SessionMetrics metrics = new SessionMetrics(meters, this.sessions::values);
		this.reaper = new Reaper(properties, clock, this.sessions::values, this::removeEach, metrics::evicted);
		this.files = SessionFiles.open(properties.output().dir(), this.reaper::close);
		SessionMonitor monitor = new SessionMonitor(this.sessions::values, this.journals, clock,
				properties.limits().reapInterval());
		this.context = new SessionContext(clock, properties.process().killGrace(), this.reaper.timers(),
				STDIN_QUEUE_CAPACITY, metrics, this.files, properties.screen().scrollbackLines(), new Shells(),
				this.journals, new Watches(), monitor, this.reaper.logChannels());
		this.launcher = new SessionLauncher(properties, this.context);
		for (Session session : Recovery.recover(this.files, this.context, properties.process().killGrace())) {
			this.sessions.put(session);
			this.journals.sessionStarted(session.scope());
		}
		this.reaper.schedule();
		monitor.start();
	}

	/** The outcome of a start: the session and whether this call created it. */
	public record Started(Session session, boolean created) {

	}

	/**
	 * The one path of a start: joins the live session a previous start with this request
	 * id created, or starts one. The spec is built only for a new session, so a retry
	 * starts nothing whatever its body says.
	 */
	public Started startOrJoin(Scope scope, @Nullable String requestId, Supplier<SessionSpec> spec) {
		Optional<Session> earlier = (requestId != null) ? this.requests.started(scope, requestId) : Optional.empty();
		return earlier.map((session) -> new Started(session, false)).orElseGet(() -> start(scope, spec.get()));
	}

	/**
	 * Starts a session, or returns the one a previous call with the same request id
	 * started while it still exists.
	 */
	public Started start(Scope scope, SessionSpec spec) {
		return this.requests.start(scope, spec, () -> launch(scope, spec));
	}

	private Session launch(Scope scope, SessionSpec spec) {
		if (this.closing) {
			throw new SessionException.ShuttingDown();
		}
		Session session = this.keys.holding(scope.tenant(), spec.exclusive(), () -> {
			this.reaper.makeRoom(scope);
			return this.launcher.spawn(scope, spec);
		});
		this.sessions.put(session);
		try {
			// First, so that a discard below balances it.
			EventJournal journal = this.journals.sessionStarted(scope);
			this.reaper.warnNearCap(scope, session);
			this.launcher.announce(session, spec, journal);
		}
		catch (RuntimeException | Error ex) {
			discard(session);
			throw ex;
		}
		return session;
	}

	/**
	 * Kills and removes a session whose start failed after its process was spawned: the
	 * caller never learned its id, so nobody else would.
	 */
	public void discard(Session session) {
		if (this.sessions.remove(session)) {
			killAndRelease(session, Signals.SIGKILL, Duration.ZERO);
		}
	}

	/** One pass of the reaper; see {@link Reaper#reap}. */
	void reap() {
		this.reaper.reap();
	}

	/**
	 * The session with this id in this scope.
	 * @throws SessionException.NotFound when there is none, or it belongs elsewhere
	 */
	public Session find(Scope scope, String id) {
		Session session = this.sessions.lookup(scope, id);
		session.touch();
		return session;
	}

	/**
	 * The session to follow from {@code offset}, or null when there is nothing left to
	 * follow: it ended and all its output lies before {@code offset}. Only a stream that
	 * goes on counts as use, so clients reconnecting after the end (EventSource does so
	 * forever) do not keep an ended session from being reaped.
	 * @throws SessionException.NotFound when there is none, or it belongs elsewhere
	 */
	public @Nullable Session follow(Scope scope, String id, long offset) {
		Session session = this.sessions.lookup(scope, id);
		if (session.reads().finishedAt(offset)) {
			return null;
		}
		session.touch();
		return session;
	}

	/**
	 * The scope's sessions, newest first.
	 * @param running only running ones (true), only ended ones (false), or all (null)
	 */
	public List<SessionSnapshot> list(Scope scope, @Nullable Boolean running) {
		return this.sessions.list(scope, running);
	}

	/**
	 * Terminates a session's processes with {@code signal} (a number from
	 * {@link SignalNames}) and removes it with its log; returns its final state.
	 */
	public SessionSnapshot remove(Scope scope, String id, int signal, Duration grace) {
		Session session = find(scope, id);
		if (!this.sessions.remove(session)) {
			throw new SessionException.NotFound(id);
		}
		return killAndRelease(session, Signals.parse(signal).orElseThrow(), grace);
	}

	private SessionSnapshot killAndRelease(Session session, Signals.Signal signal, Duration grace) {
		try {
			return session.terminate(EndReason.KILLED, signal, grace);
		}
		finally {
			release(session, true);
		}
	}

	/** Terminates and removes every session of the scope; returns how many. */
	public int removeAll(Scope scope) {
		return removeEach((session) -> session.scope().equals(scope), EndReason.KILLED);
	}

	/**
	 * Removes the sessions that match, terminating them in parallel: each may need its
	 * whole grace.
	 */
	private int removeEach(Predicate<Session> which, EndReason reason) {
		List<Session> removed = this.sessions.removeAll(which);
		Terminations.inParallel(removed, (session) -> {
			try {
				session.terminate(reason, Signals.SIGTERM, this.properties.process().killGrace());
			}
			finally {
				release(session, reason != EndReason.SHUTDOWN);
			}
		});
		return removed.size();
	}

	/**
	 * Releases a terminated session; at shutdown its log and metadata stay on disk for
	 * the next server, so it is not removed and no {@code session_removed} is published.
	 */
	private void release(Session session, boolean deleteFiles) {
		this.requests.released(session);
		session.release(deleteFiles);
		shells().remove(session.id());
		watches().remove(session.id());
		monitor().released(session);
		this.journals.sessionReleased(session.scope(), session.snapshot(), deleteFiles);
	}

	/** The command queues of shell sessions. */
	public Shells shells() {
		return this.context.shells();
	}

	/** The watches of sessions. */
	public Watches watches() {
		return this.context.watches();
	}

	/** Follows the sessions' processes: {@link SessionMonitor#processes}. */
	public SessionMonitor monitor() {
		return this.context.monitor();
	}

	/** The conversations' event journals, for event streams and event listeners. */
	public Journals journals() {
		return this.journals;
	}

	/** Refuses new sessions, terminates every session and ends every stream. */
	@Override
	public synchronized void close() {
		if (this.closing) {
			return;
		}
		this.closing = true;
		this.keys.close();
		removeEach((session) -> true, EndReason.SHUTDOWN);
		monitor().close();
		this.journals.close();
		this.reaper.close();
		this.files.close();
	}

}
