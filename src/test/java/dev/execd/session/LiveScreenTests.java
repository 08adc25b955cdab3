package dev.execd.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link LiveScreen}: screens of a real PTY session, with no web layer: never closer than
 * 50 ms, never the same screen twice, the end after the last one.
 */
class LiveScreenTests {

	private static final Scope SCOPE = new Scope("anonymous", "c1");

	@TempDir
	Path dir;

	private SessionRegistry registry;

	@BeforeEach
	void createRegistry() {
		this.registry = TestRegistries.create(this.dir);
	}

	@AfterEach
	void closeRegistry() {
		this.registry.close();
	}

	/** A frame and when {@link LiveScreen#next} returned it. */
	private record Timed(LiveScreen.Frame frame, long nanos) {

	}

	@Test
	void framesAreAtLeast50MsApartAndTheLastShowsAllOutput() throws Exception {
		Session session = start("for i in $(seq 1 400); do echo line $i; sleep 0.002; done", true);
		List<Timed> frames = new ArrayList<>();
		LiveScreen.End end = follow(session, frames);
		assertThat(end.session().running()).isFalse();
		assertThat(frames).hasSizeGreaterThan(2);
		for (int i = 1; i < frames.size(); i++) {
			long gap = frames.get(i).nanos() - frames.get(i - 1).nanos();
			// Timed after next() returned, a hair after the stream's own clock.
			assertThat(gap).isGreaterThanOrEqualTo(LiveScreen.MIN_INTERVAL_NANOS - TimeUnit.MILLISECONDS.toNanos(1));
		}
		assertThat(frames.getLast().frame().screen().text()).contains("line 400");
	}

	@Test
	void outputThatLeavesTheScreenAsItWasSendsNoFrame() throws Exception {
		Session session = start("printf x; sleep 0.3; printf '\\033[31m\\033[0m'; sleep 0.3", true);
		List<Timed> frames = new ArrayList<>();
		follow(session, frames);
		assertThat(frames).hasSizeLessThanOrEqualTo(2);
		assertThat(frames.getLast().frame().screen().lines().getFirst()).isEqualTo("x");
		for (int i = 1; i < frames.size(); i++) {
			assertThat(frames.get(i).frame().screen().lines()).isNotEqualTo(frames.get(i - 1).frame().screen().lines());
		}
	}

	@Test
	void aPipeSessionHasNoScreen() {
		Session session = start("sleep 1000", false);
		assertThatExceptionOfType(SessionException.NotATerminal.class)
			.isThrownBy(() -> LiveScreen.follow(session, 8, Subscriber.SELF_CLOSING));
	}

	private Session start(String cmd, boolean tty) {
		return this.registry
			.start(SCOPE,
					new SessionSpec(cmd, null, null, null, false, Map.of(), tty, 40, 10, Duration.ofMinutes(30),
							Duration.ZERO, null, null, null))
			.session();
	}

	private static LiveScreen.End follow(Session session, List<Timed> frames) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		try (LiveScreen live = LiveScreen.follow(session, 8, Subscriber.SELF_CLOSING)) {
			while (System.nanoTime() < deadline) {
				LiveScreen.Event event = live.next();
				switch (event) {
					case null -> live.await(Math.min(deadline, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200)));
					case LiveScreen.Frame frame -> frames.add(new Timed(frame, System.nanoTime()));
					case LiveScreen.End end -> {
						return end;
					}
				}
			}
		}
		throw new AssertionError("no end within 20 s: " + frames.size() + " frames");
	}

}
