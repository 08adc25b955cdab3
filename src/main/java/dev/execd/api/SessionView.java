package dev.execd.api;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import dev.execd.session.SessionSnapshot;
import dev.execd.session.SessionUrls;
import org.jspecify.annotations.Nullable;

/**
 * The one {@code session} object of the API.
 */
record SessionView(String sessionId, String conversationId, @Nullable String name, String status,
		@Nullable Integer exitCode, @Nullable String signal, @Nullable String endReason, boolean escalated, long pid,
		boolean tty, @Nullable Integer cols, @Nullable Integer rows, @Nullable String cmd, @Nullable List<String> argv,
		String workdir, Instant startedAt, @Nullable Instant endedAt, Instant lastActivityAt, long maxRuntimeMs,
		long idleTimeoutMs, long outputBytesTotal, long idleMs, boolean waitingForInput, boolean stdinOpen,
		boolean logTruncated, String logUrl, String streamUrl, List<String> warnings) {

	static SessionView of(SessionSnapshot s) {
		return new SessionView(s.id(), s.scope().conversation(), s.name(), s.running() ? "running" : "exited",
				s.exitCode(), s.signal(), (s.endReason() != null) ? s.endReason().wireName() : null, s.escalated(),
				s.pid(), s.tty(), s.cols(), s.rows(), s.cmd(), s.argv(), s.workdir(), millis(s.startedAt()),
				(s.endedAt() != null) ? millis(s.endedAt()) : null, millis(s.lastActivityAt()), s.maxRuntimeMs(),
				s.idleTimeoutMs(), s.outputBytesTotal(), s.idleMs(), s.waitingForInput(), s.stdinOpen(),
				s.logTruncated(), SessionUrls.log(s), SessionUrls.stream(s), s.warnings());
	}

	private static Instant millis(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MILLIS);
	}

}
