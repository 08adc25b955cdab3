package dev.execd.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import dev.execd.process.ProcessTable.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ProcessTableTests {

	private final List<Process> started = new ArrayList<>();

	@AfterEach
	void killEverythingStarted() {
		for (Process process : this.started) {
			// Descendants through the JDK first, so cleanup works even when the code
			// under test is broken; then the session scan for reparented orphans.
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			try {
				ProcessTable.sessionMembers(process.pid())
					.forEach((pid) -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
			}
			catch (RuntimeException ex) {
				// ProcessTable may be what is broken; the descendants were killed above
			}
		}
	}

	@Test
	void statOfTheTestJvm() {
		ProcessHandle self = ProcessHandle.current();
		Stat stat = ProcessTable.stat(self.pid()).orElseThrow();
		assertThat(stat.pid()).isEqualTo(self.pid());
		assertThat(stat.state()).isIn('R', 'S');
		assertThat(stat.ppid()).isEqualTo(self.parent().orElseThrow().pid());
		// Cross-checked with ps: the session id is 0 when the JVM descends from a
		// process that never called setsid (some CI runners and containers).
		assertThat(stat.pgrp()).isEqualTo(psField(self.pid(), "pgid"));
		assertThat(stat.session()).isEqualTo(psField(self.pid(), "sid"));
		assertThat(stat.startTime()).isPositive();
		assertThat(ProcessTable.isAlive(self.pid())).isTrue();
	}

	private static long psField(long pid, String field) {
		try {
			Process ps = new ProcessBuilder("ps", "-o", field + "=", "-p", Long.toString(pid)).start();
			String out = new String(ps.getInputStream().readAllBytes()).trim();
			assertThat(ps.waitFor()).isZero();
			return Long.parseLong(out);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void parsesACommandNameWithSpacesAndParentheses(@TempDir Path dir) throws IOException {
		// Were the name ended at its first ')', state would read Z and the parent 1.
		Path sleep = dir.resolve("a) Z 1 2 (b");
		Files.copy(Path.of("/bin/sleep"), sleep);
		assertThat(sleep.toFile().setExecutable(true)).isTrue();
		Process process = start(sleep.toString(), "1000");
		await().atMost(Duration.ofSeconds(10)).until(() -> comm(process.pid()).equals("a) Z 1 2 (b"));
		Stat stat = ProcessTable.stat(process.pid()).orElseThrow();
		assertThat(stat.state()).isIn('R', 'S');
		assertThat(stat.ppid()).isEqualTo(ProcessHandle.current().pid());
		assertThat(stat.session()).isEqualTo(ProcessTable.stat(ProcessHandle.current().pid()).orElseThrow().session());
	}

	@Test
	void findsEveryMemberOfASession() {
		Process leader = start("setsid", "bash", "-c", "sleep 1000 & sleep 1000 & wait");
		long sid = leader.pid();
		await().atMost(Duration.ofSeconds(10)).until(() -> ProcessTable.sessionMembers(sid).size() == 3);
		List<Stat> members = ProcessTable.sessionMembers(sid)
			.stream()
			.map((pid) -> ProcessTable.stat(pid).orElseThrow())
			.toList();
		assertThat(members).allSatisfy((member) -> {
			assertThat(member.session()).isEqualTo(sid);
			assertThat(member.pgrp()).isEqualTo(sid);
			assertThat(member.ttyNr()).isZero();
		});
		assertThat(members).filteredOn((member) -> member.pid() == sid).singleElement().satisfies((member) -> {
			assertThat(member.ppid()).isEqualTo(ProcessHandle.current().pid());
		});
		assertThat(members).filteredOn((member) -> member.ppid() == sid).hasSize(2);
		assertThat(ProcessTable.sessionMembers(sid)).doesNotContain(ProcessHandle.current().pid());
		assertThat(ProcessTable.foregroundGroup(sid)).isEmpty();
	}

	@Test
	void zombiesAreNeitherAliveNorMembers() {
		// The exec'd sleep never waits for the child bash forked before it: a zombie.
		Process leader = start("setsid", "bash", "-c", "sleep 0 & exec sleep 1000");
		long sid = leader.pid();
		await().atMost(Duration.ofSeconds(10))
			.until(() -> leader.children().anyMatch((child) -> state(child.pid()) == 'Z'));
		long zombie = leader.children().filter((child) -> state(child.pid()) == 'Z').findFirst().orElseThrow().pid();
		assertThat(ProcessTable.stat(zombie).orElseThrow().session()).isEqualTo(sid);
		assertThat(ProcessTable.isAlive(zombie)).isFalse();
		assertThat(ProcessTable.sessionMembers(sid)).containsExactly(sid);
	}

	@Test
	void aProcessThatEndedHasNoStat() throws InterruptedException {
		Process process = start("true");
		process.waitFor();
		assertThat(ProcessTable.stat(process.pid())).isEmpty();
		assertThat(ProcessTable.isAlive(process.pid())).isFalse();
		assertThat(ProcessTable.sessionMembers(process.pid())).isEmpty();
	}

	@Test
	void theForegroundGroupOfATerminalIsItsLeadersGroup() throws IOException {
		PtyProcess pty = new PtyProcessBuilder(new String[] { "/bin/sleep", "1000" })
			.setEnvironment(Map.of("TERM", "dumb"))
			.start();
		try {
			long pid = pty.pid();
			await().atMost(Duration.ofSeconds(10)).until(() -> comm(pid).equals("sleep"));
			Stat stat = ProcessTable.stat(pid).orElseThrow();
			assertThat(stat.session()).isEqualTo(pid);
			assertThat(stat.ttyNr()).isNotZero();
			assertThat(ProcessTable.foregroundGroup(pid)).hasValue(pid);
		}
		finally {
			pty.destroyForcibly();
		}
	}

	private Process start(String... command) {
		try {
			Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			this.started.add(process);
			return process;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String comm(long pid) throws IOException {
		return Files.readString(Path.of("/proc/" + pid + "/comm")).strip();
	}

	private static char state(long pid) {
		return ProcessTable.stat(pid).map(Stat::state).orElse('?');
	}

}
