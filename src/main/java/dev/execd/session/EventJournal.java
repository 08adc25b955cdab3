package dev.execd.session;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * One conversation's events with sequence numbers, the last {@link #CAPACITY} kept so a
 * client that reconnects with the last id it saw misses nothing that recent. One lock;
 * readers copy out under it.
 */
public final class EventJournal {

	static final int CAPACITY = 1000;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition published = this.lock.newCondition();

	private final ArrayDeque<Event> events = new ArrayDeque<>();

	private final Scope scope;

	private final EventListener listener;

	private final long firstSeq;

	private long lastSeq;

	private boolean closed;

	/**
	 * Sessions of the conversation and open event streams; guarded by {@link Journals}.
	 */
	int sessions;

	int subscribers;

	/**
	 * A journal whose numbers continue after {@code firstSeq}, so a client resuming with
	 * an id from an earlier journal of the same conversation misses none of this one's.
	 */
	EventJournal(Scope scope, long firstSeq, EventListener listener) {
		this.scope = scope;
		this.firstSeq = firstSeq;
		this.lastSeq = firstSeq;
		this.listener = listener;
	}

	/**
	 * One event of a session.
	 *
	 * @param seq the conversation's sequence number, from 1
	 * @param type {@code session_started}, {@code session_exited},
	 * {@code session_removed}, or the type of an event with a {@code detail}
	 * @param at when it was published
	 * @param session the session's state at the event
	 * @param detail what the event tells beyond the session's state; null for the
	 * lifecycle events
	 */
	public record Event(long seq, String type, Instant at, SessionSnapshot session, @Nullable EventDetail detail) {

	}

	/** Publishes a lifecycle event. */
	void publish(String type, SessionSnapshot session) {
		publish(type, session, null);
	}

	/**
	 * Publishes an event and hands it to the listener, under the journal's lock so the
	 * listener sees a conversation's events in their order.
	 */
	void publish(String type, SessionSnapshot session, @Nullable EventDetail detail) {
		this.lock.lock();
		try {
			this.lastSeq++;
			Event event = new Event(this.lastSeq, type, Instant.now(), session, detail);
			this.events.addLast(event);
			if (this.events.size() > CAPACITY) {
				evictOne();
			}
			this.published.signalAll();
			this.listener.published(this.scope, event);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Drops the oldest event with a detail, else the oldest: a flood of watch matches
	 * never pushes the sessions' starts and exits out of the replay window.
	 */
	private void evictOne() {
		Iterator<Event> oldest = this.events.iterator();
		while (oldest.hasNext()) {
			if (oldest.next().detail() != null) {
				oldest.remove();
				return;
			}
		}
		this.events.removeFirst();
	}

	/** Ends every stream of the journal (at shutdown). */
	void close() {
		this.lock.lock();
		try {
			this.closed = true;
			this.published.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	public boolean closed() {
		this.lock.lock();
		try {
			return this.closed;
		}
		finally {
			this.lock.unlock();
		}
	}

	Scope scope() {
		return this.scope;
	}

	/** The number this journal's first event follows. */
	long firstSeq() {
		return this.firstSeq;
	}

	/**
	 * The sequence number of the newest event; before the first, the number it follows.
	 */
	public long lastSeq() {
		this.lock.lock();
		try {
			return this.lastSeq;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The number a stream resuming after {@code lastEventId} reads after: without one,
	 * the newest (events from now on); an id this journal reached, the id itself; an id
	 * above its newest number, which it never handed out (one of a server before a
	 * restart, whose numbers started again, or made up), the number its first event
	 * follows, so the client gets every event still kept and then the new ones rather
	 * than nothing until the numbers pass its id.
	 */
	public long resumeAfter(@Nullable Long lastEventId) {
		this.lock.lock();
		try {
			if (lastEventId == null) {
				return this.lastSeq;
			}
			return (lastEventId <= this.lastSeq) ? lastEventId : this.firstSeq;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The kept events after {@code seq}, oldest first. */
	public List<Event> after(long seq) {
		this.lock.lock();
		try {
			List<Event> newer = new ArrayList<>();
			for (Event event : this.events) {
				if (event.seq() > seq) {
					newer.add(event);
				}
			}
			return newer;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Waits until an event after {@code seq} exists or the deadline passes. */
	public void awaitAfter(long seq, long deadlineNanos) throws InterruptedException {
		this.lock.lock();
		try {
			while (this.lastSeq <= seq && !this.closed) {
				long left = deadlineNanos - System.nanoTime();
				if (left <= 0) {
					return;
				}
				this.published.awaitNanos(Math.min(left, TimeUnit.SECONDS.toNanos(1)));
			}
		}
		finally {
			this.lock.unlock();
		}
	}

}
