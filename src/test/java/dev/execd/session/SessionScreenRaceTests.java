package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A live screen while everything around it moves: output appended, the terminal resized
 * and the screen read from several threads at once, and the log closed and deleted under
 * it (a removal by the reaper) while a background catch-up is queued. No read throws,
 * none goes backwards, and the screen ends at the log's end with what memory still keeps.
 */
class SessionScreenRaceTests {

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
	void readsResizesAndAppendsAtOnceNeverThrowNorGoBack() throws Exception {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 1 << 14);
		SessionScreen screen = new SessionScreen(this.log, 40, 10, 50);
		screen.snapshot(0);
		List<Throwable> failures = new CopyOnWriteArrayList<>();
		AtomicBoolean stop = new AtomicBoolean();
		Runnable reader = () -> {
			long seen = 0;
			while (!stop.get()) {
				ScreenSnapshot snapshot = screen.snapshot(5);
				if (snapshot.offset() < seen || snapshot.lines().size() != snapshot.rows()) {
					failures.add(new AssertionError("went back or lost rows: " + snapshot));
				}
				seen = snapshot.offset();
				screen.text();
			}
		};
		Runnable resizer = () -> {
			for (int i = 0; !stop.get(); i++) {
				screen.resized(20 + (i % 60), 5 + (i % 20));
				Thread.onSpinWait();
			}
		};
		List<Thread> threads = List.of(Thread.ofPlatform().start(guarded(reader, failures)),
				Thread.ofPlatform().start(guarded(reader, failures)),
				Thread.ofPlatform().start(guarded(resizer, failures)));
		for (int i = 0; i < 3000; i++) {
			append("line " + i + "\r\n\u001b[1;1Htop " + i + "\u001b[10;1H");
			screen.appended();
		}
		stop.set(true);
		for (Thread thread : threads) {
			thread.join(10_000);
		}
		assertThat(failures).isEmpty();
		screen.resized(40, 10);
		append("\u001b[2J\u001b[Hthe end");
		ScreenSnapshot last = screen.snapshot(0);
		assertThat(last.offset()).isEqualTo(this.log.total());
		assertThat(last.cols()).isEqualTo(40);
		assertThat(last.lines().get(0)).isEqualTo("the end");
	}

	@Test
	void aCatchUpQueuedWhenTheLogIsDeletedGoesOnFromWhatMemoryKeeps() {
		this.log = new OutputLog(this.dir.resolve("log"), 1 << 20, 4096);
		SessionScreen screen = new SessionScreen(this.log, 30, 4, 10);
		screen.snapshot(0);
		for (int i = 0; i < 2000; i++) {
			append("line " + i + "\r\n");
		}
		screen.appended();
		// The reaper's release of a removed session: file closed and deleted at once.
		this.log.delete();
		await().atMost(Duration.ofSeconds(10)).until(() -> screen.fed() > 0);
		append("");
		ScreenSnapshot snapshot = screen.snapshot(0);
		assertThat(snapshot.offset()).isEqualTo(this.log.total());
		assertThat(snapshot.lines()).containsExactly("line 1997", "line 1998", "line 1999", "");
		// A screen first asked for after the removal starts from memory too.
		ScreenSnapshot late = new SessionScreen(this.log, 30, 4, 10).snapshot(0);
		assertThat(late.lines()).isEqualTo(snapshot.lines());
	}

	private static Runnable guarded(Runnable body, List<Throwable> failures) {
		return () -> {
			try {
				body.run();
			}
			catch (Throwable ex) {
				failures.add(ex);
			}
		};
	}

}
