package dev.execd.session;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * Which session makes room when a conversation is at its cap: never one of the
 * {@code protectedRecent} most recently used; of the rest, the least recently used ended
 * session, else the least recently used running one; if every session is protected, none
 * (the start is refused). A pure function over plain data.
 */
final class EvictionPolicy {

	private EvictionPolicy() {
	}

	/**
	 * What the policy knows of a session.
	 *
	 * @param id the session id
	 * @param running whether its process is running
	 * @param lastUsed when a call last touched it
	 */
	record Candidate(String id, boolean running, Instant lastUsed) {

	}

	/** The decision for one more session. */
	sealed interface Decision {

	}

	/** There is room. */
	record Admit() implements Decision {

	}

	/** Evict this one first. */
	record Evict(String id) implements Decision {

	}

	/** Every session is protected: refuse. */
	record Refuse() implements Decision {

	}

	static Decision decide(List<Candidate> sessions, int cap, int protectedRecent) {
		if (sessions.size() < cap) {
			return new Admit();
		}
		List<Candidate> unprotected = sessions.stream()
			.sorted(Comparator.comparing(Candidate::lastUsed).reversed().thenComparing(Candidate::id))
			.skip(protectedRecent)
			.toList();
		Comparator<Candidate> leastRecent = Comparator.comparing(Candidate::lastUsed).thenComparing(Candidate::id);
		return unprotected.stream()
			.filter((c) -> !c.running())
			.min(leastRecent)
			.or(() -> unprotected.stream().min(leastRecent))
			.<Decision>map((c) -> new Evict(c.id()))
			.orElseGet(Refuse::new);
	}

}
