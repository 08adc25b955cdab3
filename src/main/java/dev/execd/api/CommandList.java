package dev.execd.api;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * Body of {@code GET /sessions/{id}/commands}.
 */
@Schema(description = "A shell session's commands and the output that belongs to none of them.")
public record CommandList(
		@Schema(description = "The last 1000 commands, newest first, without their output; each covers the log's "
				+ "`[output_offset, next_offset)`.", requiredMode = RequiredMode.REQUIRED) List<CommandResult> commands,
		@Schema(description = """
				The log ranges `[from, to)` that belong to no listed command, oldest first: \
				what background jobs printed between commands, or after the last one while \
				no command runs. Read one with `GET /sessions/{id}/log?offset=from&length=to-from`.""",
				requiredMode = RequiredMode.REQUIRED) List<Range> unclaimed,
		@Schema(description = "The bytes of all `unclaimed` ranges.",
				requiredMode = RequiredMode.REQUIRED) long unclaimedBytes) {

	static CommandList of(List<CommandResult> commands, List<long[]> ranges) {
		List<Range> unclaimed = ranges.stream().map((r) -> new Range(r[0], r[1])).toList();
		return new CommandList(commands, unclaimed, unclaimed.stream().mapToLong((r) -> r.to() - r.from()).sum());
	}

	/**
	 * A range of the log.
	 *
	 * @param from its first byte's offset
	 * @param to the offset after its last byte
	 */
	@Schema(description = "A range `[from, to)` of the session's log.")
	public record Range(@Schema(requiredMode = RequiredMode.REQUIRED) long from,
			@Schema(requiredMode = RequiredMode.REQUIRED) long to) {

	}

}
