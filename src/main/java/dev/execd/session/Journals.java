package dev.execd.session;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

import org.jspecify.annotations.Nullable;

/**
 * The lifecycle-event journals, one per conversation that has sessions or open event
 * streams. A conversation id is whatever a client sends, so a journal is not kept for
 * ever once its conversation has neither: it is kept for {@link #IDLE_KEPT} (at most
 * {@link #MAX_IDLE} such journals, the oldest going first), so that a client whose stream
 * broke while the last session went still receives that removal when it resumes with
 * {@code Last-Event-ID}. A journal with no events is dropped at once.
 * <p>
 * Sequence numbers stay increasing per conversation across journals: a new journal
 * continues after the highest number any dropped journal of the same tenant handed out,
 * so a client that resumes with an id from an earlier journal receives every event of the
 * new one. The floor is the tenant's, not the server's, so the first number of a new
 * conversation says nothing about other tenants' activity.
 * <p>
 * Counts change only inside {@link ConcurrentHashMap#compute}, which is atomic per
 * conversation, so a stream that subscribes while the last session goes never loses its
 * journal. The idle journals and the floors are guarded by {@link #idle}'s lock, taken
 * inside those computations.
 */
public final class Journals {

	/** Conversations followed by event streams alone (without sessions) at most. */
	static final int MAX_FOLLOWED = 10_000;

	/**
	 * How long a journal is kept once its conversation has neither sessions nor streams.
	 */
	static final Duration IDLE_KEPT = Duration.ofMinutes(5);

	/** Journals kept without sessions or streams at most. */
	static final int MAX_IDLE = 1000;

	private final ConcurrentHashMap<Scope, EventJournal> journals = new ConcurrentHashMap<>();

	/**
	 * Journals without sessions or streams, oldest first, each with when it became idle.
	 */
	private final LinkedHashMap<Scope, Idle> idle = new LinkedHashMap<>();

	/** Per tenant, the highest number a dropped journal handed out. */
	private final Map<String, Long> floors = new HashMap<>();

	private final LongSupplier clock;

	private final List<EventListener> listeners = new CopyOnWriteArrayList<>();

	private final EventListener listener = (scope, event) -> this.listeners
		.forEach((each) -> each.published(scope, event));

	public Journals() {
		this(System::nanoTime);
	}

	/** With {@code clock} in nanoseconds, for tests. */
	Journals(LongSupplier clock) {
		this.clock = clock;
	}

	/** Adds a listener that sees every event of every journal from now on. */
	public void listen(EventListener added) {
		this.listeners.add(added);
	}

	/** The journal a new session of {@code scope} publishes to for its whole life. */
	EventJournal sessionStarted(Scope scope) {
		return this.journals.compute(scope, (key, journal) -> {
			EventJournal current = (journal != null) ? journal : revive(key);
			current.sessions++;
			return current;
		});
	}

	/**
	 * Publishes an event of a live session of {@code scope} (which has a journal while it
	 * has sessions); does nothing for a scope without one.
	 */
	void publish(Scope scope, String type, SessionSnapshot session, @Nullable EventDetail detail) {
		EventJournal journal = this.journals.get(scope);
		if (journal != null) {
			journal.publish(type, session, detail);
		}
	}

	/**
	 * A session released: publishes its removal when it is {@code removed}, nothing when
	 * it was only ended at shutdown with its files kept for the next server, which lists
	 * it again (streams and webhooks would forget a session that still exists). The
	 * journal goes idle when nothing follows it.
	 */
	void sessionReleased(Scope scope, SessionSnapshot last, boolean removed) {
		this.journals.computeIfPresent(scope, (key, journal) -> {
			if (removed) {
				journal.publish("session_removed", last);
			}
			journal.sessions--;
			return keepOrPark(journal);
		});
	}

	/**
	 * The journal an event stream of {@code scope} reads; pair with {@link #unsubscribe}.
	 * @throws SessionException.TooManySubscribers when it would be a new journal past
	 * {@link #MAX_FOLLOWED}
	 */
	public EventJournal subscribe(Scope scope) {
		return this.journals.compute(scope, (key, journal) -> {
			if (journal == null && this.journals.size() >= MAX_FOLLOWED) {
				throw new SessionException.TooManySubscribers("execd already follows " + MAX_FOLLOWED
						+ " conversations; streams of conversations without sessions are refused until some end");
			}
			EventJournal current = (journal != null) ? journal : revive(key);
			current.subscribers++;
			return current;
		});
	}

	public void unsubscribe(Scope scope, EventJournal subscribed) {
		this.journals.computeIfPresent(scope, (key, journal) -> {
			if (journal != subscribed) {
				return journal;
			}
			journal.subscribers--;
			return keepOrPark(journal);
		});
	}

	/**
	 * The idle journal of {@code scope} if one is kept, else a new one after its floor.
	 */
	private EventJournal revive(Scope scope) {
		synchronized (this.idle) {
			expire();
			Idle kept = this.idle.remove(scope);
			if (kept != null) {
				return kept.journal();
			}
			return new EventJournal(scope, this.floors.getOrDefault(scope.tenant(), 0L), this.listener);
		}
	}

	/**
	 * The journal while anything follows it, else null, after parking it if it has
	 * events.
	 */
	private @Nullable EventJournal keepOrPark(EventJournal journal) {
		if (journal.sessions > 0 || journal.subscribers > 0) {
			return journal;
		}
		synchronized (this.idle) {
			if (journal.lastSeq() > journal.firstSeq()) {
				this.idle.put(journal.scope(), new Idle(journal, this.clock.getAsLong()));
			}
			else {
				drop(journal);
			}
			expire();
		}
		return null;
	}

	/** Drops the idle journals kept too long, and the oldest past {@link #MAX_IDLE}. */
	private void expire() {
		long now = this.clock.getAsLong();
		Iterator<Idle> oldest = this.idle.values().iterator();
		while (oldest.hasNext()) {
			Idle next = oldest.next();
			if (this.idle.size() <= MAX_IDLE && now - next.since() < IDLE_KEPT.toNanos()) {
				return;
			}
			oldest.remove();
			drop(next.journal());
		}
	}

	private void drop(EventJournal journal) {
		this.floors.merge(journal.scope().tenant(), journal.lastSeq(), Math::max);
	}

	/** How many conversations have sessions or event streams. */
	public int size() {
		return this.journals.size();
	}

	/** Ends every stream (at shutdown). */
	void close() {
		this.journals.values().forEach(EventJournal::close);
	}

	private record Idle(EventJournal journal, long since) {
	}

}
