package dev.execd.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.execd.process.ProcessTable.Stat;
import dev.execd.process.Terminator.Result;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

class TerminatorTests {

	private final List<Process> leaders = new ArrayList<>();

	@AfterEach
	void killEverySessionStarted() {
		for (Process leader : this.leaders) {
			// Descendants through the JDK first, so cleanup works even when the code
			// under test is broken; then the session scan for reparented orphans.
			leader.descendants().forEach(ProcessHandle::destroyForcibly);
			leader.destroyForcibly();
			try {
				ProcessTable.sessionMembers(leader.pid())
					.forEach((pid) -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
			}
			catch (RuntimeException ex) {
				// ProcessTable may be what is broken; the descendants were killed above
			}
		}
	}

	@Test
	void terminatesTheLeaderAndItsBackgroundChildren() {
		long sid = startSession("sleep 1000 & sleep 1000 & wait");
		List<Long> members = awaitMembers(sid, 3);
		Result result = Terminator.terminate(sid, false, Signals.SIGTERM, Duration.ofSeconds(5));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(members).noneMatch(ProcessTable::isAlive);
		assertThat(ProcessTable.sessionMembers(sid)).isEmpty();
	}

	@Test
	void signalsDescendantsAndSparesTheLeader() {
		long sid = startSession("sleep 1000 & sleep 1000 & wait; sleep 1000");
		List<Long> members = awaitMembers(sid, 3);
		assertThat(Terminator.signalDescendants(sid, Signals.SIGKILL.number())).isTrue();
		await().atMost(Duration.ofSeconds(10))
			.until(() -> members.stream().filter((pid) -> pid != sid).noneMatch(ProcessTable::isAlive));
		assertThat(ProcessTable.isAlive(sid)).isTrue();
	}

	@Test
	void escalatesToSigkillWhenTheGracePasses() {
		// Children inherit the ignored TERM, so neither process ends on it.
		long sid = startSession("trap '' TERM; sleep 1000 & wait");
		List<Long> members = awaitMembers(sid, 2);
		long start = System.nanoTime();
		Result result = Terminator.terminate(sid, false, Signals.SIGTERM, Duration.ofMillis(200));
		assertThat(result).isEqualTo(new Result(true, true));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
		assertThat(members).noneMatch(ProcessTable::isAlive);
	}

	@Test
	void terminatesJobsInProcessGroupsOfTheirOwn() {
		// With job control on, each job gets its own process group in the same session.
		long sid = startSession("set -m; sleep 1000 & sleep 1000");
		List<Long> members = awaitMembers(sid, 3);
		assertThat(members).anySatisfy((pid) -> assertThat(stat(pid).pgrp()).isNotEqualTo(sid));
		Result result = Terminator.terminate(sid, false, Signals.SIGTERM, Duration.ofSeconds(5));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(members).noneMatch(ProcessTable::isAlive);
	}

	@Test
	void sigkillSkipsTheGrace() {
		long sid = startSession("trap '' TERM; sleep 1000 & wait");
		List<Long> members = awaitMembers(sid, 2);
		long start = System.nanoTime();
		Result result = Terminator.terminate(sid, false, Signals.SIGKILL, Duration.ofSeconds(10));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(members).noneMatch(ProcessTable::isAlive);
	}

	@Test
	void hangsUpTtySessionsFirst() {
		// TERM is ignored but HUP is not: the hang-up alone ends the session.
		long sid = startSession("trap '' TERM; sleep 1000 & wait");
		List<Long> members = awaitMembers(sid, 2);
		Result result = Terminator.terminate(sid, true, Signals.SIGTERM, Duration.ofSeconds(5));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(members).noneMatch(ProcessTable::isAlive);
	}

	@Test
	void givesTheHangUpAChanceBeforeSigterm() throws Exception {
		// The HUP handler takes a moment, as a readline prompt restoring the terminal
		// does; a SIGTERM sent right after the hang-up would kill it mid-way (143).
		long sid = startSession("trap 'sleep 0.03; exit 3' HUP; sleep 1000 & wait");
		awaitMembers(sid, 2);
		Result result = Terminator.terminate(sid, true, Signals.SIGTERM, Duration.ofSeconds(5));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(leader(sid).waitFor()).isEqualTo(3);
	}

	@Test
	void endsAsSoonAsTheHangUpEndsTheSession() {
		// A fixed wait for the hang-up would make every termination take 100 ms or more.
		List<Duration> took = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			long sid = startSession("sleep 1000 & wait");
			awaitMembers(sid, 2);
			long start = System.nanoTime();
			assertThat(Terminator.terminate(sid, true, Signals.SIGTERM, Duration.ofSeconds(5)))
				.isEqualTo(new Result(false, true));
			took.add(Duration.ofNanos(System.nanoTime() - start));
		}
		assertThat(took.stream().min(Duration::compareTo).orElseThrow()).isLessThan(Terminator.HANG_UP_CHANCE);
	}

	@Test
	void sendsSigtermToATtySessionThatIgnoresTheHangUp() throws Exception {
		long sid = startSession("trap '' HUP; sleep 1000 & wait");
		List<Long> members = awaitMembers(sid, 2);
		Result result = Terminator.terminate(sid, true, Signals.SIGTERM, Duration.ofSeconds(5));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(leader(sid).waitFor()).isEqualTo(128 + 15);
		assertThat(members).noneMatch(ProcessTable::isAlive);
	}

	@Test
	void killsATtySessionThatIgnoresTheHangUpAndSigtermAfterTheGrace() {
		long sid = startSession("trap '' HUP TERM; sleep 1000 & wait");
		List<Long> members = awaitMembers(sid, 2);
		long start = System.nanoTime();
		Result result = Terminator.terminate(sid, true, Signals.SIGTERM, Duration.ofMillis(300));
		assertThat(result).isEqualTo(new Result(true, true));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		assertThat(members).noneMatch(ProcessTable::isAlive);
	}

	@Test
	void resumesStoppedMembersSoTheyCanHandleTheSignal() {
		// The leader stops itself; its TERM handler only runs once it is resumed. (A
		// stopped child would not do: when its parent dies, the kernel resumes the
		// orphaned process group by itself.)
		long sid = startSession("trap 'exit 0' TERM; kill -STOP $$; sleep 1000");
		await().atMost(Duration.ofSeconds(10)).until(() -> stat(sid).state() == 'T');
		Result result = Terminator.terminate(sid, false, Signals.SIGTERM, Duration.ofSeconds(5));
		assertThat(result).isEqualTo(new Result(false, true));
		assertThat(ProcessTable.isAlive(sid)).isFalse();
	}

	@Test
	void signalsEveryMemberOfASession() {
		long sid = startSession("set -m; sleep 1000 & sleep 1000");
		List<Long> members = awaitMembers(sid, 3);
		Terminator.signalSession(sid, Signals.SIGKILL.number());
		await().atMost(Duration.ofSeconds(5)).until(() -> members.stream().noneMatch(ProcessTable::isAlive));
	}

	@Test
	void signalsOnlyTheGivenProcessGroup() {
		long sid = startSession("set -m; sleep 1000 & sleep 1000");
		List<Long> members = awaitMembers(sid, 3);
		long job = members.stream().filter((pid) -> stat(pid).pgrp() != sid).findFirst().orElseThrow();
		Terminator.signalGroup(stat(job).pgrp(), Signals.SIGKILL.number());
		await().atMost(Duration.ofSeconds(5)).until(() -> !ProcessTable.isAlive(job));
		assertThat(ProcessTable.isAlive(sid)).isTrue();
	}

	@Test
	void refusesToSignalItsOwnSessionOrGroup() {
		Stat self = stat(ProcessHandle.current().pid());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Terminator.terminate(self.session(), false, Signals.SIGTERM, Duration.ZERO));
		assertThatIllegalArgumentException().isThrownBy(() -> Terminator.signalSession(1, Signals.SIGTERM.number()));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Terminator.signalGroup(self.pgrp(), Signals.SIGTERM.number()));
		assertThatIllegalArgumentException().isThrownBy(() -> Terminator.signalGroup(0, Signals.SIGTERM.number()));
	}

	private Process leader(long sid) {
		return this.leaders.stream().filter((leader) -> leader.pid() == sid).findFirst().orElseThrow();
	}

	private long startSession(String script) {
		try {
			Process leader = new ProcessBuilder("setsid", "bash", "-c", script)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			this.leaders.add(leader);
			// setsid execs without forking when its caller leads no process group, so
			// the pid we got is the session id.
			await().atMost(Duration.ofSeconds(10)).until(() -> stat(leader.pid()).session() == leader.pid());
			return leader.pid();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static List<Long> awaitMembers(long sid, int count) {
		// Wait for the exec of every sleep too: a fork not yet exec'd is still bash
		// and may not have set its signal dispositions yet.
		return await().atMost(Duration.ofSeconds(10))
			.until(() -> ProcessTable.sessionMembers(sid), (members) -> members.size() == count
					&& members.stream().filter((pid) -> pid != sid).allMatch((pid) -> comm(pid).equals("sleep")));
	}

	private static String comm(long pid) {
		try {
			return Files.readString(Path.of("/proc/" + pid + "/comm")).strip();
		}
		catch (IOException ex) {
			return "";
		}
	}

	private static Stat stat(long pid) {
		return ProcessTable.stat(pid).orElseThrow();
	}

}
