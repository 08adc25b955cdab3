package dev.execd.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.execd.config.ExecdProperties;
import dev.execd.output.OutputException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The registry with real processes and a test clock: only explicit {@code reap()} calls
 * reap (the background interval is an hour), and TTLs pass by advancing the clock. Checks
 * that a session is still there use {@code list}, which does not touch it; {@code find}
 * would reset its TTL.
 */
class SessionRegistryTests {

	private static final Scope SCOPE = new Scope("anonymous", "c1");

	private static final int CHUNK = 61440;

	@TempDir
	Path dir;

	private final TestClock clock = new TestClock(Instant.now());

	private final List<SessionRegistry> registries = new ArrayList<>();

	private SessionRegistry registry;

	@AfterEach
	void closeRegistries() {
		// Closing terminates every session, so no sleep outlives a test.
		this.registries.forEach(SessionRegistry::close);
	}

	@Test
	void expiresRunningSessionNobodyUsedForTheTtl() {
		useRegistry(Map.of());
		Session session = start("sleep 1000");
		long pid = session.snapshot().pid();
		this.clock.advance(Duration.ofMinutes(29));
		this.registry.reap();
		assertThat(ids()).containsExactly(session.id());
		this.clock.advance(Duration.ofMinutes(2));
		this.registry.reap();
		assertThatExceptionOfType(SessionException.NotFound.class)
			.isThrownBy(() -> this.registry.find(SCOPE, session.id()));
		assertThat(alive(pid)).isFalse();
		assertThat(this.registry.list(SCOPE, null)).isEmpty();
	}

	@Test
	void callsKeepASessionAlive() {
		useRegistry(Map.of());
		Session session = start("sleep 1000");
		this.clock.advance(Duration.ofMinutes(20));
		this.registry.find(SCOPE, session.id());
		this.clock.advance(Duration.ofMinutes(20));
		this.registry.reap();
		assertThat(ids()).containsExactly(session.id());
		assertThat(alive(session.snapshot().pid())).isTrue();
	}

	@Test
	void anOpenStreamKeepsASessionAlive() throws Exception {
		useRegistry(Map.of());
		Session session = start("sleep 1000");
		AutoCloseable subscription = session.reads().subscribe(64, Subscriber.SELF_CLOSING);
		this.clock.advance(Duration.ofHours(2));
		this.registry.reap();
		assertThat(ids()).containsExactly(session.id());
		subscription.close();
		this.clock.advance(Duration.ofMinutes(31));
		this.registry.reap();
		assertThat(ids()).isEmpty();
		assertThat(alive(session.snapshot().pid())).isFalse();
	}

	@Test
	void removesEndedSessionsAfterRetentionWithTheirLogs() {
		useRegistry(Map.of());
		Session session = start("echo hi");
		awaitEnded(session);
		Path log = this.dir.resolve(session.id() + ".log");
		Path metadata = this.dir.resolve(session.id() + ".json");
		assertThat(log).exists();
		assertThat(metadata).exists();
		this.clock.advance(Duration.ofMinutes(29));
		this.registry.reap();
		assertThat(ids()).containsExactly(session.id());
		this.clock.advance(Duration.ofMinutes(2));
		this.registry.reap();
		assertThat(ids()).isEmpty();
		assertThat(log).doesNotExist();
		assertThat(metadata).doesNotExist();
	}

	@Test
	void followingPastTheEndOfAnEndedSessionIsNotUse() {
		useRegistry(Map.of());
		Session session = start("echo hi");
		awaitEnded(session);
		long end = session.reads().total();
		assertThat(this.registry.follow(SCOPE, session.id(), 1)).isSameAs(session);
		// Reconnects after the end, again and again: the retention still runs out.
		for (int minute = 0; minute < 31; minute++) {
			this.clock.advance(Duration.ofMinutes(1));
			assertThat(this.registry.follow(SCOPE, session.id(), end)).isNull();
			assertThat(this.registry.follow(SCOPE, session.id(), end + 10)).isNull();
		}
		this.registry.reap();
		assertThat(ids()).isEmpty();
	}

	@Test
	void followingARunningSessionIsUse() {
		useRegistry(Map.of());
		Session session = start("sleep 1000");
		for (int minute = 0; minute < 40; minute++) {
			this.clock.advance(Duration.ofMinutes(1));
			assertThat(this.registry.follow(SCOPE, session.id(), 0)).isSameAs(session);
		}
		this.registry.reap();
		assertThat(ids()).containsExactly(session.id());
	}

	@Test
	void diskBudgetDropsLogsOfOldestEndedSessionsFirstNeverARunningOne() throws IOException {
		// A small memory window, so a dropped file leaves offset 0 in neither the file
		// nor the window (with the 256KB default the whole 60 KiB would stay readable).
		useRegistry(Map.of("execd.output.max-total-log-size", "150KB", "execd.output.memory-window", "4KB"));
		Session a = startEnded("head -c " + CHUNK + " /dev/zero; exit 0");
		this.clock.advance(Duration.ofSeconds(1));
		Session b = startEnded("head -c " + CHUNK + " /dev/zero; exit 0");
		this.clock.advance(Duration.ofSeconds(1));
		Session r = start("head -c " + CHUNK + " /dev/zero; sleep 1000");
		await().atMost(Duration.ofSeconds(10)).until(() -> r.snapshot().outputBytesTotal() == CHUNK);
		Session c = startEnded("head -c " + CHUNK + " /dev/zero; exit 0");
		this.registry.reap();
		// 240 KiB > 150 KiB: A goes (180 KiB, still over), then B (120 KiB, within).
		assertThat(logOf(a)).doesNotExist();
		assertThat(logOf(b)).doesNotExist();
		assertThat(logOf(c)).hasSize(CHUNK);
		assertThat(logOf(r)).hasSize(CHUNK);
		for (Session dropped : List.of(a, b)) {
			assertThatExceptionOfType(OutputException.OutputUnavailable.class)
				.isThrownBy(() -> this.registry.find(SCOPE, dropped.id())
					.reads()
					.read(0L, 10, WaitSpec.of(0, null, 10, null, false), false, null));
			assertThat(dropped.snapshot().logTruncated()).isTrue();
		}
		assertThat(c.snapshot().logTruncated()).isFalse();
		assertThat(r.snapshot().logTruncated()).isFalse();
		assertThat(r.snapshot().running()).isTrue();
		assertThat(ids()).containsExactlyInAnyOrder(a.id(), b.id(), c.id(), r.id());
	}

	@Test
	void lockFileKeepsASecondRegistryOffTheDirectory() {
		SessionRegistry first = useRegistry(Map.of());
		assertThatIllegalStateException().isThrownBy(() -> newRegistry(Map.of()))
			.withMessageContaining(this.dir.toString());
		first.close();
		SessionRegistry next = newRegistry(Map.of());
		next.close();
	}

	@Test
	void globalCapRefusesBeyondMaxSessions() {
		useRegistry(Map.of("execd.limits.max-sessions", "2"));
		start("sleep 1000");
		start("sleep 1000");
		assertThatExceptionOfType(SessionException.TooManySessions.class).isThrownBy(() -> start("sleep 1000"));
		assertThat(ids()).hasSize(2);
	}

	@Test
	void refusesWhenEverySessionOfTheConversationIsProtected() {
		useRegistry(Map.of("execd.limits.max-sessions-per-conversation", "3", "execd.limits.protected-recent", "3"));
		for (int i = 0; i < 3; i++) {
			start("sleep 1000");
			this.clock.advance(Duration.ofSeconds(1));
		}
		assertThatExceptionOfType(SessionException.TooManySessions.class).isThrownBy(() -> start("sleep 1000"));
		assertThat(ids()).hasSize(3);
		Scope other = new Scope("anonymous", "c2");
		Session elsewhere = this.registry.start(other, spec("sleep 1000")).session();
		assertThat(this.registry.list(other, null)).extracting(SessionSnapshot::id).containsExactly(elsewhere.id());
	}

	@Test
	void evictsLeastRecentlyUsedEndedSessionBeforeRunningOnes() {
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		useRegistry(Map.of("execd.limits.max-sessions-per-conversation", "3", "execd.limits.protected-recent", "1"),
				meters);
		Session s1 = start("sleep 1000");
		this.clock.advance(Duration.ofSeconds(1));
		Session s2 = startEnded("true");
		this.clock.advance(Duration.ofSeconds(1));
		Session s3 = start("sleep 1000");
		this.clock.advance(Duration.ofSeconds(1));
		this.registry.find(SCOPE, s1.id());
		this.clock.advance(Duration.ofSeconds(1));
		Session s4 = start("sleep 1000");
		assertThat(ids()).containsExactlyInAnyOrder(s1.id(), s3.id(), s4.id());
		// By last use: S3 (oldest), S1 (touched), S4 (protected as the most recent).
		this.clock.advance(Duration.ofSeconds(1));
		long s3Pid = s3.snapshot().pid();
		Session s5 = start("sleep 1000");
		assertThat(ids()).containsExactlyInAnyOrder(s1.id(), s4.id(), s5.id());
		assertThat(alive(s3Pid)).isFalse();
		assertThat(alive(s1.snapshot().pid())).isTrue();
		assertThat(meters.get("execd.sessions.evicted").counter().count()).isEqualTo(2.0);
	}

	@Test
	void metadataOfAnEndedSessionSaysItEnded() throws IOException {
		useRegistry(Map.of("execd.limits.max-sessions-per-conversation", "1000"));
		for (int i = 0; i < 200; i++) {
			Session session = startEnded("true");
			// Both writes happened: start() persists before it returns, finish() before
			// ended completes.
			assertThat(Files.readString(this.dir.resolve(session.id() + ".json"))).contains("\"running\":false");
		}
	}

	private SessionRegistry useRegistry(Map<String, String> overrides) {
		return useRegistry(overrides, new SimpleMeterRegistry());
	}

	private SessionRegistry useRegistry(Map<String, String> overrides, SimpleMeterRegistry meters) {
		this.registry = newRegistry(overrides, meters);
		return this.registry;
	}

	private SessionRegistry newRegistry(Map<String, String> overrides) {
		return newRegistry(overrides, new SimpleMeterRegistry());
	}

	private SessionRegistry newRegistry(Map<String, String> overrides, SimpleMeterRegistry meters) {
		Map<String, String> source = new HashMap<>();
		source.put("execd.output.dir", this.dir.toString());
		source.put("execd.limits.reap-interval", "1h");
		source.put("execd.process.kill-grace", "500ms");
		source.putAll(overrides);
		ExecdProperties properties = new Binder(new MapConfigurationPropertySource(source)).bindOrCreate("execd",
				ExecdProperties.class);
		SessionRegistry created = new SessionRegistry(properties, this.clock, meters);
		this.registries.add(created);
		return created;
	}

	private static SessionSpec spec(String cmd) {
		return new SessionSpec(cmd, null, null, null, false, Map.of(), false, 120, 30, Duration.ofMinutes(30),
				Duration.ZERO, null, null, null);
	}

	private Session start(String cmd) {
		return this.registry.start(SCOPE, spec(cmd)).session();
	}

	private Session startEnded(String cmd) {
		Session session = start(cmd);
		awaitEnded(session);
		return session;
	}

	private static SessionSnapshot awaitEnded(Session session) {
		try {
			return session.ended().get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new AssertionError("session " + session.id() + " did not end", ex);
		}
	}

	private List<String> ids() {
		return this.registry.list(SCOPE, null).stream().map(SessionSnapshot::id).toList();
	}

	private Path logOf(Session session) {
		return this.dir.resolve(session.id() + ".log");
	}

	/** Alive unless gone or a zombie (state after the last ')' of /proc/pid/stat). */
	private static boolean alive(long pid) {
		try {
			String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
			return stat.substring(stat.lastIndexOf(')') + 1).trim().charAt(0) != 'Z';
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** A clock the test moves by hand. */
	private static final class TestClock extends Clock {

		private volatile Instant now;

		TestClock(Instant start) {
			this.now = start;
		}

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
