package dev.execd.output;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The stream index stays exact for the log's whole life: past the changes kept in memory
 * the oldest go to a file beside the log, which restarts read and removal deletes.
 */
class StreamTagsTests {

	private static final int CHANGES = 3 * StreamTags.MAX_CHANGES + 17;

	@Test
	void everyByteKeepsItsStreamPastTheMemoryBound(@TempDir Path dir) throws Exception {
		Path path = dir.resolve("s.log");
		OutputLog log = new OutputLog(path, 1L << 30, 1024);
		for (int i = 0; i < CHANGES; i++) {
			log.append(new byte[] { 'x', 'y' }, 0, 2, (i % 2 == 0) ? StreamTag.STDOUT : StreamTag.STDERR);
		}
		Path index = dir.resolve("s.streams");
		assertThat(index).exists();
		for (int i : new int[] { 0, 1, 2, 1000, StreamTags.MAX_CHANGES, 2 * StreamTags.MAX_CHANGES + 1, CHANGES - 1 }) {
			StreamRun run = log.runAt(2L * i + 1);
			assertThat(run.tag()).as("change %d", i).isEqualTo((i % 2 == 0) ? StreamTag.STDOUT : StreamTag.STDERR);
			assertThat(run.end()).isEqualTo((i == CHANGES - 1) ? Long.MAX_VALUE : 2L * i + 2);
		}
		log.close();
		assertThat(Files.size(index)).isEqualTo(8L * CHANGES);
		OutputLog recovered = OutputLog.recovered(path, 2L * CHANGES, 0, IdleChannels.KEEP_OPEN);
		assertThat(recovered.runAt(3).tag()).isEqualTo(StreamTag.STDERR);
		assertThat(recovered.runAt(2L * (CHANGES - 1)).tag()).isEqualTo(StreamTag.STDOUT);
		recovered.delete();
		assertThat(index).doesNotExist();
		assertThat(path).doesNotExist();
	}

	@Test
	void theIndexFileIsClosedWhenIdleAndOpenedAgainForLookupsAndSpills(@TempDir Path dir) throws Exception {
		Path path = dir.resolve("s.log");
		Path index = dir.resolve("s.streams");
		ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
		try {
			IdleChannels idle = new IdleChannels(Duration.ofMillis(20), timers);
			OutputLog log = new OutputLog(path, 1L << 30, 1024, idle);
			for (int i = 0; i < CHANGES; i++) {
				log.append(new byte[] { 'x', 'y' }, 0, 2, (i % 2 == 0) ? StreamTag.STDOUT : StreamTag.STDERR);
				if (i % StreamTags.MAX_CHANGES == StreamTags.MAX_CHANGES / 2 + 1 && Files.exists(index)) {
					// Between spills: neither the log nor its index is open once idle.
					await().atMost(Duration.ofSeconds(10))
						.until(() -> OutputLogIdleTests.descriptors(index) + OutputLogIdleTests.descriptors(path) == 0);
					assertThat(log.runAt(3).tag()).isEqualTo(StreamTag.STDERR);
				}
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> OutputLogIdleTests.descriptors(index) == 0);
			for (int i : new int[] { 0, 1, 2, 1000, StreamTags.MAX_CHANGES, 2 * StreamTags.MAX_CHANGES + 1,
					CHANGES - 1 }) {
				StreamRun run = log.runAt(2L * i + 1);
				assertThat(run.tag()).as("change %d", i).isEqualTo((i % 2 == 0) ? StreamTag.STDOUT : StreamTag.STDERR);
				assertThat(run.end()).isEqualTo((i == CHANGES - 1) ? Long.MAX_VALUE : 2L * i + 2);
			}
			log.close();
			assertThat(Files.size(index)).isEqualTo(8L * CHANGES);
			assertThat(OutputLogIdleTests.descriptors(index)).isZero();
			assertThat(idle.open()).isZero();
		}
		finally {
			timers.shutdownNow();
		}
	}

}
