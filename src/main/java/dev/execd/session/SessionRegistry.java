package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import dev.execd.process.LaunchSpec;
import dev.execd.process.Launcher;
import dev.execd.process.Signals;
import dev.execd.process.SpawnException;
import dev.execd.process.Terminator;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.jspecify.annotations.Nullable;

/**
 * Every session of the server, by id, each visible only in its own scope. Starting with a
 * request id is idempotent: a retry joins the first attempt.
 */
public final class SessionRegistry implements AutoCloseable {

	/** Bytes of input that may wait for a child to read them. */
	static final long STDIN_QUEUE_CAPACITY = 1024 * 1024;

	private final ExecdProperties properties;

	private final Clock clock;

	private final SessionFiles files;

	private final SessionContext context;

	private final Map<String, String> serverEnv = System.getenv();

	private final ScheduledExecutorService timers = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("execd-timers").daemon().factory());

	private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();

	private final ConcurrentHashMap<RequestKey, CompletableFuture<Session>> requests = new ConcurrentHashMap<>();

	private final Journals journals = new Journals();

	private volatile boolean closing;

	private final java.util.concurrent.atomic.AtomicBoolean reaping = new java.util.concurrent.atomic.AtomicBoolean();

	private final SessionMetrics metrics;

	public SessionRegistry(ExecdProperties properties, Clock clock, MeterRegistry meters) {
		this.properties = properties;
		this.clock = clock;
		this.metrics = new SessionMetrics(meters, this.sessions::values);
		try {
			this.files = new SessionFiles(properties.output().dir());
		}
		catch (RuntimeException ex) {
			this.timers.shutdownNow();
			throw ex;
		}
		this.context = new SessionContext(clock, properties.process().killGrace(), this.timers, STDIN_QUEUE_CAPACITY,
				this.metrics, this.files);
		for (Session session : Recovery.recover(this.files, this.context, properties.process().killGrace())) {
			this.sessions.put(session.id(), session);
			this.journals.sessionStarted(session.scope());
		}
		long every = properties.limits().reapInterval().toMillis();
		this.timers.scheduleWithFixedDelay(this::reapInBackground, every, every, TimeUnit.MILLISECONDS);
	}

	/** Terminations take up to the grace: they must not hold the timer thread. */
	private void reapInBackground() {
		if (this.reaping.compareAndSet(false, true)) {
			Thread.ofVirtual().name("execd-reaper").start(() -> {
				try {
					reap();
				}
				finally {
					this.reaping.set(false);
				}
			});
		}
	}

	/**
	 * The outcome of a start: the session and whether this call created it.
	 */
	public record Started(Session session, boolean created) {

	}

	/**
	 * The live session a previous start with this request id created, if it still exists.
	 */
	public java.util.Optional<Session> started(Scope scope, String requestId) {
		CompletableFuture<Session> earlier = this.requests.get(new RequestKey(scope, requestId));
		if (earlier == null || !earlier.isDone() || earlier.isCompletedExceptionally()) {
			return java.util.Optional.empty();
		}
		Session session = earlier.join();
		return (this.sessions.get(session.id()) == session) ? java.util.Optional.of(session)
				: java.util.Optional.empty();
	}

	/**
	 * The one path of a start: joins the live session a previous start with this request
	 * id created, or starts one. The spec is built only for a new session, so a retry
	 * starts nothing whatever its body says.
	 */
	public Started startOrJoin(Scope scope, @Nullable String requestId, java.util.function.Supplier<SessionSpec> spec) {
		java.util.Optional<Session> earlier = (requestId != null) ? started(scope, requestId)
				: java.util.Optional.empty();
		return earlier.map((session) -> new Started(session, false)).orElseGet(() -> start(scope, spec.get()));
	}

	/**
	 * Starts a session, or returns the one a previous call with the same request id
	 * started while it still exists.
	 */
	public Started start(Scope scope, SessionSpec spec) {
		if (spec.requestId() == null) {
			return new Started(launch(scope, spec), true);
		}
		RequestKey key = new RequestKey(scope, spec.requestId());
		while (true) {
			CompletableFuture<Session> mine = new CompletableFuture<>();
			CompletableFuture<Session> earlier = this.requests.putIfAbsent(key, mine);
			if (earlier == null) {
				try {
					Session session = launch(scope, spec);
					mine.complete(session);
					return new Started(session, true);
				}
				catch (RuntimeException ex) {
					this.requests.remove(key, mine);
					mine.completeExceptionally(ex);
					throw ex;
				}
			}
			try {
				Session session = earlier.join();
				if (this.sessions.get(session.id()) == session) {
					return new Started(session, false);
				}
			}
			catch (CompletionException ex) {
				// The first attempt failed; this one tries again.
			}
			this.requests.remove(key, earlier);
		}
	}

	private Session launch(Scope scope, SessionSpec spec) {
		if (this.closing) {
			throw new SessionException.ShuttingDown();
		}
		makeRoom(scope);
		if (this.sessions.size() >= this.properties.limits().maxSessions()) {
			throw new SessionException.TooManySessions("the server holds " + this.properties.limits().maxSessions()
					+ " sessions (execd.limits.max-sessions)");
		}
		String id = SessionIds.next();
		LaunchSpec launch = Commands.resolve(spec, this.properties.process(), id, this.serverEnv);
		ExecdProperties.Output output = this.properties.output();
		OutputLog log;
		try {
			log = new OutputLog(this.files.log(id), output.maxLogSize().toBytes(),
					(int) output.memoryWindow().toBytes());
		}
		catch (UncheckedIOException ex) {
			// Out of descriptors, the log cannot be opened either.
			throw SpawnRefusals.of(SpawnException.of(ex.getCause()), launch.command().get(0));
		}
		Child child;
		Timer.Sample spawn = Timer.start();
		try {
			child = Launcher.start(launch);
		}
		catch (IOException ex) {
			log.delete();
			throw SpawnRefusals.of(SpawnException.of(ex), launch.command().get(0));
		}
		finally {
			spawn.stop(this.metrics.spawn());
		}
		Session session;
		try {
			session = new Session(id, scope, spec, launch.workdir().toString(), child, log, this.clock.instant(),
					this.context);
		}
		catch (RuntimeException | Error ex) {
			Terminator.terminate(child.pid(), child.tty(), Signals.SIGKILL, Duration.ZERO);
			child.release();
			log.delete();
			this.files.delete(id);
			throw ex;
		}
		this.sessions.put(id, session);
		try {
			// First, so that a discard below balances it.
			EventJournal journal = this.journals.sessionStarted(scope);
			this.metrics.started();
			warnNearCap(scope, session);
			SessionSnapshot started = session.snapshot();
			journal.publish("session_started", started);
			Audit.started(started);
			session.start((ended) -> {
				Audit.ended(ended);
				journal.publish("session_exited", ended);
			});
			if (spec.stdin() != null && spec.stdin().length > 0) {
				session.write(spec.stdin(), true, false, null);
			}
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
		if (this.sessions.remove(session.id(), session)) {
			try {
				session.terminate(EndReason.KILLED, Signals.SIGKILL, Duration.ZERO);
			}
			finally {
				release(session, true);
			}
		}
	}

	/**
	 * Evicts per {@link EvictionPolicy} until the scope has room for one more session.
	 * Concurrent starts may overshoot the cap by a few; the next start evicts again.
	 */
	private void makeRoom(Scope scope) {
		ExecdProperties.Limits limits = this.properties.limits();
		while (true) {
			List<Session> inScope = inScope(scope);
			List<EvictionPolicy.Candidate> candidates = inScope.stream()
				.map((s) -> new EvictionPolicy.Candidate(s.id(), s.isRunning(), s.lastTouched()))
				.toList();
			switch (EvictionPolicy.decide(candidates, limits.maxSessionsPerConversation(), limits.protectedRecent())) {
				case EvictionPolicy.Admit admit -> {
					return;
				}
				case EvictionPolicy.Refuse refuse -> throw new SessionException.TooManySessions("the conversation has "
						+ inScope.size() + " sessions, all recently used (execd.limits.max-sessions-per-conversation)");
				case EvictionPolicy.Evict evict -> {
					if (removeEach((s) -> s.id().equals(evict.id()), EndReason.EVICTED) > 0) {
						this.metrics.evicted();
					}
				}
			}
		}
	}

	private void warnNearCap(Scope scope, Session session) {
		ExecdProperties.Limits limits = this.properties.limits();
		int count = inScope(scope).size();
		if (count >= limits.warnSessionsPerConversation()) {
			session.warn("this conversation has " + count + " sessions; beyond " + limits.maxSessionsPerConversation()
					+ " the least recently used are evicted (DELETE sessions you no longer need)");
		}
	}

	private List<Session> inScope(Scope scope) {
		return this.sessions.values().stream().filter((s) -> s.scope().equals(scope)).toList();
	}

	/**
	 * The reaper's pass: expires running sessions nobody used for the inactivity TTL,
	 * removes ended ones past their retention, and keeps the logs within the disk budget
	 * by dropping the files of the sessions that ended first.
	 */
	void reap() {
		ExecdProperties.Limits limits = this.properties.limits();
		java.time.Instant now = this.clock.instant();
		Map<String, ReapPolicy.Verdict> verdicts = new java.util.HashMap<>();
		for (Session session : this.sessions.values()) {
			verdicts.put(session.id(), ReapPolicy.verdict(now, limits.inactivityTtl(), limits.endedRetention(),
					session.isRunning(), session.lastTouched(), session.endedAt(), session.reads().subscribers()));
		}
		removeEach((s) -> verdicts.get(s.id()) == ReapPolicy.Verdict.EXPIRE, EndReason.EXPIRED);
		removeEach((s) -> verdicts.get(s.id()) == ReapPolicy.Verdict.REMOVE, EndReason.EXPIRED);
		DiskBudget.enforce(List.copyOf(this.sessions.values()), this.properties.output().maxTotalLogSize().toBytes());
	}

	/**
	 * The session with this id in this scope.
	 * @throws SessionException.NotFound when there is none, or it belongs elsewhere
	 */
	public Session find(Scope scope, String id) {
		Session session = SessionIds.isWellFormed(id) ? this.sessions.get(id) : null;
		if (session == null || !session.scope().equals(scope)) {
			throw new SessionException.NotFound(id);
		}
		session.touch();
		return session;
	}

	/**
	 * The scope's sessions, newest first.
	 * @param running only running ones (true), only ended ones (false), or all (null)
	 */
	public List<SessionSnapshot> list(Scope scope, @Nullable Boolean running) {
		return this.sessions.values()
			.stream()
			.filter((session) -> session.scope().equals(scope))
			.map(Session::snapshot)
			.filter((snapshot) -> running == null || snapshot.running() == running)
			.sorted(Comparator.comparing(SessionSnapshot::startedAt).reversed())
			.toList();
	}

	/**
	 * Terminates a session's processes and removes it with its log.
	 * @return its final state
	 */
	public SessionSnapshot remove(Scope scope, String id, Signals.Signal signal, Duration grace) {
		Session session = find(scope, id);
		if (!this.sessions.remove(id, session)) {
			throw new SessionException.NotFound(id);
		}
		try {
			return session.terminate(EndReason.KILLED, signal, grace);
		}
		finally {
			release(session, true);
		}
	}

	/**
	 * Terminates and removes every session of the scope.
	 * @return how many were removed
	 */
	public int removeAll(Scope scope) {
		return removeEach((session) -> session.scope().equals(scope), EndReason.KILLED);
	}

	/**
	 * Removes the sessions that match, terminating them in parallel: each may need its
	 * whole grace.
	 */
	private int removeEach(java.util.function.Predicate<Session> which, EndReason reason) {
		List<Thread> terminations = new java.util.ArrayList<>();
		for (Session session : List.copyOf(this.sessions.values())) {
			if (which.test(session) && this.sessions.remove(session.id(), session)) {
				terminations.add(Thread.ofVirtual().name("execd-remove-" + session.id()).start(() -> {
					try {
						session.terminate(reason, Signals.SIGTERM, this.properties.process().killGrace());
					}
					finally {
						release(session, reason != EndReason.SHUTDOWN);
					}
				}));
			}
		}
		for (Thread termination : terminations) {
			try {
				termination.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		return terminations.size();
	}

	/**
	 * Releases a terminated session; at shutdown its log and metadata stay on disk for
	 * the next server.
	 */
	private void release(Session session, boolean deleteFiles) {
		if (session.spec.requestId() != null) {
			this.requests.remove(new RequestKey(session.scope(), session.spec.requestId()));
		}
		session.release(deleteFiles);
		this.journals.sessionRemoved(session.scope(), session.snapshot());
	}

	/**
	 * The lifecycle events of a scope, for one event stream, which must
	 * {@link #unsubscribe} when it ends.
	 * @throws SessionException.TooManySubscribers when too many conversations without
	 * sessions are followed already
	 */
	public EventJournal subscribe(Scope scope) {
		return this.journals.subscribe(scope);
	}

	public void unsubscribe(Scope scope, EventJournal journal) {
		this.journals.unsubscribe(scope, journal);
	}

	/** How many conversations have a journal: those with sessions or event streams. */
	public int journalCount() {
		return this.journals.size();
	}

	/** Refuses new sessions, terminates every session and ends every stream. */
	@Override
	public synchronized void close() {
		if (this.closing) {
			return;
		}
		this.closing = true;
		removeEach((session) -> true, EndReason.SHUTDOWN);
		this.journals.close();
		this.timers.shutdownNow();
		this.files.close();
	}

	private record RequestKey(Scope scope, String requestId) {

		RequestKey {
			Objects.requireNonNull(requestId);
		}

	}

}
