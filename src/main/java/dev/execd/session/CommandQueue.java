package dev.execd.session;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The commands of a shell waiting to run (at most {@value #MAX_QUEUED}) and the last
 * {@value #MAX_HISTORY} of all, by id, and which of its output belongs to none of them.
 * Guarded by its {@link ShellCommands}.
 */
final class CommandQueue {

	static final int MAX_QUEUED = 100;

	static final int MAX_HISTORY = 1000;

	private final ArrayDeque<ShellCommand> waiting = new ArrayDeque<>();

	private final LinkedHashMap<String, ShellCommand> byId = new LinkedHashMap<>();

	private long seq;

	/** Whether the oldest command ever submitted is still held. */
	private boolean complete = true;

	/**
	 * Queues a new command.
	 * @throws SessionException.CommandQueueFull when {@value #MAX_QUEUED} wait already
	 */
	ShellCommand add(String cmd, @Nullable Duration timeout, @Nullable String requestId) {
		if (this.waiting.size() >= MAX_QUEUED) {
			throw new SessionException.CommandQueueFull(MAX_QUEUED);
		}
		this.seq++;
		ShellCommand command = new ShellCommand("cmd_" + this.seq, this.seq, cmd, timeout);
		command.requestId = requestId;
		this.waiting.add(command);
		this.byId.put(command.id, command);
		if (this.byId.size() > MAX_HISTORY) {
			this.byId.pollFirstEntry();
			this.complete = false;
		}
		return command;
	}

	/** The next command to run, taken from the queue, or null. */
	@Nullable ShellCommand next() {
		return this.waiting.poll();
	}

	/** Takes a waiting command out of the queue; false when it does not wait. */
	boolean drop(ShellCommand command) {
		return this.waiting.remove(command);
	}

	/** Empties the queue, returning what waited. */
	List<ShellCommand> dropAll() {
		List<ShellCommand> all = List.copyOf(this.waiting);
		this.waiting.clear();
		return all;
	}

	/** Holds no command, but others ran before it: see {@link #unclaimed}. */
	void forgetEarlier() {
		this.complete = false;
	}

	@Nullable ShellCommand get(String id) {
		return this.byId.get(id);
	}

	/** The command an earlier submission with this request id created, if still held. */
	@Nullable ShellCommand byRequestId(@Nullable String requestId) {
		if (requestId != null) {
			for (ShellCommand earlier : this.byId.values()) {
				if (requestId.equals(earlier.requestId)) {
					return earlier;
				}
			}
		}
		return null;
	}

	/** Newest first. */
	List<CommandSnapshot> list(long logEnd) {
		List<CommandSnapshot> all = new ArrayList<>();
		this.byId.sequencedValues().reversed().forEach((c) -> all.add(c.snapshot(logEnd)));
		return all;
	}

	/**
	 * The ranges {@code [from, to)} of the log that belong to no held command: what
	 * background jobs printed between commands (and after the last one while none runs).
	 * With a trimmed history, output before the oldest held command is not counted.
	 */
	List<long[]> unclaimed(long logEnd) {
		List<long[]> ranges = new ArrayList<>();
		long claimed = -1;
		for (ShellCommand command : this.byId.values()) {
			if (command.startedAt == null) {
				continue;
			}
			long start = command.outputOffset;
			if (start < 0) {
				// Handed to the shell, its begin record still on the way.
				return ranges;
			}
			long from = (claimed >= 0) ? claimed : (this.complete ? 0 : start);
			if (start > from) {
				ranges.add(new long[] { from, start });
			}
			if (command.endOffset < 0) {
				return ranges;
			}
			claimed = Math.max(claimed, command.endOffset);
		}
		long from = (claimed >= 0) ? claimed : (this.complete ? 0 : logEnd);
		if (logEnd > from) {
			ranges.add(new long[] { from, logEnd });
		}
		return ranges;
	}

}
