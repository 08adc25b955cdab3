package dev.execd.session;

import java.time.Duration;
import java.time.Instant;

import dev.execd.session.ReapPolicy.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ReapPolicyTests {

	private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	private static final Duration TTL = Duration.ofMinutes(30);

	private static final Duration RETENTION = Duration.ofMinutes(10);

	@ParameterizedTest(name = "{0}")
	@CsvSource(nullValues = "-", textBlock = """
			running touched recently,            true,  0,   -,   0, KEEP
			running untouched for the ttl,       true,  30,  -,   0, EXPIRE
			running untouched but streamed,      true,  60,  -,   1, KEEP
			running just before the ttl,         true,  29,  -,   0, KEEP
			ended within retention,              false, 0,   5,   0, KEEP
			ended past retention,                false, 15,  15,  0, REMOVE
			ended long ago but read recently,    false, 5,   60,  0, KEEP
			ended and read past retention,       false, 10,  60,  0, REMOVE
			""")
	void decides(String name, boolean running, long minutesSinceTouch, Long minutesSinceEnd, int subscribers,
			Verdict expected) {
		Instant now = T0.plus(Duration.ofHours(2));
		Instant touched = now.minus(Duration.ofMinutes(minutesSinceTouch));
		Instant ended = (minutesSinceEnd != null) ? now.minus(Duration.ofMinutes(minutesSinceEnd)) : null;
		assertThat(ReapPolicy.verdict(now, TTL, RETENTION, running, touched, ended, subscribers)).isEqualTo(expected);
	}

}
