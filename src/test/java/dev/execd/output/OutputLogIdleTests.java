package dev.execd.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A log's file is open only while the log is used: closed after the idle period, opened
 * again by the next append or read, with every byte where it belongs; a file removed or
 * replaced meanwhile fails like a full disk (writes) or a lost file (reads), and a closed
 * log never opens its file again. Real files, real descriptors ({@code /proc/self/fd}).
 * Out of descriptors: {@link OutputLogOutOfDescriptorsTests}.
 */
class OutputLogIdleTests {

	@TempDir
	Path dir;

	private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();

	@AfterEach
	void stopTimers() {
		this.timers.shutdownNow();
	}

	@Test
	void closesTheIdleFileAndAppendsAtTheRightOffsetsAfterReopening() throws IOException {
		Path path = this.dir.resolve("s.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(50), this.timers);
		// A window of one byte: every read but the last byte's comes from the file.
		try (OutputLog log = new OutputLog(path, 1L << 30, 1, idle)) {
			assertThat(descriptors(path)).as("open while new").isEqualTo(1);
			byte[] first = bytes(0, 5000);
			log.append(first, 0, first.length, StreamTag.STDOUT);
			await().atMost(Duration.ofSeconds(10)).until(() -> descriptors(path) == 0);
			assertThat(idle.open()).isZero();
			assertThat(log.read(0, 5000)).as("read after the close").isEqualTo(first);
			await().atMost(Duration.ofSeconds(10)).until(() -> descriptors(path) == 0);
			byte[] second = bytes(5000, 7000);
			assertThat(log.append(second, 0, second.length, StreamTag.STDOUT)).isEqualTo(5000);
			assertThat(Files.readAllBytes(path)).isEqualTo(bytes(0, 12000));
			assertThat(log.read(0, 12000)).isEqualTo(bytes(0, 12000));
			assertThat(log.lostBytes()).isZero();
		}
		assertThat(descriptors(path)).isZero();
	}

	@Test
	void aReaderInterruptedDuringItsReadLeavesTheLogWorkingForEveryoneElse() throws Exception {
		Path path = this.dir.resolve("s.log");
		// An idle period no test waits out: only the log itself may open the file again.
		IdleChannels idle = new IdleChannels(Duration.ofHours(1), this.timers);
		try (OutputLog log = new OutputLog(path, 1L << 30, 1, idle)) {
			byte[] first = bytes(0, 5000);
			log.append(first, 0, first.length, StreamTag.STDOUT);
			// A FileChannel used by an interrupted thread closes, for all its users.
			Thread reader = Thread.ofPlatform().unstarted(() -> {
				Thread.currentThread().interrupt();
				try {
					log.read(0, 5000);
				}
				catch (RuntimeException expected) {
					// The interrupted read may fail; the log must not.
				}
			});
			reader.start();
			reader.join();
			byte[] second = bytes(5000, 3000);
			assertThat(log.append(second, 0, second.length, StreamTag.STDOUT)).isEqualTo(5000);
			assertThat(log.lostBytes()).as("bytes lost by the append after the interrupt").isZero();
			assertThat(log.read(0, 8000)).isEqualTo(bytes(0, 8000));
			assertThat(Files.readAllBytes(path)).isEqualTo(bytes(0, 8000));
		}
	}

	@Test
	void concurrentReadersAndAppendsAcrossManyReopensLoseAndMisplaceNothing() throws Exception {
		Path path = this.dir.resolve("s.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(1), this.timers);
		int total = 400_000;
		AtomicBoolean done = new AtomicBoolean();
		AtomicBoolean paused = new AtomicBoolean();
		int closes = 0;
		int appends = 0;
		ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
		try (OutputLog log = new OutputLog(path, 1L << 30, 16, idle)) {
			List<Thread> readers = new ArrayList<>();
			for (int r = 0; r < 3; r++) {
				readers.add(Thread.ofPlatform().start(() -> {
					while (!done.get()) {
						long end = log.total();
						if (end == 0 || paused.get()) {
							Thread.onSpinWait();
							continue;
						}
						long from = ThreadLocalRandom.current().nextLong(end);
						int n = (int) Math.min(end - from, 1 + ThreadLocalRandom.current().nextInt(3000));
						try {
							byte[] got = log.read(from, n);
							if (!Arrays.equals(got, bytes(from, got.length)) || got.length != n) {
								wrong.add(from + "+" + n);
							}
						}
						catch (RuntimeException ex) {
							wrong.add(from + "+" + n + ": " + ex);
						}
					}
				}));
			}
			long at = 0;
			while (at < total) {
				int n = 1 + ThreadLocalRandom.current().nextInt(700);
				byte[] chunk = bytes(at, n);
				assertThat(log.append(chunk, 0, n, StreamTag.STDOUT)).isEqualTo(at);
				at += n;
				if (++appends % 40 == 0) {
					// The readers stop between reads until the sweeper closes the file.
					paused.set(true);
					await().atMost(Duration.ofSeconds(10)).until(() -> idle.open() == 0);
					closes++;
					paused.set(false);
				}
			}
			done.set(true);
			for (Thread reader : readers) {
				reader.join();
			}
			assertThat(wrong).isEmpty();
			assertThat(closes).as("times the file was closed and opened again").isGreaterThan(20);
			assertThat(log.lostBytes()).isZero();
			assertThat(Files.readAllBytes(path)).isEqualTo(bytes(0, (int) at));
			assertThat(log.read(0, (int) at)).isEqualTo(bytes(0, (int) at));
		}
	}

	@Test
	void aFileReplacedWhileClosedFailsWritesAndIsNeverRead() throws IOException {
		Path path = this.dir.resolve("s.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), this.timers);
		List<Boolean> failures = new ArrayList<>();
		try (OutputLog log = new OutputLog(path, 1L << 30, 1, idle)) {
			log.onWriteFailure((error, first) -> failures.add(first));
			append(log, "kept\n");
			await().atMost(Duration.ofSeconds(10)).until(() -> descriptors(path) == 0);
			Files.delete(path);
			Files.writeString(path, "FOREIGN BYTES\n");
			assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(0, 4));
			append(log, "lost\n");
			assertThat(failures).containsExactly(true);
			assertThat(log.lostBytes()).isEqualTo(5);
			assertThat(log.total()).isEqualTo(5);
			assertThat(Files.readString(path)).as("the other file is left alone").isEqualTo("FOREIGN BYTES\n");
			assertThat(descriptors(path)).isZero();
		}
	}

	@Test
	void aFileRemovedWhileClosedFailsWritesAndReads() throws IOException {
		Path path = this.dir.resolve("s.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), this.timers);
		List<Boolean> failures = new ArrayList<>();
		try (OutputLog log = new OutputLog(path, 1L << 30, 1, idle)) {
			log.onWriteFailure((error, first) -> failures.add(first));
			append(log, "kept\n");
			await().atMost(Duration.ofSeconds(10)).until(() -> descriptors(path) == 0);
			Files.delete(path);
			assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(0, 4));
			append(log, "lost\n");
			append(log, "lost too\n");
			assertThat(failures).containsExactly(true, false);
			assertThat(log.lostBytes()).isEqualTo(5 + 9);
			assertThat(path).as("never created again").doesNotExist();
		}
	}

	@Test
	void aClosedOrDeletedLogNeverOpensItsFileAgain() throws IOException {
		Path path = this.dir.resolve("s.log");
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), this.timers);
		OutputLog log = new OutputLog(path, 1L << 30, 1, idle);
		List<Boolean> failures = new ArrayList<>();
		log.onWriteFailure((error, first) -> failures.add(first));
		append(log, "kept\n");
		await().atMost(Duration.ofSeconds(10)).until(() -> descriptors(path) == 0);
		log.close();
		assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(0, 4));
		append(log, "late\n");
		assertThat(failures).containsExactly(true);
		assertThat(descriptors(path)).isZero();
		assertThat(Files.readString(path)).isEqualTo("kept\n");

		log.delete();
		append(log, "later\n");
		assertThat(path).doesNotExist();
		assertThat(descriptors(path)).isZero();
		assertThat(idle.open()).isZero();
	}

	@Test
	void aRecoveredLogReopensReadOnly() throws IOException {
		Path path = this.dir.resolve("s.log");
		Files.write(path, bytes(0, 3000));
		IdleChannels idle = new IdleChannels(Duration.ofMillis(20), this.timers);
		try (OutputLog log = OutputLog.recovered(path, 3000, 0, idle)) {
			await().atMost(Duration.ofSeconds(10)).until(() -> descriptors(path) == 0);
			assertThat(log.read(0, 3000)).isEqualTo(bytes(0, 3000));
			append(log, "ignored");
			assertThat(Files.readAllBytes(path)).isEqualTo(bytes(0, 3000));
		}
	}

	private static void append(OutputLog log, String text) {
		byte[] b = text.getBytes(StandardCharsets.UTF_8);
		log.append(b, 0, b.length, StreamTag.STDOUT);
	}

	/** The log's bytes from {@code from}: each a function of its offset. */
	private static byte[] bytes(long from, int n) {
		byte[] b = new byte[n];
		for (int i = 0; i < n; i++) {
			long at = from + i;
			b[i] = (byte) (at * 31 + at / 251);
		}
		return b;
	}

	/** The descriptors of this JVM open on {@code path}. */
	static long descriptors(Path path) throws IOException {
		String target = path.toString();
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.filter((fd) -> {
				try {
					return Files.readSymbolicLink(fd).toString().equals(target);
				}
				catch (IOException ex) {
					// Closed meanwhile.
					return false;
				}
			}).count();
		}
	}

}
