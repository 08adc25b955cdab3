package dev.execd.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class LauncherTests {

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aStartedChildAlreadyLeadsItsSessionSoAnImmediateTerminationEndsIt(boolean tty) throws Exception {
		// The child calls setsid() after the fork returns to us: without waiting for it,
		// most of these starts return while the pid still names no session.
		for (int i = 0; i < 30; i++) {
			Child child = Launcher.start(new LaunchSpec(List.of("sleep", "1000"), Path.of("/"),
					Map.of("PATH", System.getenv("PATH")), tty, 80, 24));
			try {
				long pid = child.pid();
				assertThat(Libc.getsid(pid)).as("session of %d", pid).isEqualTo(pid);
				Terminator.Result result = Terminator.terminate(pid, tty, Signals.SIGTERM, Duration.ofSeconds(5));
				assertThat(result.confirmed()).isTrue();
				assertThat(child.exit().get(10, TimeUnit.SECONDS)).isNotZero();
			}
			finally {
				ProcessHandle.of(child.pid()).ifPresent(ProcessHandle::destroyForcibly);
				child.release();
			}
		}
	}

	// A parent that ignores signals, as nohup or a shell's background job makes a JVM:
	// the command behind the launcher's prefix starts with none ignored.
	@Test
	void childrenStartWithNoSignalIgnored() throws Exception {
		List<String> command = new ArrayList<>(
				List.of("sh", "-c", "trap '' HUP INT QUIT TERM PIPE USR1; exec \"$@\"", "sh"));
		command.addAll(Launcher.RESET_SIGNALS);
		command.addAll(List.of("grep", "^SigIgn:", "/proc/self/status"));
		String line = run(command, Map.of());
		long ignored = Long.parseLong(line.substring(line.indexOf('\t') + 1), 16);
		// Bit n-1 is signal n (signals 32 and 33 are the C library's own).
		for (int signal : new int[] { 1, 2, 3, 10, 13, 15 }) {
			assertThat(ignored & (1L << (signal - 1))).as("signal %d ignored (%s)", signal, line).isZero();
		}
	}

	// This JVM ignores no signal (or the reset runs): either way nothing reaches the
	// command ignored, on a pipe or a terminal.
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void commandsOfThisJvmStartWithNoSignalIgnored(boolean tty) throws Exception {
		Child child = Launcher.start(new LaunchSpec(List.of("grep", "^SigIgn:", "/proc/self/status"), Path.of("/"),
				Map.of("PATH", System.getenv("PATH")), tty, 80, 24));
		String line = ChildOutputs.read(child.outputs().get(0)).get(20, TimeUnit.SECONDS).strip();
		child.release();
		assertThat(Long.parseLong(line.substring(line.indexOf('\t') + 1), 16) & ~((1L << 31) | (1L << 32))).as(line)
			.isZero();
		assertThat(Launcher.signalReset()).isIn(List.of(), Launcher.RESET_SIGNALS);
	}

	@Test
	void aJvmUnderThePosixLocaleIsReportedAsLosingCharacters() throws Exception {
		// A JVM of its own: the command line encoding is fixed when a JVM starts.
		String java = ProcessHandle.current().info().command().orElseThrow();
		String classpath = System.getProperty("java.class.path");
		String posix = run(List.of(java, "-cp", classpath, Probe.class.getName()), Map.of("LANG", "C", "LC_ALL", "C"));
		assertThat(posix).contains("encoded as ANSI_X3.4-1968").contains("LANG=C.UTF-8");
		String utf8 = run(List.of(java, "-cp", classpath, Probe.class.getName()),
				Map.of("LANG", "C.UTF-8", "LC_ALL", "C.UTF-8"));
		assertThat(utf8).isEqualTo("null");
	}

	private static String run(List<String> command, Map<String, String> locale)
			throws IOException, InterruptedException {
		// stdout only: a JAVA_TOOL_OPTIONS of the environment makes the JVM say so on
		// stderr.
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
		builder.environment()
			.keySet()
			.removeIf((name) -> name.startsWith("LC_") || name.equals("LANG") || name.equals("JAVA_TOOL_OPTIONS")
					|| name.equals("_JAVA_OPTIONS") || name.equals("JDK_JAVA_OPTIONS"));
		builder.environment().putAll(locale);
		Process process = builder.start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		assertThat(process.waitFor()).as(out).isZero();
		return out;
	}

	static final class Probe {

		public static void main(String[] args) {
			System.out.print(Launcher.commandLineEncodingProblem());
		}

	}

}
