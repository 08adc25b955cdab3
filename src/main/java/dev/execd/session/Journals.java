package dev.execd.session;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * The lifecycle-event journals, one per conversation that has sessions or open event
 * streams, and no others: a conversation id is whatever a client sends, so a journal is
 * dropped as soon as its conversation has neither. Its replay window could then only hold
 * the removals of sessions nobody follows.
 * <p>
 * Sequence numbers stay increasing per conversation across journals: a new journal
 * continues after the highest number any dropped journal handed out, so a client that
 * resumes with an id from an earlier journal receives every event of the new one.
 * <p>
 * Counts change only inside {@link ConcurrentHashMap#compute}, which is atomic per
 * conversation, so a stream that subscribes while the last session goes never loses its
 * journal.
 */
public final class Journals {

	/** Conversations followed by event streams alone (without sessions) at most. */
	static final int MAX_FOLLOWED = 10_000;

	private final ConcurrentHashMap<Scope, EventJournal> journals = new ConcurrentHashMap<>();

	private final AtomicLong floor = new AtomicLong();

	private final List<EventListener> listeners = new CopyOnWriteArrayList<>();

	private final EventListener listener = (scope, event) -> this.listeners
		.forEach((each) -> each.published(scope, event));

	/** Adds a listener that sees every event of every journal from now on. */
	public void listen(EventListener added) {
		this.listeners.add(added);
	}

	/** The journal a new session of {@code scope} publishes to for its whole life. */
	EventJournal sessionStarted(Scope scope) {
		return this.journals.compute(scope, (key, journal) -> {
			EventJournal current = (journal != null) ? journal : new EventJournal(key, this.floor.get(), this.listener);
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

	/** Publishes a session's removal; the journal goes when nothing follows it. */
	void sessionRemoved(Scope scope, SessionSnapshot removed) {
		this.journals.computeIfPresent(scope, (key, journal) -> {
			journal.publish("session_removed", removed);
			journal.sessions--;
			return keepOrDrop(journal);
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
			EventJournal current = (journal != null) ? journal : new EventJournal(key, this.floor.get(), this.listener);
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
			return keepOrDrop(journal);
		});
	}

	private EventJournal keepOrDrop(EventJournal journal) {
		if (journal.sessions > 0 || journal.subscribers > 0) {
			return journal;
		}
		this.floor.accumulateAndGet(journal.lastSeq(), Math::max);
		return null;
	}

	/** How many conversations have a journal: those with sessions or event streams. */
	public int size() {
		return this.journals.size();
	}

	/** Ends every stream (at shutdown). */
	void close() {
		this.journals.values().forEach(EventJournal::close);
	}

}
