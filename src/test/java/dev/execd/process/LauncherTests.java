package dev.execd.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class LauncherTests {

	private static final int ENOTDIR = 20;

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aStartedChildAlreadyLeadsItsSessionSoAnImmediateTerminationEndsIt(boolean tty) throws Exception {
		// glibc's child calls setsid() before its exec, and the spawn returns only after
		// the exec: the pid names a session at once.
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

	// A JVM that ignores signals, as a shell's background job or nohup makes it: each
	// child is the command itself (no `env` or `setsid` on the way, which the PATH would
	// find first), a child of the JVM leading its own session, with no signal ignored.
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void childrenOfAJvmIgnoringSignalsAreTheCommandItselfWithNoSignalIgnored(boolean tty, @TempDir Path dir)
			throws Exception {
		Path trace = dir.resolve("trace");
		for (String helper : List.of("env", "setsid")) {
			Path wrapper = dir.resolve(helper);
			Files.writeString(wrapper,
					"#!/bin/sh\necho " + helper + " >> " + trace + "\nexec /usr/bin/" + helper + " \"$@\"\n");
			wrapper.toFile().setExecutable(true);
		}
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> command = List.of("sh", "-c", "trap '' HUP INT QUIT TERM PIPE USR1; exec \"$@\"", "sh", java,
				"-cp", System.getProperty("java.class.path"), IgnoringParent.class.getName(), Boolean.toString(tty));
		String[] lines = run(command, Map.of("PATH", dir + ":" + System.getenv("PATH"))).split("\n");
		assertThat(lines[0]).as("the parent JVM ignores signals").isNotEqualTo("0");
		assertThat(lines[1]).as("the command's argv").isEqualTo("sleep 30");
		String[] stat = lines[2].split(" ");
		// ppid, pgrp, session: the JVM, then the command's own pid twice.
		assertThat(stat[1]).isEqualTo(lines[4]);
		assertThat(stat[2]).isEqualTo(lines[3]);
		assertThat(stat[3]).isEqualTo(lines[3]);
		// tpgid: the terminal's foreground group is the command's (none on pipes).
		assertThat(stat[5]).isEqualTo(tty ? lines[3] : "-1");
		long ignored = Long.parseLong(lines[5], 16);
		assertThat(ignored & ~((1L << 31) | (1L << 32))).as("signals the command ignores").isZero();
		assertThat(trace).doesNotExist();
	}

	// This JVM ignores no signal: nothing reaches the command ignored, on a pipe or a
	// terminal.
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void commandsOfThisJvmStartWithNoSignalIgnored(boolean tty) throws Exception {
		Child child = Launcher.start(new LaunchSpec(List.of("grep", "^SigIgn:", "/proc/self/status"), Path.of("/"),
				Map.of("PATH", System.getenv("PATH")), tty, 80, 24));
		String line = ChildOutputs.read(child.outputs().get(0)).get(20, TimeUnit.SECONDS).strip();
		child.release();
		assertThat(Long.parseLong(line.substring(line.indexOf('\t') + 1), 16) & ~((1L << 31) | (1L << 32))).as(line)
			.isZero();
	}

	// As execvp in the child would: the child's PATH, relative entries from its workdir,
	// and a file without #! run by sh.
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void findsTheProgramOnTheChildsPathFromItsWorkdir(boolean tty, @TempDir Path dir) throws Exception {
		Files.createDirectory(dir.resolve("bin"));
		Path script = Files.writeString(dir.resolve("bin/greet"), "echo hello \"$1\" from \"$(pwd)\"\n");
		script.toFile().setExecutable(true);
		Child child = Launcher.start(new LaunchSpec(List.of("greet", "you"), dir, Map.of("PATH", "bin"), tty, 80, 24));
		String output = ChildOutputs.read(child.outputs().get(0)).get(20, TimeUnit.SECONDS);
		child.release();
		assertThat(output.strip()).isEqualTo("hello you from " + dir);
		assertThat(child.exit().get(10, TimeUnit.SECONDS)).isZero();
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aMissingProgramOrWorkdirFailsTheStartWithItsErrno(boolean tty, @TempDir Path dir) throws Exception {
		Map<String, String> env = Map.of("PATH", System.getenv("PATH"));
		assertThatExceptionOfType(SpawnException.class)
			.isThrownBy(() -> Launcher.start(new LaunchSpec(List.of("no-such-program-here"), dir, env, tty, 80, 24)))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(SpawnException.ENOENT));
		assertThatExceptionOfType(SpawnException.class)
			.isThrownBy(() -> Launcher.start(new LaunchSpec(List.of("true"), dir.resolve("gone"), env, tty, 80, 24)))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(SpawnException.ENOENT));
		Path file = Files.writeString(dir.resolve("file"), "");
		assertThatExceptionOfType(SpawnException.class)
			.isThrownBy(() -> Launcher.start(new LaunchSpec(List.of("true"), file, env, tty, 80, 24)))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(ENOTDIR));
		Path notExecutable = Files.writeString(dir.resolve("plain"), "true\n");
		assertThatExceptionOfType(SpawnException.class)
			.isThrownBy(() -> Launcher.start(new LaunchSpec(List.of("./plain"), dir, env, tty, 80, 24)))
			.satisfies((ex) -> assertThat(ex.errno()).isEqualTo(SpawnException.EACCES));
		assertThat(notExecutable).exists();
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

	/**
	 * Starts {@code sleep 30} (on a terminal when asked) and prints what this JVM
	 * ignores, the child's argv, fields 3 on of its stat, its pid, this JVM's pid and
	 * what the child ignores.
	 */
	static final class IgnoringParent {

		public static void main(String[] args) throws Exception {
			Child child = Launcher.start(new LaunchSpec(List.of("sleep", "30"), Path.of("/"),
					Map.of("PATH", System.getenv("PATH")), Boolean.parseBoolean(args[0]), 80, 24));
			try {
				// The spawn returns once the exec has replaced the child's memory, a
				// moment
				// before the kernel has set up the new argv that /proc shows.
				Path argv = Path.of("/proc", Long.toString(child.pid()), "cmdline");
				Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> !Files.readString(argv).isEmpty());
				String cmdline = Files.readString(argv);
				String stat = Files.readString(Path.of("/proc", Long.toString(child.pid()), "stat"));
				System.out.println(sigIgn(Path.of("/proc/self/status")));
				System.out.println(cmdline.substring(0, cmdline.length() - 1).replace('\0', ' '));
				System.out.println(stat.substring(stat.lastIndexOf(')') + 2).strip());
				System.out.println(child.pid());
				System.out.println(ProcessHandle.current().pid());
				System.out.println(sigIgn(Path.of("/proc", Long.toString(child.pid()), "status")));
			}
			finally {
				Libc.kill(child.pid(), Signals.SIGKILL.number());
				child.release();
			}
			System.exit(0);
		}

		private static String sigIgn(Path status) throws IOException {
			return Files.readAllLines(status)
				.stream()
				.filter((line) -> line.startsWith("SigIgn:"))
				.map((line) -> line.substring("SigIgn:".length()).strip())
				.findFirst()
				.orElseThrow();
		}

	}

	static final class Probe {

		public static void main(String[] args) {
			System.out.print(Launcher.commandLineEncodingProblem());
		}

	}

}
