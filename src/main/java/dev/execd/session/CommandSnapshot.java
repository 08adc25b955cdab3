package dev.execd.session;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One command of a shell session as it stands.
 *
 * @param commandId its id, unique in the session
 * @param seq its place in submission order, from 1
 * @param cmd its text
 * @param status {@code queued}, {@code running} or {@code exited}
 * @param exitCode its status ({@code $?}), once exited with one
 * @param pipeStatus {@code PIPESTATUS} of its last pipeline, once exited normally
 * @param end {@code exit}, {@code timeout}, {@code interrupted} or {@code shell_exited}
 * @param outputOffset where its output starts in the session's log
 * @param endOffset where its output ends, or -1 while it may still grow
 * @param startedAt when it was handed to the shell
 * @param endedAt when it ended
 */
public record CommandSnapshot(String commandId, long seq, String cmd, String status, @Nullable Integer exitCode,
		@Nullable List<Integer> pipeStatus, @Nullable String end, long outputOffset, long endOffset,
		@Nullable Instant startedAt, @Nullable Instant endedAt) {

	public boolean exited() {
		return "exited".equals(this.status);
	}

	/** Milliseconds from start to end, or null. */
	public @Nullable Long durationMs() {
		return (this.startedAt != null && this.endedAt != null)
				? this.endedAt.toEpochMilli() - this.startedAt.toEpochMilli() : null;
	}

}
