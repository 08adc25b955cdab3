package dev.execd.session;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * Keeps the session logs on disk within {@code execd.output.max-total-log-size}: the
 * files of the sessions that ended first go first. A running session's log is never
 * deleted under it; a session whose file was dropped answers 410 for what is no longer in
 * its memory window.
 */
final class DiskBudget {

	private DiskBudget() {
	}

	static void enforce(List<Session> sessions, long budget) {
		long used = sessions.stream().mapToLong((s) -> s.log().fileBytes()).sum();
		if (used <= budget) {
			return;
		}
		List<Session> ended = sessions.stream()
			.filter((s) -> !s.isRunning() && s.endedAt() != null && s.log().fileBytes() > 0)
			.sorted(Comparator.comparing((Session s) -> s.endedAt(), Comparator.nullsLast(Instant::compareTo)))
			.toList();
		for (Session session : ended) {
			if (used <= budget) {
				return;
			}
			used -= session.log().fileBytes();
			session.log().dropFile();
		}
	}

}
