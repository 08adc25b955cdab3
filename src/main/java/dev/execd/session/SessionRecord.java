package dev.execd.session;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What the metadata file of a session holds, so a restarted server can list its sessions,
 * serve their logs, and terminate a leader that outlived it (only when both its pid and
 * its start time still match: a pid alone may have been recycled).
 *
 * @param leaderStartTime the leader's start time in clock ticks since boot
 * ({@code /proc/<pid>/stat} field 22), or -1
 * @param lostBytes output dropped because the log could not be written; null (0) in
 * records of older servers, which had no such field
 */
record SessionRecord(String id, String tenant, String conversation, @Nullable String name, @Nullable String cmd,
		@Nullable List<String> argv, String workdir, boolean tty, int cols, int rows, long pid, long leaderStartTime,
		Instant startedAt, boolean running, @Nullable Integer exitCode, @Nullable EndReason endReason,
		boolean escalated, @Nullable Instant endedAt, long maxRuntimeMs, long idleTimeoutMs, long outputBytesTotal,
		@Nullable Long lostBytes) {

	static SessionRecord of(SessionSnapshot s, long leaderStartTime) {
		return new SessionRecord(s.id(), s.scope().tenant(), s.scope().conversation(), s.name(), s.cmd(), s.argv(),
				s.workdir(), s.tty(), (s.cols() != null) ? s.cols() : 0, (s.rows() != null) ? s.rows() : 0, s.pid(),
				leaderStartTime, s.startedAt(), s.running(), s.exitCode(), s.endReason(), s.escalated(), s.endedAt(),
				s.maxRuntimeMs(), s.idleTimeoutMs(), s.outputBytesTotal(), s.lostBytes());
	}

}
