package dev.execd.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

class ChildReaperTests {

	private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin");

	@Test
	void aReaperWhoseThreadCannotStartRefusesThatSpawnAsOutOfResources() {
		// What Thread.start throws when pthread_create fails (out of threads or memory).
		ThreadFactory exhausted = (task) -> new Thread(task) {
			@Override
			public void start() {
				throw new OutOfMemoryError("unable to create native thread: possibly out of memory");
			}
		};
		assertThatExceptionOfType(SpawnException.class).isThrownBy(() -> ChildReaper.start(exhausted))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(SpawnException.EAGAIN))
			.withMessageContaining("pthread_create failed")
			.withMessageContaining("errno 11");
	}

	@Test
	void reportsExitCodesAnd128PlusTheSignal() throws Exception {
		List<Child> children = List.of(start(false, "exit 0"), start(false, "exit 255"), start(false, "kill -TERM $$"),
				start(false, "kill -KILL $$"), start(true, "exit 3"), start(true, "kill -HUP $$"));
		try {
			assertThat(statuses(children)).containsExactly(0, 255, 128 + 15, 128 + 9, 3, 128 + 1);
		}
		finally {
			children.forEach(Child::release);
		}
	}

	@Test
	void reportsTwoHundredChildrenEndingAtOnce() throws Exception {
		List<Child> children = new ArrayList<>();
		List<Integer> expected = new ArrayList<>();
		try {
			for (int i = 0; i < 200; i++) {
				// Each waits for its stdin to close; then they end together.
				children.add(start(false, (i % 3 == 0) ? "read x; kill -KILL $$" : "read x; exit " + i));
				expected.add((i % 3 == 0) ? 128 + 9 : i);
			}
			children.forEach((child) -> child.stdin().close());
			assertThat(statuses(children)).containsExactlyElementsOf(expected);
		}
		finally {
			children.forEach(Child::release);
		}
	}

	// The JDK's reaper waits for a ProcessBuilder child by its pid: its status is its
	// own.
	@Test
	void neverReapsAProcessBuilderChild() throws Exception {
		List<Child> ours = new ArrayList<>();
		List<Process> theirs = new ArrayList<>();
		try {
			for (int i = 0; i < 50; i++) {
				theirs.add(new ProcessBuilder("sh", "-c", "exit 42").start());
				ours.add(start(false, "exit 7"));
			}
			for (Process process : theirs) {
				assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
				assertThat(process.exitValue()).isEqualTo(42);
			}
			assertThat(statuses(ours)).containsOnly(7);
		}
		finally {
			ours.forEach(Child::release);
			theirs.forEach(Process::destroyForcibly);
		}
	}

	// The kernel names the oldest zombie first: one nobody reaps must not hide ours.
	@Test
	void aZombieNobodyReapsDoesNotDelayOurs() throws Exception {
		long stranger = spawnUnregistered();
		awaitEnded(stranger);
		for (int i = 0; i < 5; i++) {
			Child child = Launcher.start(new LaunchSpec(List.of("true"), Path.of("/"), ENV, false, 0, 0));
			try {
				long ended = awaitEnded(child.pid());
				assertThat(child.exit().get(20, TimeUnit.SECONDS)).isZero();
				assertThat(Duration.ofNanos(System.nanoTime() - ended)).isLessThan(Duration.ofMillis(300));
			}
			finally {
				child.release();
			}
		}
		// Never reaped unregistered: its status was not ours to take.
		assertThat(ProcessTable.stat(stranger)).hasValueSatisfying((stat) -> assertThat(stat.state()).isEqualTo('Z'));
		assertThat(ChildReaper.running().reaping(stranger).get(20, TimeUnit.SECONDS)).isZero();
	}

	@Test
	void aChildThatEndedBeforeItsRegistrationIsReported() throws Exception {
		long pid = spawnUnregistered();
		awaitEnded(pid);
		assertThat(ChildReaper.running().reaping(pid).get(20, TimeUnit.SECONDS)).isZero();
		assertThat(Path.of("/proc", Long.toString(pid))).doesNotExist();
	}

	@Test
	void aChildStartedAfterTheOthersEndedIsReported() throws Exception {
		Child first = start(false, "exit 1");
		assertThat(first.exit().get(20, TimeUnit.SECONDS)).isEqualTo(1);
		first.release();
		Child next = start(false, "exit 2");
		assertThat(next.exit().get(20, TimeUnit.SECONDS)).isEqualTo(2);
		next.release();
	}

	@Test
	void watchingAChildOpensNoDescriptor() throws Exception {
		// Loads the poller, the reaper and the spawn before counting.
		start(true, "exit 0").exit().get(20, TimeUnit.SECONDS);
		long before = descriptors().count();
		List<Child> children = new ArrayList<>();
		try {
			for (int i = 0; i < 50; i++) {
				children.add(start(true, "exec sleep 1000"));
			}
			assertThat(descriptors().filter(ChildReaperTests::isPidfd)).isEmpty();
			// The terminals' masters, and a few of other threads at most.
			assertThat(descriptors().count() - before).isLessThanOrEqualTo(children.size() + 3);
		}
		finally {
			children.forEach(Child::release);
		}
		// The master's close hangs the terminal up before the SIGTERM.
		assertThat(statuses(children)).containsOnly(128 + 1);
	}

	private static List<Integer> statuses(List<Child> children) throws Exception {
		List<Integer> statuses = new ArrayList<>();
		for (Child child : children) {
			statuses.add(child.exit().get(20, TimeUnit.SECONDS));
		}
		return statuses;
	}

	/** Starts {@code true} as execd starts a child, without registering it. */
	private static long spawnUnregistered() throws SpawnException {
		return Spawn.start(new LaunchSpec(List.of("true"), Path.of("/"), ENV, false, 0, 0), (actions) -> {
		});
	}

	/** Waits until {@code pid} is a zombie or gone; returns when it was first seen so. */
	private static long awaitEnded(long pid) {
		long[] ended = new long[1];
		await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(20)).until(() -> {
			ended[0] = System.nanoTime();
			return ProcessTable.stat(pid).map((stat) -> stat.state() == 'Z').orElse(true);
		});
		return ended[0];
	}

	private static Child start(boolean tty, String script) throws Exception {
		return Launcher.start(new LaunchSpec(List.of("sh", "-c", script), Path.of("/"), ENV, tty, 80, 24));
	}

	private static boolean isPidfd(Path fd) {
		try {
			return Files.readSymbolicLink(fd).toString().equals("anon_inode:[pidfd]");
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static Stream<Path> descriptors() throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.toList().stream();
		}
	}

}
