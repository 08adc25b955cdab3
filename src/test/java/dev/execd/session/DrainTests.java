package dev.execd.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the output of an exited leader counts as complete. Bounds are generous: the point
 * is which event ends the wait, not how fast.
 */
class DrainTests {

	@TempDir
	Path dir;

	private OutputLog log;

	@BeforeEach
	void openLog() {
		this.log = new OutputLog(this.dir.resolve("session.log"), 1 << 20, 4096);
	}

	@AfterEach
	void closeLog() {
		this.log.close();
	}

	@Test
	void quietOutputIsNoEndWhileNoOtherProcessIsLeft() throws Exception {
		// A reader held up (GC pause, starved CPU) leaves bytes in the pipe and appends
		// nothing for a while: only its EOF may end the wait.
		Drain drain = new Drain(this.log, 1);
		CompletableFuture<Long> returned = awaitAsync(drain, System.nanoTime(), () -> false);
		Thread.sleep(300);
		assertThat(returned).isNotDone();
		this.log.append(new byte[] { 'x' }, 0, 1, StreamTag.STDOUT);
		long eof = System.nanoTime();
		drain.streamEnded();
		assertThat(Duration.ofNanos(returned.get(5, TimeUnit.SECONDS) - eof)).isLessThan(Duration.ofMillis(500));
	}

	@Test
	void quietOutputEndsTheWaitWhenAChildMayHoldTheStreamsOpen() throws Exception {
		assertThat(waited(new Drain(this.log, 1), () -> true)).isBetween(Duration.ofMillis(45), Duration.ofMillis(900));
	}

	@Test
	void theWaitNeverOutlastsASecondAfterTheExit() throws Exception {
		assertThat(waited(new Drain(this.log, 2), () -> false)).isBetween(Duration.ofMillis(990),
				Duration.ofSeconds(5));
	}

	@Test
	void everyStreamAtEofEndsTheWaitAtOnce() throws Exception {
		Drain drain = new Drain(this.log, 2);
		drain.streamEnded();
		drain.streamEnded();
		assertThat(waited(drain, () -> false)).isLessThan(Duration.ofMillis(500));
	}

	@Test
	void aFailingProcessCheckFallsBackToQuietInsteadOfHanging() throws Exception {
		assertThat(waited(new Drain(this.log, 1), () -> {
			throw new IllegalStateException("Cannot list /proc");
		})).isBetween(Duration.ofMillis(45), Duration.ofMillis(900));
	}

	/** How long a drain of a leader that exits now waits. */
	private static Duration waited(Drain drain, BooleanSupplier othersAlive) throws Exception {
		long exit = System.nanoTime();
		return Duration.ofNanos(awaitAsync(drain, exit, othersAlive).get(10, TimeUnit.SECONDS) - exit);
	}

	private static CompletableFuture<Long> awaitAsync(Drain drain, long exitAt, BooleanSupplier othersAlive) {
		CompletableFuture<Long> returned = new CompletableFuture<>();
		Thread.ofPlatform().daemon().start(() -> {
			try {
				drain.await(exitAt, othersAlive);
				returned.complete(System.nanoTime());
			}
			catch (Throwable ex) {
				returned.completeExceptionally(ex);
			}
		});
		return returned;
	}

}
