package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The stream side of a session's output, driven with a log and plain suppliers.
 */
class OutputFollowerTests {

	@TempDir
	Path dir;

	private OutputLog log;

	private final AtomicBoolean ended = new AtomicBoolean();

	private final AtomicInteger touches = new AtomicInteger();

	private OutputFollower follower;

	@BeforeEach
	void follower() {
		this.log = new OutputLog(this.dir.resolve("session.log"), 1 << 20, 4096);
		this.follower = new OutputFollower(this.log, this.ended::get, () -> this.ended.get() ? this.log.total() : -1,
				this.touches::incrementAndGet);
	}

	@AfterEach
	void close() {
		this.log.close();
	}

	@Test
	void chunkEndsWhereTheStreamChanges() {
		append("out", StreamTag.STDOUT);
		append("err", StreamTag.STDERR);
		SessionReads.Chunk first = this.follower.chunk(0, 1024, true);
		assertThat(first.offset()).isZero();
		assertThat(first.next()).isEqualTo(3);
		assertThat(first.tag()).isEqualTo(StreamTag.STDOUT);
		SessionReads.Chunk second = this.follower.chunk(3, 1024, true);
		assertThat(new String(second.bytes(), StandardCharsets.UTF_8)).isEqualTo("err");
		assertThat(second.tag()).isEqualTo(StreamTag.STDERR);
		assertThat(this.follower.chunk(6, 1024, true)).isNull();
	}

	@Test
	void textHoldsBackAnIncompleteCharacterUntilTheProcessEnded() {
		byte[] euro = "a€".getBytes(StandardCharsets.UTF_8);
		this.log.append(euro, 0, euro.length - 1, StreamTag.STDOUT);
		assertThat(this.follower.chunk(0, 1024, true).next()).isEqualTo(1);
		assertThat(this.follower.chunk(1, 1024, true)).isNull();
		assertThat(this.follower.chunk(0, 1024, false).next()).isEqualTo(euro.length - 1);
		this.ended.set(true);
		assertThat(this.follower.chunk(1, 1024, true).next()).isEqualTo(euro.length - 1);
		assertThat(this.follower.finishedAt(euro.length - 1)).isTrue();
		assertThat(this.follower.finishedAt(1)).isFalse();
	}

	@Test
	void readAheadGivesTheSameChunksAsSingleReads() {
		for (int i = 0; i < 300; i++) {
			append("out€" + i + "\n", StreamTag.STDOUT);
			append((i % 7 == 0) ? "err" + i : "", StreamTag.STDERR);
		}
		ReadAhead ahead = new ReadAhead(64);
		long at = 0;
		while (at < this.log.total()) {
			SessionReads.Chunk single = this.follower.chunk(at, 16, true);
			SessionReads.Chunk buffered = this.follower.chunk(at, 16, true, ahead);
			assertThat(buffered.bytes()).isEqualTo(single.bytes());
			assertThat(List.of(buffered.offset(), buffered.next(), buffered.tag()))
				.isEqualTo(List.of(single.offset(), single.next(), single.tag()));
			at = single.next();
		}
		assertThat(this.follower.chunk(at, 16, true, ahead)).isNull();
	}

	@Test
	void readAheadStillHandsOutBytesTheLogDroppedSinceTheyWereRead() {
		OutputLog small = new OutputLog(this.dir.resolve("small.log"), 0, 32);
		OutputFollower follower = new OutputFollower(small, () -> false, () -> -1, () -> {
		});
		byte[] first = "0123456789abcdefghijklmnopqrstuv".getBytes(StandardCharsets.US_ASCII);
		small.append(first, 0, first.length, StreamTag.STDOUT);
		ReadAhead ahead = new ReadAhead(64);
		assertThat(follower.chunk(0, 16, false, ahead).bytes()).isEqualTo("0123456789abcdef".getBytes());
		// Past the window (no file: its cap is 0): the next 16 bytes are no longer kept.
		small.append(first, 0, first.length, StreamTag.STDOUT);
		assertThatExceptionOfType(OutputException.OutputUnavailable.class)
			.isThrownBy(() -> follower.chunk(16, 16, false, new ReadAhead(64)));
		assertThat(follower.chunk(16, 16, false, ahead).bytes()).isEqualTo("ghijklmnopqrstuv".getBytes());
		assertThat(follower.chunk(32, 16, false, ahead).bytes()).isEqualTo("0123456789abcdef".getBytes());
		small.close();
	}

	@Test
	void subscriptionsAreCappedAndCountAsActivity() throws Exception {
		AutoCloseable first = this.follower.subscribe(1, Subscriber.SELF_CLOSING);
		assertThatExceptionOfType(SessionException.TooManySubscribers.class)
			.isThrownBy(() -> this.follower.subscribe(1, Subscriber.SELF_CLOSING));
		assertThat(this.follower.subscribers()).isEqualTo(1);
		first.close();
		assertThat(this.follower.subscribers()).isZero();
		assertThat(this.touches).hasValue(2);
	}

	@Test
	void aFullSessionLetsGoOfSubscribersFoundGoneAndCountsEachSlotOnce() throws Exception {
		AtomicBoolean firstThere = new AtomicBoolean(true);
		AtomicInteger probesOfSecond = new AtomicInteger();
		AutoCloseable first = this.follower.subscribe(2, firstThere::get);
		AutoCloseable second = this.follower.subscribe(2, () -> probesOfSecond.incrementAndGet() > 0);
		assertThat(probesOfSecond).hasValue(0);
		assertThatExceptionOfType(SessionException.TooManySubscribers.class)
			.isThrownBy(() -> this.follower.subscribe(2, Subscriber.SELF_CLOSING));
		assertThat(probesOfSecond).hasValue(2);
		firstThere.set(false);
		AutoCloseable third = this.follower.subscribe(2, Subscriber.SELF_CLOSING);
		assertThat(this.follower.subscribers()).isEqualTo(2);
		first.close();
		assertThat(this.follower.subscribers()).isEqualTo(2);
		second.close();
		third.close();
		third.close();
		assertThat(this.follower.subscribers()).isZero();
	}

	@Test
	void aFullSessionProbesAtMostOnceEveryFewTenthsOfASecond() throws Exception {
		List<Long> pings = new CopyOnWriteArrayList<>();
		AutoCloseable held = this.follower.subscribe(1, () -> pings.add(System.nanoTime()));
		for (int i = 0; i < 4; i++) {
			assertThatExceptionOfType(SessionException.TooManySubscribers.class)
				.isThrownBy(() -> this.follower.subscribe(1, Subscriber.SELF_CLOSING));
		}
		// Two rounds a probe, and a quiet time between the end of one and the next.
		assertThat(pings).hasSize(8);
		for (int i = 2; i < pings.size(); i += 2) {
			assertThat(Duration.ofNanos(pings.get(i) - pings.get(i - 1)))
				.isGreaterThanOrEqualTo(Duration.ofMillis(SubscriberSlots.PROBE_INTERVAL_MILLIS));
		}
		held.close();
	}

	@Test
	void aPingThatCannotBeWrittenDoesNotHoldUpARefusedSubscription() throws Exception {
		// A ping to a client that stopped reading waits for room in its send buffer until
		// the write times out, and then fails.
		CountDownLatch timedOut = new CountDownLatch(1);
		AutoCloseable stuck = this.follower.subscribe(1, () -> {
			try {
				timedOut.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return false;
		});
		Thread.ofVirtual().start(() -> {
			try {
				Thread.sleep(10_000);
			}
			catch (InterruptedException ex) {
				// The test ended first.
			}
			timedOut.countDown();
		});
		long started = System.nanoTime();
		assertThatExceptionOfType(SessionException.TooManySubscribers.class)
			.isThrownBy(() -> this.follower.subscribe(1, Subscriber.SELF_CLOSING));
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
		assertThat(this.follower.subscribers()).isEqualTo(1);
		// The write fails in the end: the slot is free from then on.
		timedOut.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.follower.subscribers() == 0);
		this.follower.subscribe(1, Subscriber.SELF_CLOSING).close();
		stuck.close();
		assertThat(this.follower.subscribers()).isZero();
	}

	private void append(String text, StreamTag tag) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		this.log.append(bytes, 0, bytes.length, tag);
	}

}
