package dev.execd.session;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.execd.output.OutputLog;
import dev.execd.process.GoneChild;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The state a wait that ended on input reports: {@code waiting_for_input} for a running
 * session, never for one whose process ended between the wait and the answer (the leader
 * died while a child of it still sat in a read).
 */
class InputWaitStateTests {

	private static final SessionSpec SPEC = new SessionSpec("cat", null, null, null, false, Map.of(), false, 120, 30,
			Duration.ofMinutes(30), Duration.ZERO, null, null, null);

	private static final WaitSpec QUIET = WaitSpec.of(TimeUnit.SECONDS.toNanos(10), null, 1 << 20, null, false)
		.until(null, 0, TimeUnit.MILLISECONDS.toNanos(10));

	@TempDir
	Path dir;

	private OutputLog log;

	private final AtomicReference<SessionState> state = new AtomicReference<>(SessionState.initial(SPEC));

	private DeliveryCursor cursor;

	@BeforeEach
	void cursor() {
		this.log = new OutputLog(this.dir.resolve("session.log"), 1 << 20, 4096);
		SessionFacts facts = new SessionFacts("s1", new Scope("anonymous", "c1"), SPEC, "/tmp", 1, false, Instant.now(),
				System.nanoTime(), new SessionWatch(new GoneChild(1, false)));
		// The process is always found reading; the wait itself never sees the end.
		OutputWaiter waiter = new OutputWaiter(this.log, () -> false, (warning) -> {
		}, null, () -> true);
		this.cursor = new DeliveryCursor(this.log, waiter, () -> false,
				() -> facts.snapshot(this.state.get(), this.log, 0, false, 0));
	}

	@AfterEach
	void close() {
		this.log.close();
	}

	@Test
	void aRunningSessionFoundReadingIsWaitingForInput() throws InterruptedException {
		ExecOutcome polled = this.cursor.poll(QUIET, System.nanoTime(), false);
		assertThat(polled.endedBy()).isEqualTo(EndedBy.INPUT);
		assertThat(polled.session().waitingForInput()).isTrue();
		ReadOutcome read = this.cursor.read(0L, 100, QUIET, false, null);
		assertThat(read.endedBy()).isEqualTo(EndedBy.INPUT);
		assertThat(read.session().waitingForInput()).isTrue();
	}

	@Test
	void aSessionThatEndedAfterTheWaitIsNotWaitingForInput() throws InterruptedException {
		this.state.set(SessionState.initial(SPEC).exited(0, Instant.now()));
		ExecOutcome polled = this.cursor.poll(QUIET, System.nanoTime(), false);
		assertThat(polled.endedBy()).isEqualTo(EndedBy.INPUT);
		assertThat(polled.session().running()).isFalse();
		assertThat(polled.session().waitingForInput()).isFalse();
		ReadOutcome read = this.cursor.read(0L, 100, QUIET, false, null);
		assertThat(read.session().waitingForInput()).isFalse();
	}

}
