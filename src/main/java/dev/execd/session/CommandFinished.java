package dev.execd.session;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a {@code command_finished} event tells: a command of a shell session ended. The
 * fields of its result without the output, which the log holds at
 * {@code [output_offset, next_offset)}.
 */
public record CommandFinished(String commandId, long seq, String cmd, String status, @Nullable Integer exitCode,
		@Nullable List<Integer> pipeStatus, @Nullable String end, long outputOffset, long nextOffset,
		@Nullable Instant startedAt, @Nullable Instant endedAt, @Nullable Long durationMs) implements EventDetail {

	static CommandFinished of(CommandSnapshot c) {
		return new CommandFinished(c.commandId(), c.seq(), c.cmd(), c.status(), c.exitCode(), c.pipeStatus(), c.end(),
				c.outputOffset(), c.endOffset(), millis(c.startedAt()), millis(c.endedAt()), c.durationMs());
	}

	/** Publishes a command's end to the journal of its shell's conversation. */
	static void publish(SessionContext context, @Nullable Session shell, CommandSnapshot command) {
		if (shell != null) {
			SessionSnapshot session = shell.snapshot();
			context.journals().publish(session.scope(), "command_finished", session, of(command));
		}
	}

	private static @Nullable Instant millis(@Nullable Instant instant) {
		return (instant != null) ? instant.truncatedTo(ChronoUnit.MILLIS) : null;
	}

}
