package dev.execd.session;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

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
final class Journals {

	/** Conversations followed by event streams alone (without sessions) at most. */
	static final int MAX_FOLLOWED = 10_000;

	private final ConcurrentHashMap<Scope, EventJournal> journals = new ConcurrentHashMap<>();

	private final AtomicLong floor = new AtomicLong();

	/** The journal a new session of {@code scope} publishes to for its whole life. */
	EventJournal sessionStarted(Scope scope) {
		return this.journals.compute(scope, (key, journal) -> {
			EventJournal current = (journal != null) ? journal : new EventJournal(this.floor.get());
			current.sessions++;
			return current;
		});
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
	EventJournal subscribe(Scope scope) {
		return this.journals.compute(scope, (key, journal) -> {
			if (journal == null && this.journals.size() >= MAX_FOLLOWED) {
				throw new SessionException.TooManySubscribers("execd already follows " + MAX_FOLLOWED
						+ " conversations; streams of conversations without sessions are refused until some end");
			}
			EventJournal current = (journal != null) ? journal : new EventJournal(this.floor.get());
			current.subscribers++;
			return current;
		});
	}

	void unsubscribe(Scope scope, EventJournal subscribed) {
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

	int size() {
		return this.journals.size();
	}

	/** Ends every stream (at shutdown). */
	void close() {
		this.journals.values().forEach(EventJournal::close);
	}

}
