package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.execd.output.OutputLog;
import dev.execd.process.GoneChild;
import dev.execd.output.StreamTag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The delivery cursor, driven with a log and plain suppliers: polls continue where the
 * previous one ended, reads by offset leave it alone.
 */
class DeliveryCursorTests {

	private static final SessionSpec SPEC = new SessionSpec("cat", null, null, null, false, Map.of(), false, 120, 30,
			Duration.ofMinutes(30), Duration.ZERO, null, null, null);

	private static final WaitSpec NO_WAIT = WaitSpec.of(0, null, 1 << 20, null, false);

	@TempDir
	Path dir;

	private OutputLog log;

	private final AtomicBoolean ended = new AtomicBoolean();

	private DeliveryCursor cursor;

	@BeforeEach
	void cursor() {
		this.log = new OutputLog(this.dir.resolve("session.log"), 1 << 20, 4096);
		SessionFacts facts = new SessionFacts("s1", new Scope("anonymous", "c1"), SPEC, "/tmp", 1, false, Instant.now(),
				System.nanoTime(), new SessionWatch(new GoneChild(1, false)));
		this.cursor = new DeliveryCursor(this.log, new OutputWaiter(this.log, this.ended::get, (warning) -> {
		}, null, null), this.ended::get, () -> facts.snapshot(SessionState.initial(SPEC), this.log, 0, false, 0));
	}

	@AfterEach
	void close() {
		this.log.close();
	}

	@Test
	void pollsContinueWhereThePreviousEnded() throws InterruptedException {
		append("one\n");
		ExecOutcome first = this.cursor.poll(NO_WAIT, System.nanoTime(), false);
		assertThat(first.output()).isEqualTo("one\n");
		assertThat(first.outputOffset()).isZero();
		assertThat(first.nextOffset()).isEqualTo(4);
		append("two\n");
		ExecOutcome second = this.cursor.poll(NO_WAIT, System.nanoTime(), false);
		assertThat(second.output()).isEqualTo("two\n");
		assertThat(second.outputOffset()).isEqualTo(4);
		assertThat(second.nextOffset()).isEqualTo(8);
	}

	@Test
	void readsByOffsetLeaveTheCursorAndReadsWithoutOneAdvanceIt() throws InterruptedException {
		append("abc");
		assertThat(this.cursor.read(1L, 100, NO_WAIT, false, null).text()).isEqualTo("bc");
		assertThat(this.cursor.poll(NO_WAIT, System.nanoTime(), false).output()).isEqualTo("abc");
		append("def");
		ReadOutcome fromCursor = this.cursor.read(null, 100, NO_WAIT, false, null);
		assertThat(fromCursor.text()).isEqualTo("def");
		assertThat(fromCursor.outputOffset()).isEqualTo(3);
		assertThat(this.cursor.poll(NO_WAIT, System.nanoTime(), false).output()).isEmpty();
	}

	@Test
	void eofOnlyOnceTheProcessEndedAndEverythingWasRead() throws InterruptedException {
		append("x");
		assertThat(this.cursor.read(null, 100, NO_WAIT, false, null).eof()).isFalse();
		this.ended.set(true);
		assertThat(this.cursor.read(0L, 100, NO_WAIT, false, null).eof()).isTrue();
	}

	private void append(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		this.log.append(bytes, 0, bytes.length, StreamTag.STDOUT);
	}

}
