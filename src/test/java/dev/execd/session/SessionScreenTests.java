package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import dev.execd.screen.Emulator;
import dev.execd.screen.Emulators;
import dev.execd.screen.Grid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A session's screen against its log: started lazily by replaying what the log keeps
 * (over the gap a log cap leaves), then kept live by the reader, and resized in order.
 */
class SessionScreenTests {

	@TempDir
	Path dir;

	private OutputLog log;

	@AfterEach
	void close() {
		if (this.log != null) {
			this.log.close();
		}
	}

	private void append(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		this.log.append(bytes, 0, bytes.length, StreamTag.of("pty"));
	}

	@Test
	void aScreenNobodyAskedForFeedsNothingThenReplaysTheLogWhenAsked() {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 4096);
		SessionScreen screen = new SessionScreen(this.log, 20, 4, 100);
		append("one\r\n");
		screen.appended();
		append("two\r\n\u001b]0;t\u0007");
		screen.appended();
		ScreenSnapshot first = screen.snapshot(0);
		assertThat(first.lines()).containsExactly("one", "two", "", "");
		assertThat(first.title()).isEqualTo("t");
		assertThat(first.offset()).isEqualTo(this.log.total());
		assertThat(first.cols()).isEqualTo(20);
	}

	@Test
	void aLiveScreenFollowsEveryAppendAndTheTextCatchesUp() {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 4096);
		SessionScreen screen = new SessionScreen(this.log, 20, 3, 100);
		assertThat(screen.text()).isEqualTo("\n\n");
		append("ab\u001b[2");
		screen.appended();
		assertThat(screen.text()).isEqualTo("ab\n\n");
		append(";3Hc");
		// Not told: the next read catches up by itself.
		assertThat(screen.text()).isEqualTo("ab\n  c\n");
		assertThat(screen.snapshot(0).offset()).isEqualTo(this.log.total());
	}

	@Test
	void theReplayStepsOverBytesTheLogNoLongerKeeps() {
		// The file keeps the first 8 bytes, memory the last 64: the middle is gone.
		this.log = new OutputLog(this.dir.resolve("log"), 8, 64);
		append("kept\r\n");
		for (int i = 0; i < 50; i++) {
			append("lost line " + i + "\r\n");
		}
		append("\u001b[2J\u001b[Hend of it");
		SessionScreen screen = new SessionScreen(this.log, 30, 4, 100);
		ScreenSnapshot snapshot = screen.snapshot(10);
		assertThat(snapshot.lines().get(0)).isEqualTo("end of it");
		assertThat(snapshot.offset()).isEqualTo(this.log.total());
	}

	@Test
	void aResizeRendersWhatCameBeforeAtTheOldSize() {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 4096);
		SessionScreen screen = new SessionScreen(this.log, 20, 5, 100);
		assertThat(screen.snapshot(0).cols()).isEqualTo(20);
		append("x".repeat(25));
		screen.resized(30, 6);
		ScreenSnapshot snapshot = screen.snapshot(0);
		assertThat(snapshot.cols()).isEqualTo(30);
		assertThat(snapshot.rows()).isEqualTo(6);
		assertThat(String.join("", snapshot.lines())).hasSize(25);
	}

	@Test
	void scrollbackIsClampedToTheBound() {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 1 << 16);
		for (int i = 0; i < 30; i++) {
			append(i + "\r\n");
		}
		SessionScreen screen = new SessionScreen(this.log, 10, 3, 5);
		assertThat(screen.snapshot(1000).scrollback()).containsExactly("23", "24", "25", "26", "27");
		assertThat(screen.snapshot(-3).scrollback()).isEmpty();
	}

	@Test
	void aScreenStartedLateReplaysEachPartAtTheSizeItWasWrittenAt() {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 1 << 16);
		SessionScreen live = new SessionScreen(this.log, 20, 5, 10);
		SessionScreen late = new SessionScreen(this.log, 20, 5, 10);
		live.snapshot(0);
		append("a".repeat(25) + "\r\nfirst size\r\n");
		live.resized(30, 6);
		late.resized(30, 6);
		append("b".repeat(35) + "\r\nsecond size");
		live.resized(12, 4);
		late.resized(12, 4);
		append("\r\nthird\u001b[1;1Htop");
		ScreenSnapshot expected = live.snapshot(10);
		assertThat(expected.cols()).isEqualTo(12);
		assertThat(late.snapshot(10)).isEqualTo(expected);
	}

	@Test
	void aFloodOfLinesIsCaughtUpWithoutFeedingEveryLine() {
		this.log = new OutputLog(this.dir.resolve("log"), 1L << 30, 1 << 16);
		byte[] block = "yes, a line of a flood\r\n".repeat(4096).getBytes(StandardCharsets.US_ASCII);
		for (int i = 0; i < 200; i++) {
			this.log.append(block, 0, block.length, StreamTag.of("pty"));
		}
		append("the end");
		SessionScreen screen = new SessionScreen(this.log, 120, 30, 1000);
		long started = System.nanoTime();
		ScreenSnapshot snapshot = screen.snapshot(1000);
		long ms = (System.nanoTime() - started) / 1_000_000;
		assertThat(snapshot.offset()).isEqualTo(this.log.total());
		assertThat(snapshot.lines().get(29)).isEqualTo("the end");
		assertThat(snapshot.lines().get(28)).isEqualTo("yes, a line of a flood");
		assertThat(snapshot.scrollback()).hasSize(1000).allMatch("yes, a line of a flood"::equals);
		// 19 MB, of which the emulator parsed only the lines that still show.
		assertThat(screen.fed()).isLessThan(100_000);
		assertThat(ms).isLessThan(5000);
	}

	@Test
	void aReplayAfterTheEmulatorFailedRunsOnTheCpuThreadsAsTheFirstOneDid() throws Exception {
		this.log = new OutputLog(this.dir.resolve("log"), 1L << 30, 1 << 16);
		// Over the bound past which a replay leaves the request's thread.
		byte[] block = "a line\r\n".repeat(4096).getBytes(StandardCharsets.US_ASCII);
		for (int i = 0; i < 40; i++) {
			this.log.append(block, 0, block.length, StreamTag.of("pty"));
		}
		AtomicBoolean broken = new AtomicBoolean();
		List<List<String>> feeders = new CopyOnWriteArrayList<>();
		SessionScreen screen = new SessionScreen(this.log, 20, 4, 100, (cols, rows, scrollback) -> {
			Emulator emulator = Emulators.create(cols, rows, scrollback);
			List<String> threads = new CopyOnWriteArrayList<>();
			boolean first = feeders.isEmpty();
			feeders.add(threads);
			return new Emulator() {

				@Override
				public void feed(byte[] bytes, int offset, int length) {
					if (first && broken.get()) {
						throw new IllegalStateException("a sequence the emulator chokes on");
					}
					threads.add(Thread.currentThread().getName());
					emulator.feed(bytes, offset, length);
				}

				@Override
				public void resize(int cols, int rows) {
					emulator.resize(cols, rows);
				}

				@Override
				public Grid grid(int scrollback) {
					return emulator.grid(scrollback);
				}

			};
		});
		assertThat(onRequestThread(() -> screen.snapshot(0)).lines()).contains("a line");
		broken.set(true);
		append("after\r\n");
		// Little to catch up: the read does it on its own thread, the emulator fails, and
		// the fresh replay of the whole log goes where the first one went.
		assertThat(onRequestThread(() -> screen.snapshot(0)).lines()).contains("after");
		assertThat(feeders).hasSize(2);
		assertThat(feeders.get(0)).isNotEmpty().allMatch((name) -> name.startsWith("execd-cpu-"));
		assertThat(feeders.get(1)).isNotEmpty().allMatch((name) -> name.startsWith("execd-cpu-"));
	}

	/** Runs a read as a request does, on a virtual thread. */
	private static <T> T onRequestThread(Callable<T> read) throws Exception {
		FutureTask<T> task = new FutureTask<>(read);
		Thread.ofVirtual().name("request").start(task);
		return task.get(30, TimeUnit.SECONDS);
	}

}
