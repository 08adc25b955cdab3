package dev.execd.session;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Journals exist for conversations that have sessions or event streams, and for a while
 * after, so conversation ids invented by clients leave nothing behind, a stream that
 * resumes after the last session went misses nothing, and event numbers keep increasing
 * across the journals of one conversation.
 */
class JournalsTests {

	private static final Scope SCOPE = new Scope("anonymous", "c1");

	private final AtomicLong now = new AtomicLong();

	private final Journals journals = new Journals(this.now::get);

	@Test
	void streamsOfConversationsWithoutSessionsLeaveNothingBehind() {
		for (int i = 0; i < 100_000; i++) {
			Scope scope = new Scope("anonymous", "fresh-" + i);
			this.journals.unsubscribe(scope, this.journals.subscribe(scope));
		}
		assertThat(this.journals.size()).isZero();
	}

	@Test
	void aJournalStaysWhileItsConversationHasSessionsOrStreams() {
		EventJournal journal = this.journals.sessionStarted(SCOPE);
		EventJournal stream = this.journals.subscribe(SCOPE);
		assertThat(stream).isSameAs(journal);
		this.journals.sessionReleased(SCOPE, snapshot("s1"), true);
		assertThat(this.journals.size()).as("a stream still follows it").isOne();
		assertThat(stream.after(0)).extracting(EventJournal.Event::type).containsExactly("session_removed");
		this.journals.unsubscribe(SCOPE, stream);
		assertThat(this.journals.size()).isZero();
	}

	@Test
	void numbersContinueAfterADroppedJournal() {
		EventJournal first = this.journals.sessionStarted(SCOPE);
		first.publish("session_started", snapshot("s1"));
		this.journals.sessionReleased(SCOPE, snapshot("s1"), true);
		assertThat(this.journals.size()).isZero();
		this.now.addAndGet(Journals.IDLE_KEPT.toNanos());
		EventJournal second = this.journals.subscribe(SCOPE);
		assertThat(second).isNotSameAs(first);
		this.journals.sessionStarted(SCOPE).publish("session_started", snapshot("s2"));
		// A client that saw event 2 of the first journal resumes and misses nothing.
		assertThat(second.after(2)).extracting(EventJournal.Event::seq).containsExactly(3L);
	}

	@Test
	void anIdAboveTheNewestResumesWithEveryEventKept() {
		this.journals.sessionStarted(SCOPE).publish("session_started", snapshot("s1"));
		this.journals.sessionReleased(SCOPE, snapshot("s1"), true);
		this.now.addAndGet(Journals.IDLE_KEPT.toNanos());
		EventJournal journal = this.journals.subscribe(SCOPE);
		this.journals.sessionStarted(SCOPE).publish("session_started", snapshot("s2"));
		assertThat(journal.after(journal.resumeAfter(99L))).extracting(EventJournal.Event::seq).containsExactly(3L);
		assertThat(journal.resumeAfter(3L)).isEqualTo(3);
		assertThat(journal.resumeAfter(1L)).as("an id from the dropped journal").isEqualTo(1);
		assertThat(journal.resumeAfter(null)).as("no id: from now on").isEqualTo(3);
	}

	@Test
	void aSessionKeptForTheNextServerIsNotRemoved() {
		EventJournal journal = this.journals.sessionStarted(SCOPE);
		journal.publish("session_exited", snapshot("s1"));
		this.journals.sessionReleased(SCOPE, snapshot("s1"), false);
		assertThat(journal.after(0)).extracting(EventJournal.Event::type).containsExactly("session_exited");
		assertThat(this.journals.size()).as("nothing follows it").isZero();
	}

	@Test
	void aStreamResumedAfterTheLastSessionWentReceivesItsRemoval() {
		EventJournal journal = this.journals.sessionStarted(SCOPE);
		journal.publish("session_started", snapshot("s1"));
		EventJournal stream = this.journals.subscribe(SCOPE);
		// The client's connection breaks, then the session is removed.
		this.journals.unsubscribe(SCOPE, stream);
		this.journals.sessionReleased(SCOPE, snapshot("s1"), true);
		assertThat(this.journals.size()).as("nothing follows it").isZero();
		this.now.addAndGet(Journals.IDLE_KEPT.toNanos() - 1);
		EventJournal resumed = this.journals.subscribe(SCOPE);
		assertThat(resumed.after(1)).extracting(EventJournal.Event::type).containsExactly("session_removed");
	}

	@Test
	void idleJournalsGoAfterTheirTimeAndTheOldestPastTheCap() {
		for (int i = 0; i <= Journals.MAX_IDLE; i++) {
			Scope scope = new Scope("anonymous", "idle-" + i);
			this.journals.sessionStarted(scope).publish("session_started", snapshot("s" + i));
			this.journals.sessionReleased(scope, snapshot("s" + i), true);
		}
		// idle-0 went past the cap: a new journal, after the highest number dropped.
		assertThat(this.journals.subscribe(new Scope("anonymous", "idle-0")).after(0)).isEmpty();
		assertThat(this.journals.subscribe(new Scope("anonymous", "idle-1")).after(0))
			.extracting(EventJournal.Event::type)
			.containsExactly("session_started", "session_removed");
		this.now.addAndGet(Journals.IDLE_KEPT.toNanos());
		assertThat(this.journals.subscribe(new Scope("anonymous", "idle-2")).after(0)).as("kept too long").isEmpty();
	}

	@Test
	void aNewConversationsNumbersSayNothingOfOtherTenants() {
		Scope alice = new Scope("alice", "work");
		for (int i = 0; i < 20; i++) {
			this.journals.sessionStarted(alice).publish("session_started", snapshot("a" + i));
			this.journals.sessionReleased(alice, snapshot("a" + i), true);
			this.now.addAndGet(Journals.IDLE_KEPT.toNanos());
		}
		EventJournal bobs = this.journals.sessionStarted(new Scope("bob", "fresh"));
		bobs.publish("session_started", snapshot("b1"));
		assertThat(bobs.after(0)).extracting(EventJournal.Event::seq).containsExactly(1L);
	}

	@Test
	void aFloodOfDetailEventsNeverPushesLifecycleEventsOutOfTheWindow() {
		EventJournal journal = this.journals.sessionStarted(SCOPE);
		journal.publish("session_started", snapshot("s1"));
		EventDetail match = new EventDetail() {
		};
		for (int i = 0; i < 3 * EventJournal.CAPACITY; i++) {
			journal.publish("session_matched", snapshot("s2"), match);
		}
		journal.publish("session_exited", snapshot("s1"));
		List<EventJournal.Event> kept = journal.after(0);
		assertThat(kept).hasSize(EventJournal.CAPACITY);
		assertThat(kept).extracting(EventJournal.Event::type).startsWith("session_started").endsWith("session_exited");
		assertThat(kept).extracting(EventJournal.Event::seq).isSorted();
	}

	@Test
	void refusesNewStreamsPastTheCapButNeverSessions() {
		for (int i = 0; i < Journals.MAX_FOLLOWED; i++) {
			this.journals.subscribe(new Scope("anonymous", "followed-" + i));
		}
		assertThatExceptionOfType(SessionException.TooManySubscribers.class)
			.isThrownBy(() -> this.journals.subscribe(new Scope("anonymous", "one-more")));
		assertThat(this.journals.sessionStarted(new Scope("anonymous", "with-a-session"))).isNotNull();
		// An existing journal takes more streams.
		assertThat(this.journals.subscribe(new Scope("anonymous", "followed-0"))).isNotNull();
	}

	private static SessionSnapshot snapshot(String id) {
		Instant now = Instant.now();
		return new SessionSnapshot(id, SCOPE, null, false, 0, null, EndReason.KILLED, false, 1, false, null, null,
				"true", null, "/", now, now, now, 0, 0, 0, 0, false, false, false, 0, List.of(), null,
				new SessionUsage(0, 0, 0, 0), List.of());
	}

}
