package dev.execd.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import dev.execd.process.Signals;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Exclusive keys: one holder per tenant and key until it ends, waiting starts served in
 * arrival order, and a key freed by a start that failed.
 */
class ExclusiveKeysTests {

	private static final Scope A = new Scope("tenant-a", "c1");

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
	void aHeldKeyRefusesAtOnceAcrossConversationsButNotAcrossTenants() {
		Session holder = start(A, "sleep 1000", "k", Duration.ZERO);
		assertThatExceptionOfType(SessionException.ExclusiveKeyBusy.class)
			.isThrownBy(() -> start(new Scope("tenant-a", "c2"), "true", "k", Duration.ZERO))
			.satisfies((ex) -> assertThat(ex.holder()).isEqualTo(holder.id()));
		Session otherTenant = start(new Scope("tenant-b", "c1"), "sleep 1000", "k", Duration.ZERO);
		assertThat(otherTenant.isRunning()).isTrue();
		Session otherKey = start(A, "sleep 1000", "k2", Duration.ZERO);
		assertThat(otherKey.isRunning()).isTrue();
	}

	@Test
	void waitingStartsGetTheKeyInArrivalOrderOnceEachHolderEnded() throws Exception {
		Session holder = start(A, "sleep 1000", "k", Duration.ZERO);
		List<String> order = new CopyOnWriteArrayList<>();
		// Threads of their own: the JDK completes a pipe child's exit on the common pool,
		// which two blocked waiters could fill.
		ExecutorService starts = Executors.newCachedThreadPool();
		CompletableFuture<Session> first = CompletableFuture
			.supplyAsync(() -> record(order, "first", start(A, "sleep 0.5", "k", Duration.ofSeconds(30))), starts);
		Thread.sleep(300);
		CompletableFuture<Session> second = CompletableFuture
			.supplyAsync(() -> record(order, "second", start(A, "sleep 0.5", "k", Duration.ofSeconds(30))), starts);
		starts.shutdown();
		Thread.sleep(300);
		assertThat(first).isNotDone();
		assertThat(second).isNotDone();
		this.registry.remove(A, holder.id(), Signals.SIGTERM.number(), Duration.ofSeconds(2));
		Session firstSession = first.get(20, TimeUnit.SECONDS);
		Session secondSession = second.get(20, TimeUnit.SECONDS);
		assertThat(order).containsExactly("first", "second");
		SessionSnapshot firstEnded = firstSession.ended().get(20, TimeUnit.SECONDS);
		assertThat(secondSession.snapshot().startedAt()).isAfterOrEqualTo(firstEnded.endedAt());
	}

	@Test
	void aWaitThatRunsOutIsRefusedAndLeavesTheQueue() {
		Session holder = start(A, "sleep 1000", "k", Duration.ZERO);
		long before = System.nanoTime();
		assertThatExceptionOfType(SessionException.ExclusiveKeyBusy.class)
			.isThrownBy(() -> start(A, "true", "k", Duration.ofMillis(400)));
		assertThat(Duration.ofNanos(System.nanoTime() - before)).isBetween(Duration.ofMillis(350),
				Duration.ofSeconds(10));
		this.registry.remove(A, holder.id(), Signals.SIGKILL.number(), Duration.ZERO);
		await().atMost(Duration.ofSeconds(10))
			.ignoreExceptionsInstanceOf(SessionException.ExclusiveKeyBusy.class)
			.until(() -> start(A, "sleep 1000", "k", Duration.ZERO).isRunning());
	}

	@Test
	void shutdownRefusesAWaitingStartAndSpawnsNothingForIt() throws Exception {
		start(A, "sleep 1000", "k", Duration.ZERO);
		ExecutorService starts = Executors.newSingleThreadExecutor();
		CompletableFuture<Session> waiting = CompletableFuture
			.supplyAsync(() -> start(A, "sleep 1000", "k", Duration.ofSeconds(60)), starts);
		starts.shutdown();
		Thread.sleep(300);
		this.registry.close();
		assertThat(waiting).failsWithin(Duration.ofSeconds(20))
			.withThrowableOfType(java.util.concurrent.ExecutionException.class)
			.withCauseInstanceOf(SessionException.ShuttingDown.class);
		assertThat(this.registry.list(A, null)).isEmpty();
	}

	@Test
	void aStartThatFailsReleasesTheKey() {
		SessionSpec missingWorkdir = new SessionSpec("true", null, this.dir.resolve("missing").toString(), null, false,
				Map.of(), false, 120, 30, Duration.ofMinutes(30), Duration.ZERO, null, null, null, false,
				new Exclusive("k", Duration.ZERO), List.of());
		assertThatExceptionOfType(SessionException.WorkdirNotFound.class)
			.isThrownBy(() -> this.registry.start(A, missingWorkdir));
		assertThat(start(A, "sleep 1000", "k", Duration.ZERO).isRunning()).isTrue();
	}

	private static Session record(List<String> order, String name, Session session) {
		order.add(name);
		return session;
	}

	private Session start(Scope scope, String cmd, String key, Duration wait) {
		return this.registry
			.start(scope,
					new SessionSpec(cmd, null, null, null, false, Map.of(), false, 120, 30, Duration.ofMinutes(30),
							Duration.ZERO, null, null, null, false, new Exclusive(key, wait), List.of()))
			.session();
	}

}
