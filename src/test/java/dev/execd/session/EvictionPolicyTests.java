package dev.execd.session;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.execd.session.EvictionPolicy.Admit;
import dev.execd.session.EvictionPolicy.Candidate;
import dev.execd.session.EvictionPolicy.Evict;
import dev.execd.session.EvictionPolicy.Refuse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EvictionPolicyTests {

	private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	@Test
	void admitsBelowTheCap() {
		assertThat(EvictionPolicy.decide(sessions("r", "r"), 3, 1)).isEqualTo(new Admit());
	}

	@Test
	void evictsLeastRecentlyUsedEndedSessionFirst() {
		// s0 is the least recently used; s1 and s3 ended.
		assertThat(EvictionPolicy.decide(sessions("r", "e", "r", "e", "r"), 5, 1)).isEqualTo(new Evict("s1"));
	}

	@Test
	void evictsLeastRecentlyUsedRunningSessionWhenNoneEnded() {
		assertThat(EvictionPolicy.decide(sessions("r", "r", "r", "r"), 4, 2)).isEqualTo(new Evict("s0"));
	}

	@Test
	void neverEvictsProtectedRecentSessionsEvenIfEnded() {
		// The only ended session is among the two most recently used.
		assertThat(EvictionPolicy.decide(sessions("r", "r", "e", "r"), 4, 2)).isEqualTo(new Evict("s0"));
	}

	@Test
	void refusesWhenEverySessionIsProtected() {
		assertThat(EvictionPolicy.decide(sessions("e", "r", "r"), 3, 3)).isEqualTo(new Refuse());
	}

	/**
	 * Sessions s0, s1, ... used in that order (s0 least recently); "r" running, "e"
	 * ended.
	 */
	private static List<Candidate> sessions(String... states) {
		List<Candidate> sessions = new ArrayList<>();
		for (int i = 0; i < states.length; i++) {
			sessions.add(new Candidate("s" + i, states[i].equals("r"), T0.plusSeconds(i)));
		}
		return sessions;
	}

}
