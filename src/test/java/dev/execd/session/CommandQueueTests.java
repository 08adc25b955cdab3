package dev.execd.session;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class CommandQueueTests {

	private final CommandQueue queue = new CommandQueue();

	/** Runs the next command over {@code [from, to)} of the log. */
	private ShellCommand run(String cmd, long from, long to) {
		this.queue.add(cmd, null, null);
		ShellCommand command = this.queue.next();
		command.startedAt = Instant.EPOCH;
		command.outputOffset = from;
		if (to >= 0) {
			command.ended("exit", 0, null, to, Instant.EPOCH);
		}
		return command;
	}

	private static List<String> ranges(List<long[]> ranges) {
		return ranges.stream().map((r) -> r[0] + "-" + r[1]).toList();
	}

	@Test
	void gapsBetweenCommandsAndAfterTheLastAreUnclaimed() {
		run("a", 0, 4);
		run("b", 9, 12);
		assertThat(ranges(this.queue.unclaimed(12))).containsExactly("4-9");
		assertThat(ranges(this.queue.unclaimed(20))).containsExactly("4-9", "12-20");
	}

	@Test
	void nothingAfterARunningCommandIsUnclaimed() {
		run("a", 0, 4);
		run("b", 6, -1);
		assertThat(ranges(this.queue.unclaimed(30))).containsExactly("4-6");
	}

	@Test
	void aDroppedCommandClaimsNothing() {
		run("a", 0, 4);
		this.queue.add("never", null, null);
		this.queue.dropAll();
		assertThat(ranges(this.queue.unclaimed(7))).containsExactly("4-7");
	}

	@Test
	void aTrimmedHistoryCountsFromItsOldestCommand() {
		for (int i = 0; i < CommandQueue.MAX_HISTORY + 1; i++) {
			run("c" + i, i * 2L + 1, i * 2L + 2);
		}
		List<String> gaps = ranges(this.queue.unclaimed(CommandQueue.MAX_HISTORY * 2L + 2));
		assertThat(gaps).hasSize(CommandQueue.MAX_HISTORY - 1).doesNotContain("0-1", "2-3");
	}

	@Test
	void theQueueIsBounded() {
		for (int i = 0; i < CommandQueue.MAX_QUEUED; i++) {
			this.queue.add("c" + i, null, null);
		}
		assertThatExceptionOfType(SessionException.CommandQueueFull.class)
			.isThrownBy(() -> this.queue.add("one more", null, null));
		assertThat(this.queue.next().seq).isEqualTo(1);
	}

}
