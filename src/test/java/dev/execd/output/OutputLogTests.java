package dev.execd.output;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link OutputLog}.
 */
class OutputLogTests {

	private static final long LARGE = 1L << 30;

	@TempDir
	Path dir;

	@Test
	void givesAppendsContiguousAbsoluteOffsets() {
		try (OutputLog log = log(LARGE, 64)) {
			append(log, utf8("hello "));
			append(log, utf8("world"));
			assertThat(log.total()).isEqualTo(11);
			assertThat(log.read(0, 100)).isEqualTo(utf8("hello world"));
			assertThat(log.read(6, 5)).isEqualTo(utf8("world"));
			assertThat(log.read(3, 4)).isEqualTo(utf8("lo w"));
		}
	}

	@Test
	void readsOffsetsOlderThanTheWindowFromTheFile() throws Exception {
		byte[] data = distinct(10_000);
		try (OutputLog log = log(LARGE, 64)) {
			for (int i = 0; i < data.length; i += 100) {
				log.append(data, i, 100, StreamTag.STDOUT);
			}
			assertThat(log.read(0, data.length)).isEqualTo(data);
			assertThat(log.read(123, 456)).isEqualTo(Arrays.copyOfRange(data, 123, 123 + 456));
			assertThat(log.read(9_990, 100)).isEqualTo(Arrays.copyOfRange(data, 9_990, 10_000));
			assertThat(log.truncated()).isFalse();
			assertThat(Files.readAllBytes(log.path())).isEqualTo(data);
		}
	}

	@Test
	void readingExactlyAtTheEndReturnsNoBytes() {
		try (OutputLog log = log(LARGE, 64)) {
			assertThat(log.read(0, 10)).isEmpty();
			append(log, utf8("abc"));
			assertThat(log.read(3, 10)).isEmpty();
		}
	}

	@Test
	void readingPastTheEndIsOutOfRange() {
		try (OutputLog log = log(LARGE, 64)) {
			append(log, utf8("abc"));
			assertThatExceptionOfType(OutputException.OffsetOutOfRange.class).isThrownBy(() -> log.read(4, 10))
				.withMessage("offset 4 is past the end of the output (3 bytes)");
		}
	}

	@Test
	void stopsGrowingTheFileAtTheMaxLogSizeButKeepsCountingAndServingTheWindow() throws Exception {
		byte[] data = distinct(10_000);
		try (OutputLog log = log(100, 64)) {
			log.append(data, 0, 60, StreamTag.STDOUT);
			log.append(data, 60, 40, StreamTag.STDOUT);
			assertThat(log.truncated()).isFalse();
			for (int i = 100; i < data.length; i += 30) {
				log.append(data, i, Math.min(30, data.length - i), StreamTag.STDOUT);
			}
			assertThat(Files.size(log.path())).isEqualTo(100);
			assertThat(log.truncated()).isTrue();
			assertThat(log.total()).isEqualTo(10_000);
			assertThat(log.read(0, 100)).isEqualTo(Arrays.copyOf(data, 100));
			assertThat(log.read(50, 500)).isEqualTo(Arrays.copyOfRange(data, 50, 100));
			assertThat(log.read(9_950, 50)).isEqualTo(Arrays.copyOfRange(data, 9_950, 10_000));
			assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(100, 10))
				.withMessage("output at offset 100 is no longer kept");
			assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(5_000, 10));
		}
	}

	@Test
	void keepsNoMoreThanTheConfiguredWindow() {
		byte[] data = distinct(1_000);
		try (OutputLog log = log(100, 64)) {
			log.append(data, 0, data.length, StreamTag.STDOUT);
			assertThat(log.read(936, 64)).isEqualTo(Arrays.copyOfRange(data, 936, 1_000));
			assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(500, 10));
		}
	}

	@Test
	void createsTheLogFileForItsOwnerOnly() throws Exception {
		try (OutputLog log = log(LARGE, 64)) {
			assertThat(Files.getPosixFilePermissions(log.path()))
				.isEqualTo(PosixFilePermissions.fromString("rw-------"));
		}
	}

	@Test
	void countsEveryAppendAndNotificationAsAVersion() {
		try (OutputLog log = log(LARGE, 64)) {
			long start = log.version();
			append(log, utf8("a"));
			assertThat(log.version()).isEqualTo(start + 1);
			log.append(new byte[0], 0, 0, StreamTag.STDOUT);
			assertThat(log.version()).isEqualTo(start + 1);
			log.notifyChanged();
			assertThat(log.version()).isEqualTo(start + 2);
		}
	}

	@Test
	void awaitChangeWakesWhenAnotherThreadAppends() throws Exception {
		try (OutputLog log = log(LARGE, 64)) {
			long seen = log.version();
			Thread waiter = Thread.currentThread();
			Thread writer = Thread.ofPlatform().start(() -> {
				// Append only once the waiter is parked, so the wake-up itself is tested.
				long giveUp = System.nanoTime() + Duration.ofSeconds(5).toNanos();
				while (waiter.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < giveUp) {
					Thread.onSpinWait();
				}
				append(log, utf8("x"));
			});
			long begin = System.nanoTime();
			long version = log.awaitChange(seen, begin + Duration.ofSeconds(10).toNanos());
			Duration waited = Duration.ofNanos(System.nanoTime() - begin);
			writer.join();
			assertThat(version).isEqualTo(seen + 1);
			assertThat(waited).isLessThan(Duration.ofSeconds(2));
		}
	}

	@Test
	void awaitChangeReturnsAtTheDeadlineWhenNothingChanges() throws Exception {
		try (OutputLog log = log(LARGE, 64)) {
			long seen = log.version();
			long begin = System.nanoTime();
			long version = log.awaitChange(seen, begin + Duration.ofMillis(100).toNanos());
			Duration waited = Duration.ofNanos(System.nanoTime() - begin);
			assertThat(version).isEqualTo(seen);
			assertThat(waited).isBetween(Duration.ofMillis(90), Duration.ofSeconds(2));
		}
	}

	@Test
	void closeKeepsRecentBytesReadableFromTheWindow() {
		byte[] data = distinct(10_000);
		OutputLog log = log(LARGE, 64);
		log.append(data, 0, data.length, StreamTag.STDOUT);
		log.close();
		assertThat(log.read(9_936, 64)).isEqualTo(Arrays.copyOfRange(data, 9_936, 10_000));
		assertThatExceptionOfType(OutputException.OutputUnavailable.class).isThrownBy(() -> log.read(0, 10));
	}

	@Test
	void deleteRemovesTheFile() {
		OutputLog log = log(LARGE, 64);
		append(log, utf8("abc"));
		log.delete();
		assertThat(log.path()).doesNotExist();
	}

	@Test
	void readsTheLastBytesOfASmallWindowAfterSeveralAppends() {
		byte[] data = distinct(21);
		try (OutputLog log = log(LARGE, 10)) {
			log.append(data, 0, 7, StreamTag.STDOUT);
			log.append(data, 7, 7, StreamTag.STDOUT);
			log.append(data, 14, 7, StreamTag.STDOUT);
			assertThat(log.read(11, 10)).isEqualTo(Arrays.copyOfRange(data, 11, 21));
			assertThat(log.read(0, 21)).isEqualTo(data);
		}
	}

	@ParameterizedTest(name = "window {0}")
	@ValueSource(ints = { 256, 1000, 4096, 6000 })
	void servesTheWindowAcrossTheRingWrapAround(int window) {
		// 256 is the smallest ring; the others also grow the ring while it is partly
		// full.
		byte[] data = distinct(9_000);
		try (OutputLog log = log(0, window)) {
			log.append(data, 0, 3_000, StreamTag.STDOUT);
			log.append(data, 3_000, 3_000, StreamTag.STDOUT);
			log.append(data, 6_000, 3_000, StreamTag.STDOUT);
			assertThat(log.read(9_000 - window, window)).isEqualTo(Arrays.copyOfRange(data, 9_000 - window, 9_000));
			assertThat(log.read(8_990, 5)).isEqualTo(Arrays.copyOfRange(data, 8_990, 8_995));
			assertThatExceptionOfType(OutputException.OutputUnavailable.class)
				.isThrownBy(() -> log.read(9_000 - window - 1, 1));
		}
	}

	@Test
	void keepsAPromptsWorthOfBytesWhileGrowingThroughSeveralSizes() {
		// A prompt at a time: the ring starts small and doubles several times, each time
		// while it holds bytes that must keep their offsets.
		byte[] data = distinct(9_000);
		try (OutputLog log = log(0, 6000)) {
			for (int i = 0; i < data.length; i += 45) {
				log.append(data, i, 45, StreamTag.STDOUT);
				assertThat(log.read(Math.max(0, i + 45 - 6000), 6000))
					.isEqualTo(Arrays.copyOfRange(data, Math.max(0, i + 45 - 6000), i + 45));
			}
		}
	}

	@Test
	void readsBackRandomContentExactly() {
		Random random = new Random(20240611);
		byte[] data = new byte[1 << 20];
		random.nextBytes(data);
		try (OutputLog log = log(LARGE, 4096)) {
			for (int i = 0; i < data.length;) {
				int n = Math.min(1 + random.nextInt(10_000), data.length - i);
				log.append(data, i, n, StreamTag.STDOUT);
				i += n;
			}
			ByteArrayOutputStream back = new ByteArrayOutputStream();
			while (back.size() < data.length) {
				byte[] part = log.read(back.size(), 1 + random.nextInt(20_000));
				assertThat(part).isNotEmpty();
				back.writeBytes(part);
			}
			assertThat(back.toByteArray()).isEqualTo(data);
		}
	}

	private OutputLog log(long maxLogSize, int window) {
		return new OutputLog(this.dir.resolve("session.log"), maxLogSize, window);
	}

	private static void append(OutputLog log, byte[] bytes) {
		log.append(bytes, 0, bytes.length, StreamTag.STDOUT);
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/** Bytes whose values differ from their neighbours', so a misplaced copy shows. */
	private static byte[] distinct(int length) {
		byte[] bytes = new byte[length];
		for (int i = 0; i < length; i++) {
			bytes[i] = (byte) (i % 251);
		}
		return bytes;
	}

}
