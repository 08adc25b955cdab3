package dev.execd.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import dev.execd.config.ExecdProperties;
import dev.execd.process.ProcessTable;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A start that fails after its process was spawned leaves nothing behind: no process, no
 * session, no files.
 */
class FailedStartTests {

	private static final Scope SCOPE = new Scope("anonymous", "c1");

	@TempDir
	Path dir;

	private SessionRegistry registry;

	@BeforeEach
	void registry() {
		ExecdProperties properties = new Binder(new MapConfigurationPropertySource(
				Map.of("execd.output.dir", this.dir.toString(), "execd.process.kill-grace", "500ms")))
			.bindOrCreate("execd", ExecdProperties.class);
		this.registry = new SessionRegistry(properties, Clock.systemUTC(), new SimpleMeterRegistry());
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	@Test
	void initialInputThatDoesNotFitRemovesTheStartedSession() throws IOException {
		// More initial input than the stdin queue holds: refused after the spawn.
		byte[] stdin = new byte[(int) SessionRegistry.STDIN_QUEUE_CAPACITY + 1];
		String marker = "1000." + System.nanoTime();
		SessionSpec spec = new SessionSpec("exec sleep " + marker, null, null, null, false, Map.of(), false, 120, 30,
				Duration.ofMinutes(30), Duration.ZERO, null, null, stdin);
		assertThatExceptionOfType(SessionException.StdinQueueFull.class)
			.isThrownBy(() -> this.registry.start(SCOPE, spec));
		assertThat(this.registry.list(SCOPE, null)).isEmpty();
		await().atMost(Duration.ofSeconds(10)).until(() -> !running(marker));
		try (Stream<Path> files = Files.list(this.dir)) {
			assertThat(files.map((p) -> p.getFileName().toString()))
				.allMatch((name) -> !name.endsWith(".log") && !name.endsWith(".json"));
		}
	}

	/** Whether a live process has this text in its command line. */
	private static boolean running(String marker) throws IOException {
		try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
			return procs.filter((p) -> p.getFileName().toString().chars().allMatch(Character::isDigit))
				.filter((p) -> ProcessTable.isAlive(Long.parseLong(p.getFileName().toString())))
				.anyMatch((p) -> {
					try {
						return new String(Files.readAllBytes(p.resolve("cmdline"))).contains(marker);
					}
					catch (IOException ex) {
						return false;
					}
				});
		}
	}

	@Test
	void discardKillsAndRemovesAStartedSession() {
		Session session = this.registry
			.start(SCOPE,
					new SessionSpec("sleep 1000", null, null, null, false, Map.of(), false, 120, 30,
							Duration.ofMinutes(30), Duration.ZERO, null, null, null))
			.session();
		long pid = session.snapshot().pid();
		this.registry.discard(session);
		assertThat(this.registry.list(SCOPE, null)).isEmpty();
		assertThat(ProcessTable.isAlive(pid)).isFalse();
		assertThat(this.dir.resolve(session.id() + ".log")).doesNotExist();
		assertThat(this.dir.resolve(session.id() + ".json")).doesNotExist();
	}

}
