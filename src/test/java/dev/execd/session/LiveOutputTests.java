package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.execd.output.OutputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link LiveOutput}: a stream's events come decoded from the session, with a real
 * process and no web layer.
 */
class LiveOutputTests {

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

	@Test
	void yieldsStrippedTextThenTheEnd() throws Exception {
		Session session = start("printf 'h\\033[31mi\\303'; sleep 0.3; printf '\\251'");
		List<LiveEvent> events = follow(session, 0, false, true);
		String text = events.stream()
			.filter(LiveEvent.Text.class::isInstance)
			.map((event) -> ((LiveEvent.Text) event).text())
			.reduce("", String::concat);
		assertThat(text).isEqualTo("hié");
		assertThat(events.getLast()).isInstanceOf(LiveEvent.End.class);
		assertThat(((LiveEvent.End) events.getLast()).session().running()).isFalse();
	}

	@Test
	void yieldsExactBytesFromAnOffset() throws Exception {
		Session session = start("printf 'abc'");
		session.ended().get(10, TimeUnit.SECONDS);
		List<LiveEvent> events = follow(session, 1, true, false);
		LiveEvent.Bytes first = (LiveEvent.Bytes) events.getFirst();
		assertThat(first.offset()).isEqualTo(1);
		assertThat(first.next()).isEqualTo(3);
		assertThat(first.copy()).containsExactly('b', 'c');
		assertThat(first.stream()).isEqualTo("stdout");
	}

	@Test
	void followsBytesInChunksOfAtMostSixteenKibThatNeverSplitACharacter() throws Exception {
		// 20,000 three-byte characters: 60,000 bytes, read ahead in one piece.
		Session session = start("for i in $(seq 20); do printf '%.0s€' $(seq 1000); done");
		session.ended().get(10, TimeUnit.SECONDS);
		StringBuilder text = new StringBuilder();
		long at = 0;
		try (LiveOutput live = LiveOutput.followBytes(session, 0, true, 8, Subscriber.SELF_CLOSING)) {
			for (LiveEvent event = live.next(); !(event instanceof LiveEvent.End); event = live.next()) {
				LiveEvent.Bytes bytes = (LiveEvent.Bytes) event;
				assertThat(bytes.offset()).isEqualTo(at);
				assertThat(bytes.length()).isBetween(1, LiveOutput.CHUNK_BYTES).isEqualTo(bytes.length() / 3 * 3);
				text.append(new String(bytes.copy(), StandardCharsets.UTF_8));
				at = bytes.next();
			}
		}
		assertThat(at).isEqualTo(60_000);
		assertThat(text.toString()).isEqualTo("€".repeat(20_000));
	}

	@Test
	void refusesAnOffsetPastTheEnd() {
		Session session = start("sleep 1000");
		assertThatExceptionOfType(OutputException.OffsetOutOfRange.class)
			.isThrownBy(() -> LiveOutput.follow(session, 5, false, false, 8, Subscriber.SELF_CLOSING));
	}

	@Test
	void countsAsASubscriberUntilClosed() throws Exception {
		Session session = start("sleep 1000");
		try (LiveOutput live = LiveOutput.follow(session, 0, false, false, 1, Subscriber.SELF_CLOSING)) {
			assertThat(session.reads().subscribers()).isEqualTo(1);
			assertThatExceptionOfType(SessionException.TooManySubscribers.class)
				.isThrownBy(() -> LiveOutput.follow(session, 0, false, false, 1, Subscriber.SELF_CLOSING));
		}
		assertThat(session.reads().subscribers()).isZero();
	}

	private Session start(String cmd) {
		return this.registry
			.start(SCOPE,
					new SessionSpec(cmd, null, null, null, false, Map.of(), false, 120, 30, Duration.ofMinutes(30),
							Duration.ZERO, null, null, null))
			.session();
	}

	private static List<LiveEvent> follow(Session session, long from, boolean base64, boolean stripAnsi)
			throws Exception {
		List<LiveEvent> events = new ArrayList<>();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		try (LiveOutput live = LiveOutput.follow(session, from, base64, stripAnsi, 8, Subscriber.SELF_CLOSING)) {
			while (System.nanoTime() < deadline) {
				LiveEvent event = live.next();
				if (event == null) {
					live.await(Math.min(deadline, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200)));
					continue;
				}
				events.add(event);
				if (event instanceof LiveEvent.End) {
					return events;
				}
			}
		}
		throw new AssertionError("no end within 10 s: " + events);
	}

}
