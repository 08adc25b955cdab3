package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import dev.execd.output.OutputLog;
import dev.execd.output.PatternScanner;
import dev.execd.output.StreamTag;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions that end a wait, driven with a log, a fake screen and a fake input
 * detector: which one ended it and when.
 */
class OutputWaiterTests {

	private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

	@TempDir
	Path dir;

	private OutputLog log;

	private final AtomicBoolean ended = new AtomicBoolean();

	private final AtomicBoolean reading = new AtomicBoolean();

	private final AtomicReference<String> screen = new AtomicReference<>("");

	private final List<String> warnings = new ArrayList<>();

	private OutputWaiter waiter;

	@BeforeEach
	void waiter() {
		this.log = new OutputLog(this.dir.resolve("session.log"), 1 << 20, 4096);
		this.waiter = new OutputWaiter(this.log, this.ended::get, this.warnings::add, this.screen::get,
				this.reading::get);
	}

	@AfterEach
	void close() {
		this.log.close();
	}

	@Test
	void settlesOnceOutputCameAndThenNothingForTheSettleTime() throws Exception {
		later(50, () -> append("a"));
		later(250, () -> append("b"));
		long began = System.nanoTime();
		OutputWaiter.Result result = await(wait(null, null, 300, 0), 10 * SECOND, false);
		long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
		assertThat(result).isEqualTo(new OutputWaiter.Result(EndedBy.SETTLED, null));
		// After the second byte's quiet spell, long before the deadline.
		assertThat(tookMs).isBetween(500L, 3000L);
	}

	@Test
	void noOutputNeverSettles() throws Exception {
		assertThat(await(wait(null, null, 50, 0), SECOND / 2, false).endedBy()).isEqualTo(EndedBy.DEADLINE);
	}

	@Test
	void aQuietProcessReadingItsInputEndsTheWaitAfterTheQuietTime() throws Exception {
		this.reading.set(true);
		long began = System.nanoTime();
		OutputWaiter.Result result = await(wait(null, null, 0, 200), 10 * SECOND, false);
		long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
		assertThat(result).isEqualTo(new OutputWaiter.Result(EndedBy.INPUT, null));
		assertThat(tookMs).isBetween(200L, 2000L);
	}

	@Test
	void inputIsAskedAgainWhileQuietAndNotWithoutTheQuietTime() throws Exception {
		later(400, () -> this.reading.set(true));
		long began = System.nanoTime();
		assertThat(await(wait(null, null, 0, 100), 10 * SECOND, false).endedBy()).isEqualTo(EndedBy.INPUT);
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began)).isBetween(400L, 2000L);
		// 0 turns it off
		assertThat(await(wait(null, null, 0, 0), SECOND / 2, false).endedBy()).isEqualTo(EndedBy.DEADLINE);
	}

	@Test
	void outputResetsTheQuietTime() throws Exception {
		this.reading.set(true);
		for (int i = 1; i <= 5; i++) {
			later(100 * i, () -> append("."));
		}
		long began = System.nanoTime();
		assertThat(await(wait(null, null, 0, 300), 10 * SECOND, false).endedBy()).isEqualTo(EndedBy.INPUT);
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began)).isGreaterThanOrEqualTo(800L);
	}

	@Test
	void theScreenPatternMatchesTheScreenAsItIsAndAfterEachChange() throws Exception {
		this.screen.set("~\n~\n-- INSERT --");
		assertThat(await(wait(null, "^-- INSERT --$", 0, 0), SECOND, false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.MATCH, true));
		this.screen.set("~\n~\n");
		later(200, () -> {
			this.screen.set("hello\n~\n:wq");
			append("x");
		});
		long began = System.nanoTime();
		assertThat(await(wait(null, "^:wq", 0, 0), 10 * SECOND, false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.MATCH, true));
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began)).isBetween(150L, 3000L);
		assertThat(await(wait(null, "nowhere", 0, 0), SECOND / 4, false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.DEADLINE, false));
	}

	@Test
	void anExpensiveScreenPatternEndsTheWaitUnmatchedWithAWarning() throws Exception {
		this.screen.set("a".repeat(5000) + "!");
		assertThat(await(wait(null, "(a|aa)+$", 0, 0), 10 * SECOND, false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.MATCH, false));
		assertThat(this.warnings).singleElement().asString().startsWith("wait_for_screen pattern");
	}

	@Test
	void exitMatchAndFirstByte() throws Exception {
		later(100, () -> append("ready\n"));
		assertThat(await(wait("ready", null, 0, 0), 10 * SECOND, false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.MATCH, true));
		later(100, () -> append("more"));
		assertThat(await(wait(null, null, 0, 0), 10 * SECOND, true))
			.isEqualTo(new OutputWaiter.Result(EndedBy.OUTPUT, null));
		this.ended.set(true);
		this.reading.set(true);
		assertThat(await(wait("never", null, 0, 300), 10 * SECOND, false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.EXIT, false));
	}

	@Test
	void aPatternMatchesAcrossMoreThan64KiBOfOutput() throws Exception {
		append("START\n");
		later(100, () -> {
			for (int i = 0; i < 20; i++) {
				append("x".repeat(5000) + "\n");
			}
			append("END\n");
		});
		assertThat(this.waiter.await(0, System.nanoTime() + 10 * SECOND, wait("(?s)START.*END", null, 0, 0), false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.MATCH, true));
	}

	@Test
	void moreOutputAtOnceThanTheWindowIsScannedFromItsNewestPartOnly() throws Exception {
		try (OutputLog big = new OutputLog(this.dir.resolve("big.log"), 16 << 20, 4096)) {
			OutputWaiter waiter = new OutputWaiter(big, this.ended::get, this.warnings::add, null, null);
			appendTo(big, "STA");
			// The part just past the window's start reads "RT": with the text before the
			// gap
			// it would make a START that the output does not have.
			later(300, () -> appendTo(big,
					"Z".repeat(PatternScanner.CONTEXT + 100) + "RT" + "y".repeat(PatternScanner.WINDOW - 2)));
			assertThat(waiter.await(0, System.nanoTime() + 3 * SECOND, wait("START", null, 0, 0), false))
				.isEqualTo(new OutputWaiter.Result(EndedBy.DEADLINE, false));
			later(300, () -> appendTo(big, "w".repeat(2 * PatternScanner.WINDOW) + "START"));
			assertThat(waiter.await(big.total(), System.nanoTime() + 10 * SECOND, wait("START", null, 0, 0), false))
				.isEqualTo(new OutputWaiter.Result(EndedBy.MATCH, true));
		}
	}

	@Test
	void withoutAScreenTheScreenPatternNeverMatches() throws Exception {
		OutputWaiter pipes = new OutputWaiter(this.log, this.ended::get, this.warnings::add, null, null);
		this.reading.set(true);
		assertThat(pipes.await(this.log.total(), System.nanoTime() + SECOND / 4, wait(null, ".*", 0, 100), false))
			.isEqualTo(new OutputWaiter.Result(EndedBy.DEADLINE, false));
	}

	private OutputWaiter.Result await(WaitSpec spec, long waitNanos, boolean anyByte) throws InterruptedException {
		return this.waiter.await(this.log.total(), System.nanoTime() + waitNanos, spec, anyByte);
	}

	private static WaitSpec wait(@Nullable String waitFor, @Nullable String screen, long settleMs, long quietMs) {
		return WaitSpec
			.of(0, (waitFor != null) ? Pattern.compile(waitFor, Pattern.MULTILINE) : null, 1 << 20, null, false)
			.until((screen != null) ? Pattern.compile(screen, Pattern.MULTILINE) : null,
					TimeUnit.MILLISECONDS.toNanos(settleMs), TimeUnit.MILLISECONDS.toNanos(quietMs));
	}

	private static void later(long ms, Runnable action) {
		Thread.ofVirtual().start(() -> {
			try {
				Thread.sleep(ms);
				action.run();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
	}

	private void append(String text) {
		appendTo(this.log, text);
	}

	private static void appendTo(OutputLog log, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		log.append(bytes, 0, bytes.length, StreamTag.STDOUT);
	}

}
