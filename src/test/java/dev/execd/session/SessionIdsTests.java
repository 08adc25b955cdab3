package dev.execd.session;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SessionIdsTests {

	@Test
	void idsAreUrlSafeWellFormedAndDistinct() {
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < 10_000; i++) {
			String id = SessionIds.next();
			assertThat(id).hasSize(21).matches("[A-Za-z0-9_-]+");
			assertThat(SessionIds.isWellFormed(id)).isTrue();
			seen.add(id);
		}
		assertThat(seen).hasSize(10_000);
	}

	@Test
	void rejectsMalformedIds() {
		assertThat(SessionIds.isWellFormed("short")).isFalse();
		assertThat(SessionIds.isWellFormed("../../../../etc/passwd")).isFalse();
		assertThat(SessionIds.isWellFormed("AAAAAAAAAAAAAAAAAAAA/")).isFalse();
	}

}
