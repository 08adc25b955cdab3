package dev.execd;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The server started the way users start it from scripts: in the background of a
 * non-interactive shell, which makes it ignore SIGINT and SIGQUIT. Children inherit
 * ignored signals, so Ctrl-C works only because execd resets them.
 */
@OwnServer
class BackgroundServerTests {

	private Process script;

	@AfterEach
	void stop() {
		if (this.script != null) {
			// The server must be gone before the temporary directory is deleted: it
			// writes session metadata there while it shuts down.
			List<ProcessHandle> processes = new java.util.ArrayList<>(this.script.descendants().toList());
			processes.add(this.script.toHandle());
			processes.forEach(ProcessHandle::destroy);
			for (ProcessHandle process : processes) {
				try {
					process.onExit().get(30, TimeUnit.SECONDS);
				}
				catch (Exception ex) {
					process.destroyForcibly();
				}
			}
		}
	}

	@Test
	void ctrlCInterruptsPipeAndTerminalSessionsOfBackgroundedServer(@TempDir Path dir) throws Exception {
		TestClient api = startServer(dir, List.of());
		long serverPid = this.script.descendants().findFirst().orElseThrow().pid();
		assertThat(Files.readString(Path.of("/proc", Long.toString(serverPid), "status")))
			.as("the server itself ignores SIGINT")
			.containsPattern("SigIgn:\\s*[0-9a-f]*[2367abef]\\n");
		for (boolean tty : new boolean[] { false, true }) {
			JsonNode started = api.start(Map.of("argv", List.of("sleep", "100"), "tty", tty, "yield_time_ms", 200));
			JsonNode session = started.get("session");
			long pid = session.get("pid").asLong();
			// The command itself, the server's child: no program reset its signals.
			assertThat(stat(pid)[1]).as("parent of the command").isEqualTo(Long.toString(serverPid));
			JsonNode result = api
				.post("/sessions/" + session.get("session_id").asString() + "/stdin",
						Map.of("chars", "\\x03", "yield_time_ms", 10000))
				.json();
			assertThat(result.get("session").get("exit_code").asInt()).as("tty %s", tty).isEqualTo(130);
			assertThat(result.get("session").get("signal").asString()).isEqualTo("SIGINT");
		}
	}

	// A systemd service or a daemon started with setsid leads a session without a
	// controlling terminal: such a process takes the first terminal it opens for reading
	// as its own, and would get SIGHUP at that terminal's hang-up.
	@Test
	void terminalsOfAServerLeadingItsOwnSessionNeverBecomeItsTerminal(@TempDir Path dir) throws Exception {
		TestClient api = startServer(dir, List.of("setsid"));
		long serverPid = this.script.descendants().findFirst().orElseThrow().pid();
		assertThat(stat(serverPid)[3]).as("the server leads its session").isEqualTo(Long.toString(serverPid));
		for (int i = 0; i < 3; i++) {
			JsonNode result = api.start(Map.of("cmd", "ps -o tty= -p $$", "tty", true, "yield_time_ms", 10000));
			assertThat(result.get("output").asString()).as("the session's terminal").contains("pts/");
			assertThat(stat(serverPid)[4]).as("the server's controlling terminal").isEqualTo("0");
		}
		assertThat(this.script.descendants().anyMatch((p) -> p.pid() == serverPid)).isTrue();
		assertThat(api.get("/sessions").status()).isEqualTo(200);
	}

	/** Fields 3 on of {@code /proc/<pid>/stat}: state, ppid, pgrp, session, tty_nr. */
	private static String[] stat(long pid) throws IOException {
		String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
		return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
	}

	/**
	 * Starts the server behind {@code prefix} in the background of a script: "cmd &" in a
	 * non-interactive shell starts cmd with SIGINT and SIGQUIT ignored.
	 */
	private TestClient startServer(Path dir, List<String> prefix) throws IOException {
		int port = freePort();
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> jvm = new java.util.ArrayList<>(prefix);
		jvm.addAll(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Dpty4j.tmpdir=" + dir, "-cp",
				System.getProperty("java.class.path"), ExecdApplication.class.getName(), "--server.port=" + port,
				"--execd.output.dir=" + dir.resolve("logs")));
		this.script = startScript(jvm, dir.resolve("server.out"));
		TestClient api = new TestClient(port);
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(200))
			.ignoreExceptions()
			.until(() -> api.get("/sessions").status() == 200);
		return api;
	}

	private static Process startScript(List<String> jvm, Path log) throws IOException {
		List<String> command = new java.util.ArrayList<>(
				List.of("bash", "-c", "\"$@\" > '" + log + "' 2>&1 & wait", "bash"));
		command.addAll(jvm);
		return new ProcessBuilder(command).redirectErrorStream(true).start();
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
