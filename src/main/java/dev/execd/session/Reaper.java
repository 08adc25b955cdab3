package dev.execd.session;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.execd.config.ExecdProperties;
import dev.execd.output.IdleChannels;

/**
 * Decides which sessions go, and owns the registry's one timer thread. On every interval
 * it expires and removes sessions per {@link ReapPolicy} and keeps the logs within the
 * {@link DiskBudget}; before a start it evicts per {@link EvictionPolicy}. Its timer also
 * closes the log files of idle sessions ({@link IdleChannels}). It reads the sessions as
 * a copy and removes through the registry, which stays their only store.
 */
final class Reaper implements AutoCloseable {

	/** Removes the sessions that match, terminated for the reason; returns how many. */
	@FunctionalInterface
	interface Removal {

		int removeEach(Predicate<Session> which, EndReason reason);

	}

	private final ScheduledExecutorService timers = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("execd-timers").daemon().factory());

	private final AtomicBoolean reaping = new AtomicBoolean();

	private final IdleChannels logChannels;

	private final ExecdProperties.Limits limits;

	private final long diskBudget;

	private final Clock clock;

	private final Supplier<Collection<Session>> sessions;

	private final Removal removal;

	private final Runnable evicted;

	Reaper(ExecdProperties properties, Clock clock, Supplier<Collection<Session>> sessions, Removal removal,
			Runnable evicted) {
		this.limits = properties.limits();
		this.diskBudget = properties.output().maxTotalLogSize().toBytes();
		this.clock = clock;
		this.sessions = sessions;
		this.removal = removal;
		this.evicted = evicted;
		this.logChannels = new IdleChannels(properties.output().logIdleClose(), this.timers);
	}

	/** Closes the log files of idle sessions, on the timer thread. */
	IdleChannels logChannels() {
		return this.logChannels;
	}

	/** The timer thread, shared with the sessions' deadlines. */
	ScheduledExecutorService timers() {
		return this.timers;
	}

	/** Starts reaping every {@code execd.limits.reap-interval}. */
	void schedule() {
		long every = this.limits.reapInterval().toMillis();
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
	 * One pass: expires running sessions nobody used for the inactivity TTL, removes
	 * ended ones past their retention, and keeps the logs within the disk budget by
	 * dropping the files of the sessions that ended first.
	 */
	void reap() {
		Instant now = this.clock.instant();
		Map<String, ReapPolicy.Verdict> verdicts = new HashMap<>();
		for (Session session : List.copyOf(this.sessions.get())) {
			verdicts.put(session.id(),
					ReapPolicy.verdict(now, this.limits.inactivityTtl(), this.limits.endedRetention(),
							session.isRunning(), session.lastTouched(), session.endedAt(),
							session.reads().subscribers()));
		}
		this.removal.removeEach((s) -> verdicts.get(s.id()) == ReapPolicy.Verdict.EXPIRE, EndReason.EXPIRED);
		this.removal.removeEach((s) -> verdicts.get(s.id()) == ReapPolicy.Verdict.REMOVE, EndReason.EXPIRED);
		DiskBudget.enforce(List.copyOf(this.sessions.get()), this.diskBudget);
	}

	/**
	 * Evicts per {@link EvictionPolicy} until the scope has room for one more session.
	 * Concurrent starts may overshoot the cap by a few; the next start evicts again.
	 * @throws SessionException.TooManySessions when every session of the scope is
	 * protected, or the server holds its maximum of sessions
	 */
	void makeRoom(Scope scope) {
		makeRoomInScope(scope);
		if (this.sessions.get().size() >= this.limits.maxSessions()) {
			throw new SessionException.TooManySessions(
					"the server holds " + this.limits.maxSessions() + " sessions (execd.limits.max-sessions)");
		}
	}

	private void makeRoomInScope(Scope scope) {
		while (true) {
			List<Session> inScope = inScope(scope);
			List<EvictionPolicy.Candidate> candidates = inScope.stream()
				.map((s) -> new EvictionPolicy.Candidate(s.id(), s.isRunning(), s.lastTouched()))
				.toList();
			switch (EvictionPolicy.decide(candidates, this.limits.maxSessionsPerConversation(),
					this.limits.protectedRecent())) {
				case EvictionPolicy.Admit admit -> {
					return;
				}
				case EvictionPolicy.Refuse refuse -> throw new SessionException.TooManySessions("the conversation has "
						+ inScope.size() + " sessions, all recently used (execd.limits.max-sessions-per-conversation)");
				case EvictionPolicy.Evict evict -> {
					if (this.removal.removeEach((s) -> s.id().equals(evict.id()), EndReason.EVICTED) > 0) {
						this.evicted.run();
					}
				}
			}
		}
	}

	/** Tells a new session when its conversation nears the cap. */
	void warnNearCap(Scope scope, Session session) {
		int count = inScope(scope).size();
		if (count >= this.limits.warnSessionsPerConversation()) {
			session
				.warn("this conversation has " + count + " sessions; beyond " + this.limits.maxSessionsPerConversation()
						+ " the least recently used are evicted (DELETE sessions you no longer need)");
		}
	}

	private List<Session> inScope(Scope scope) {
		return this.sessions.get().stream().filter((s) -> s.scope().equals(scope)).toList();
	}

	@Override
	public void close() {
		this.timers.shutdownNow();
	}

}
