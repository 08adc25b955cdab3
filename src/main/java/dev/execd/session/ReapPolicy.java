package dev.execd.session;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * What the reaper does with a session: a running one nobody touched for the inactivity
 * TTL, with no open stream, expires (terminated and removed); an ended one is removed
 * with its log once the retention passed since it ended or was last read. A pure function
 * over plain data.
 */
final class ReapPolicy {

	private ReapPolicy() {
	}

	enum Verdict {

		KEEP, EXPIRE, REMOVE

	}

	static Verdict verdict(Instant now, Duration inactivityTtl, Duration endedRetention, boolean running,
			Instant lastTouched, @Nullable Instant endedAt, int subscribers) {
		if (running) {
			boolean idle = subscribers == 0 && !now.isBefore(lastTouched.plus(inactivityTtl));
			return idle ? Verdict.EXPIRE : Verdict.KEEP;
		}
		Instant since = (endedAt != null && endedAt.isAfter(lastTouched)) ? endedAt : lastTouched;
		return now.isBefore(since.plus(endedRetention)) ? Verdict.KEEP : Verdict.REMOVE;
	}

}
