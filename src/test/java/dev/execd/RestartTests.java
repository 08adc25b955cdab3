package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real server JVMs on a shared log directory: what a restart recovers after a crash
 * (shell sessions too), that a recycled pid is never killed, that a graceful shutdown
 * leaves no process behind, and that a directory serves one server at a time (SPEC 5.2,
 * 5.3).
 */
@OwnServer
class RestartTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final String conversation = "restart-" + UUID.randomUUID();

	/** Every server JVM started, killed after the test whatever happened. */
	private final List<Process> servers = new ArrayList<>();

	/**
	 * Processes to kill after the test: pid and /proc start time (never a recycled pid).
	 */
	private final List<long[]> started = new ArrayList<>();

	@TempDir
	Path dir;

	@AfterEach
	void cleanUp() throws InterruptedException {
		for (Process server : this.servers) {
			server.descendants().forEach((p) -> track(p.pid()));
			server.destroyForcibly();
			server.waitFor(30, TimeUnit.SECONDS);
		}
		for (long[] process : this.started) {
			if (Procs.alive(process[0]) && Procs.field(process[0], 22) == process[1]) {
				ProcessHandle.of(process[0]).ifPresent(ProcessHandle::destroyForcibly);
			}
		}
	}

	@Test
	void sessionsOfAKilledServerAreLostTheirLogsIntactAndTheirProcessesGone() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		JsonNode running = a.api()
			.start(Map.of("cmd", "seq 1 50000; sleep 1000 & echo pid=$!; wait", "wait_for", "^pid=\\d+$",
					"yield_time_ms", 30000));
		assertThat(running.get("matched").asBoolean()).isTrue();
		long leader = track(running.get("session").get("pid").asLong());
		long child = track(pidAfter("pid=", running.get("output").asString()));
		JsonNode ended = a.api().start(Map.of("cmd", "echo done; exit 3", "yield_time_ms", 30000));
		assertThat(ended.get("session").get("exit_code").asInt()).isEqualTo(3);
		String runningId = id(running);
		String endedId = id(ended);
		byte[] runningLog = a.api().get("/sessions/" + runningId + "/log").body();
		byte[] endedLog = a.api().get("/sessions/" + endedId + "/log").body();
		assertThat(new String(runningLog)).isEqualTo(StreamTests.seq(50000) + "pid=" + child + "\n");
		assertThat(new String(endedLog)).isEqualTo("done\n");
		// The exit is reported to waiters just before the metadata file is rewritten.
		awaitRecordedEnd(logs, endedId);

		kill(a);
		assertThat(Procs.alive(child)).as("the session's child outlives a SIGKILLed server").isTrue();
		assertThat(Procs.alive(leader)).as("the session's leader outlives a SIGKILLed server").isTrue();

		Server b = start(logs);
		// A recovered session's stdin is closed: restoring it needs no poller thread, so
		// a server short of threads still lists it.
		assertThat(pollerThreads(b)).as("poller threads after recovery, before any spawn").isZero();
		JsonNode lost = listed(b, runningId);
		assertThat(lost.get("status").asString()).isEqualTo("exited");
		assertThat(lost.get("end_reason").asString()).isEqualTo("lost");
		assertThat(lost.get("exit_code").isNull()).as("exit_code of a lost session").isTrue();
		assertThat(lost.get("output_bytes_total").asLong()).isEqualTo(runningLog.length);
		JsonNode exited = listed(b, endedId);
		assertThat(exited.get("status").asString()).isEqualTo("exited");
		assertThat(exited.get("exit_code").asInt()).isEqualTo(3);
		assertThat(exited.get("end_reason").asString()).isEqualTo("exit");
		assertThat(b.api().get("/sessions/" + runningId + "/log").body()).isEqualTo(runningLog);
		assertThat(b.api().get("/sessions/" + endedId + "/log").body()).isEqualTo(endedLog);
		TestClient.Response range = b.api().get("/sessions/" + runningId + "/log", "Range", "bytes=100-199");
		assertThat(range.status()).isEqualTo(206);
		assertThat(range.header("Content-Range")).isEqualTo("bytes 100-199/" + runningLog.length);
		assertThat(range.body()).isEqualTo(Arrays.copyOfRange(runningLog, 100, 200));
		TestClient.Response suffix = b.api().get("/sessions/" + endedId + "/log", "Range", "bytes=-4");
		assertThat(suffix.status()).isEqualTo(206);
		assertThat(suffix.text()).isEqualTo("one\n");
		await().atMost(Duration.ofSeconds(10)).until(() -> !Procs.alive(child) && !Procs.alive(leader));
		JsonNode fresh = b.api().start(Map.of("cmd", "echo again", "yield_time_ms", 10000));
		assertThat(fresh.get("output").asString()).isEqualTo("again\n");
		assertThat(fresh.get("session").get("exit_code").asInt()).isZero();
		assertThat(pollerThreads(b)).as("poller threads once a spawn started them").isPositive();
	}

	// The leader is gone, so its pid and start time match nothing; its child keeps the
	// Unix session (and so the pid) alive, and is terminated all the same.
	@Test
	void aChildThatOutlivedItsLeaderDoesNotSurviveARestart() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		JsonNode result = a.api()
			.start(Map.of("cmd", "sleep 1003 & echo pid=$!", "wait_for", "^pid=\\d+$", "yield_time_ms", 30000));
		String id = id(result);
		long leader = result.get("session").get("pid").asLong();
		long child = track(pidAfter("pid=", result.get("output").asString()));
		assertThat(Procs.field(child, 6)).as("the child's Unix session").isEqualTo(leader);
		awaitRecordedEnd(logs, id);
		assertThat(Procs.alive(leader)).as("the leader after its exit").isFalse();

		kill(a);
		assertThat(Procs.alive(child)).as("the child outlives a SIGKILLed server").isTrue();

		Server b = start(logs);
		assertThat(listed(b, id).get("end_reason").asString()).isEqualTo("exit");
		await().atMost(Duration.ofSeconds(10)).until(() -> !Procs.alive(child));
	}

	@Test
	void aRecycledPidIsNeverKilled() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		String recycledId = id(a.api().start(Map.of("cmd", "echo one", "yield_time_ms", 10000)));
		String genuineId = id(a.api().start(Map.of("cmd", "echo two", "yield_time_ms", 10000)));
		awaitRecordedEnd(logs, recycledId);
		awaitRecordedEnd(logs, genuineId);
		kill(a);
		Process victim = startSessionLeader();
		Process control = startSessionLeader();
		try {
			// Same pid, other start time: the pid now belongs to an unrelated process.
			fakeRunning(logs, recycledId, victim.pid(), 1);
			// Same pid and start time: a genuine survivor, which must be terminated.
			fakeRunning(logs, genuineId, control.pid(), Procs.field(control.pid(), 22));
			Server b = start(logs);
			for (String id : List.of(recycledId, genuineId)) {
				JsonNode session = listed(b, id);
				assertThat(session.get("status").asString()).isEqualTo("exited");
				assertThat(session.get("end_reason").asString()).isEqualTo("lost");
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> !Procs.alive(control.pid()));
			assertThat(Procs.alive(victim.pid())).as("unrelated process with the recorded pid").isTrue();
			Thread.sleep(2000);
			assertThat(Procs.alive(victim.pid())).as("unrelated process with the recorded pid, 2 s later").isTrue();
			stopGracefully(b);
			assertThat(Procs.alive(victim.pid())).as("unrelated process after a graceful shutdown").isTrue();
		}
		finally {
			victim.destroyForcibly();
			control.destroyForcibly();
		}
	}

	@Test
	void gracefulShutdownLeavesNoChildAndNoZombie() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		List<String> ids = new ArrayList<>();
		List<Long> pids = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			JsonNode result = a.api()
				.start(Map.of("cmd", "sleep 1000 & a=$!; sleep 1001 & echo pids=$a,$!; wait", "wait_for",
						"^pids=\\d+,\\d+$", "yield_time_ms", 10000));
			ids.add(id(result));
			pids.add(track(result.get("session").get("pid").asLong()));
			for (String pid : lineAfter("pids=", result.get("output").asString()).split(",")) {
				pids.add(track(Long.parseLong(pid)));
			}
		}
		JsonNode shell = a.api()
			.start(Map.of("argv", List.of("bash", "--norc", "--noprofile", "-i"), "tty", true, "yield_time_ms", 500));
		ids.add(id(shell));
		long leader = track(shell.get("session").get("pid").asLong());
		JsonNode typed = a.api()
			.post("/sessions/" + id(shell) + "/stdin",
					Map.of("chars", "sleep 1002 & echo pid=$!\\r", "wait_for", "^pid=\\d+\\r?$", "yield_time_ms", 10000,
							"strip_ansi", true))
			.json();
		long job = track(pidAfter("pid=", typed.get("output").asString()));
		assertThat(Procs.field(job, 5)).as("the job's process group").isEqualTo(job);
		assertThat(Procs.field(job, 6)).as("the job's session").isEqualTo(leader);
		pids.addAll(List.of(leader, job));
		assertThat(pids).allMatch(Procs::alive);

		long took = stopGracefully(a);
		assertThat(took).as("shutdown time in ms").isLessThan(15_000);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(pids).as("processes left alive").noneMatch(Procs::alive));
		for (String id : ids) {
			assertThat(logs.resolve(id + ".json")).exists();
			assertThat(logs.resolve(id + ".log")).exists();
		}
		Server b = start(logs);
		for (String id : ids) {
			JsonNode session = listed(b, id);
			assertThat(session.get("status").asString()).isEqualTo("exited");
			assertThat(session.get("end_reason").asString()).isEqualTo("shutdown");
		}
	}

	// A shutdown ends the sessions but keeps them for the next server, so it publishes no
	// removal that would make event consumers forget them. The new server numbers its
	// events from 1 again: the id an EventSource sends when it reconnects, the last it
	// saw, is above them and must not silence the stream until the numbers pass it.
	@Test
	void gracefulRestartRemovesNoSessionAndAReconnectingEventStreamMissesNothing() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		List<ServerSentEvent<String>> before = new CopyOnWriteArrayList<>();
		CompletableFuture<Void> ended = new SseClient(a.port())
			.events("/events", "X-Conversation-Id", this.conversation, "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.doOnNext(before::add)
			.then()
			.toFuture();
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			JsonNode result = a.api().start(Map.of("cmd", "sleep 1000", "yield_time_ms", 0));
			ids.add(id(result));
			track(result.get("session").get("pid").asLong());
		}
		await().atMost(Duration.ofSeconds(30)).until(() -> before.size() >= ids.size());

		stopGracefully(a);
		// The stream ends with the server; how the connection closes does not matter
		// here.
		ended.handle((done, failed) -> done).get(30, TimeUnit.SECONDS);
		assertThat(before).extracting(ServerSentEvent::event).doesNotContain("session_removed");
		assertThat(before).filteredOn((e) -> "session_exited".equals(e.event()))
			.extracting((e) -> SseClient.data(e).get("session").get("end_reason").asString())
			.hasSize(ids.size())
			.containsOnly("shutdown");
		long lastSeen = Long.parseLong(before.get(before.size() - 1).id());

		Server b = start(logs);
		for (String id : ids) {
			assertThat(listed(b, id).get("end_reason").asString()).isEqualTo("shutdown");
		}
		CompletableFuture<List<ServerSentEvent<String>>> resumed = new SseClient(b.port())
			.events("/events", "X-Conversation-Id", this.conversation, "Last-Event-ID", Long.toString(lastSeen))
			.filter((e) -> e.event() != null)
			.take(4)
			.collectList()
			.toFuture();
		String first = id(b.api().start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		String second = id(b.api().start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		List<ServerSentEvent<String>> after = resumed.get(30, TimeUnit.SECONDS);
		assertThat(after).extracting((e) -> e.event() + " " + SseClient.data(e).get("session_id").asString())
			.containsExactlyInAnyOrder("session_started " + first, "session_exited " + first,
					"session_started " + second, "session_exited " + second);
		assertThat(after).extracting((e) -> Long.parseLong(e.id()))
			.as("the new server's numbers, below the id the client resumed with")
			.allMatch((seq) -> seq < lastSeen);
	}

	// A persistent shell's record has neither cmd nor argv. The shells of a killed server
	// are recovered as lost like any session: the job each left behind is terminated,
	// its log served, its rc and command files removed, and retention removes the rest.
	@Test
	void shellSessionsOfAKilledServerAreLostTheirJobsGoneAndTheirFilesRemovedWithThem() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		Map<String, Long> jobs = new LinkedHashMap<>();
		Map<String, byte[]> logsBefore = new LinkedHashMap<>();
		for (boolean tty : List.of(false, true)) {
			String id = id(a.api().start(Map.of("shell", true, "tty", tty, "yield_time_ms", 0)));
			jobs.put(id, track(backgroundJob(a, id)));
			track(listed(a, id).get("pid").asLong());
			logsBefore.put(id, a.api().get("/sessions/" + id + "/log").body());
			assertThat(logs.resolve(id + ".bashrc")).exists();
			assertThat(logs.resolve(id + ".cmd")).exists();
		}

		kill(a);
		assertThat(jobs.values()).as("jobs outliving a SIGKILLed server").anyMatch(Procs::alive);

		Server b = start(logs);
		for (String id : jobs.keySet()) {
			JsonNode lost = listed(b, id);
			assertThat(lost.get("kind").asString()).isEqualTo("shell");
			assertThat(lost.get("status").asString()).isEqualTo("exited");
			assertThat(lost.get("end_reason").asString()).isEqualTo("lost");
			assertThat(b.api().get("/sessions/" + id + "/log").body()).isEqualTo(logsBefore.get(id));
			assertThat(logs.resolve(id + ".bashrc")).doesNotExist();
			assertThat(logs.resolve(id + ".cmd")).doesNotExist();
			// The commands are not kept on disk: none is known, none can be queued.
			JsonNode commands = b.api().get("/sessions/" + id + "/commands").json();
			assertThat(commands.get("commands")).isEmpty();
			assertThat(commands.get("unclaimed")).isEmpty();
			TestClient.Response command = b.api().get("/sessions/" + id + "/commands/cmd_1");
			assertThat(command.status()).isEqualTo(404);
			assertThat(command.json().get("code").asString()).isEqualTo("command_not_found");
			TestClient.Response submit = b.api().post("/sessions/" + id + "/commands", Map.of("cmd", "true"));
			assertThat(submit.status()).isEqualTo(409);
			assertThat(submit.json().get("code").asString()).isEqualTo("session_exited");
		}
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(jobs.values()).as("jobs left alive").noneMatch(Procs::alive));
		stopGracefully(b);

		Server c = start(logs, "--execd.limits.ended-retention=1ms", "--execd.limits.reap-interval=50ms");
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			try (Stream<Path> files = Files.list(logs)) {
				assertThat(files.map((file) -> file.getFileName().toString())).as("files of removed sessions")
					.noneMatch((name) -> jobs.keySet().stream().anyMatch(name::startsWith));
			}
		});
		assertThat(c.api().get("/sessions").json().get("sessions")).isEmpty();
	}

	@Test
	void gracefulShutdownEndsShellSessionsAndANewServerListsThem() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		Map<String, Long> jobs = new LinkedHashMap<>();
		for (boolean tty : List.of(false, true)) {
			String id = id(a.api().start(Map.of("shell", true, "tty", tty, "yield_time_ms", 0)));
			jobs.put(id, track(backgroundJob(a, id)));
			track(listed(a, id).get("pid").asLong());
		}

		stopGracefully(a);
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(jobs.values()).as("jobs left alive").noneMatch(Procs::alive));
		for (String id : jobs.keySet()) {
			assertThat(logs.resolve(id + ".json")).exists();
			assertThat(logs.resolve(id + ".bashrc")).doesNotExist();
			assertThat(logs.resolve(id + ".cmd")).doesNotExist();
		}

		Server b = start(logs);
		for (String id : jobs.keySet()) {
			JsonNode session = listed(b, id);
			assertThat(session.get("kind").asString()).isEqualTo("shell");
			assertThat(session.get("status").asString()).isEqualTo("exited");
			assertThat(session.get("end_reason").asString()).isEqualTo("shutdown");
			assertThat(b.api().get("/sessions/" + id + "/log").text()).contains("bg=" + jobs.get(id));
		}
	}

	/** Runs {@code sleep 1000 &} in a shell session; returns the job's pid. */
	private static long backgroundJob(Server server, String id) {
		TestClient.Response response = server.api()
			.post("/sessions/" + id + "/commands", Map.of("cmd", "sleep 1000 & echo bg=$!", "yield_time_ms", 20000));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		JsonNode command = response.json();
		assertThat(command.get("status").asString()).isEqualTo("exited");
		return pidAfter("bg=", command.get("output").asString());
	}

	// The stream index outlives the server: its older changes were spilled to the
	// .streams file while the session ran, the rest written at shutdown, and a new server
	// reads both back to tell stdout from stderr.
	@Test
	void stdoutAndStderrStayApartAcrossARestart() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		String script = "python3 -c \"import os\nfor i in range(100000):\n os.write(1, b'o%d\\n' % i)\n"
				+ " os.write(2, b'e%d\\n' % i)\"";
		JsonNode result = a.api().start(Map.of("cmd", script, "yield_time_ms", 30000));
		String id = id(result);
		await().atMost(Duration.ofSeconds(60)).until(() -> "exited".equals(listed(a, id).get("status").asString()));
		StringBuilder out = new StringBuilder();
		StringBuilder err = new StringBuilder();
		for (int i = 0; i < 100000; i++) {
			out.append('o').append(i).append('\n');
			err.append('e').append(i).append('\n');
		}
		assertThat(readStream(a, id, "stdout")).isEqualTo(out.toString());
		stopGracefully(a);
		assertThat(Files.size(logs.resolve(id + ".streams"))).isPositive();

		Server b = start(logs);
		assertThat(readStream(b, id, "stdout")).isEqualTo(out.toString());
		assertThat(readStream(b, id, "stderr")).isEqualTo(err.toString());
		assertThat(b.api().delete("/sessions/" + id).status()).isEqualTo(200);
		assertThat(logs.resolve(id + ".streams")).doesNotExist();
	}

	/** One stream of a session, paged through {@code GET /output?stream=}. */
	private static String readStream(Server server, String id, String stream) {
		StringBuilder text = new StringBuilder();
		long offset = 0;
		for (int page = 0; page < 1000; page++) {
			JsonNode read = server.api()
				.get("/sessions/" + id + "/output?max_bytes=1048576&stream=" + stream + "&offset=" + offset)
				.json();
			text.append(read.get("output").asString());
			if (read.get("eof").asBoolean()) {
				return text.toString();
			}
			offset = read.get("next_offset").asLong();
		}
		throw new AssertionError("no eof reading " + stream);
	}

	@Test
	void secondServerOnTheSameDirectoryRefusesToStart() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		String id = id(a.api().start(Map.of("cmd", "sleep 1000", "yield_time_ms", 0)));
		track(listed(a, id).get("pid").asLong());
		Path out = this.dir.resolve("second.out");
		Process second = launch(logs, freePort(), out);
		assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("second server exited").isTrue();
		assertThat(second.exitValue()).isNotZero();
		assertThat(Files.readString(out)).contains(logs.toString()).contains("another execd");
		JsonNode first = a.api().get("/sessions/" + id).json();
		assertThat(first.get("status").asString()).as("the first server's session").isEqualTo("running");
	}

	// A quick command exits while its start is still being recorded: the metadata must
	// end up readable and final, never a stale "running" (which a crash would turn into
	// "lost").
	@Test
	void metadataOfQuickSessionsIsReadableAndFinal() throws Exception {
		Path logs = this.dir.resolve("logs");
		Server a = start(logs);
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < 150; i++) {
			// Three conversations stay below the per-conversation cap of 64.
			TestClient api = new TestClient(a.port()).inConversation(this.conversation + "-" + (i % 3));
			JsonNode result = api.start(Map.of("cmd", "echo " + i, "yield_time_ms", 10000));
			assertThat(result.get("session").get("exit_code").asInt()).isZero();
			ids.add(id(result));
		}
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(ids).allSatisfy((id) -> {
			JsonNode record = JSON.readTree(logs.resolve(id + ".json").toFile());
			assertThat(record.get("running").asBoolean()).as("running in %s.json", id).isFalse();
			assertThat(record.get("exitCode").asInt()).isZero();
		}));
	}

	/** The server's poller threads: Linux keeps the name Java gave each. */
	private static long pollerThreads(Server server) throws IOException {
		try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(server.process().pid()), "task"))) {
			return tasks.filter((task) -> {
				try {
					return Files.readString(task.resolve("comm")).startsWith("execd-poller-");
				}
				catch (IOException ex) {
					// The thread ended meanwhile.
					return false;
				}
			}).count();
		}
	}

	private Server start(Path logs, String... args) throws IOException {
		int port = freePort();
		Path out = this.dir.resolve("server-" + this.servers.size() + ".out");
		Process process = launch(logs, port, out, args);
		TestClient api = new TestClient(port).inConversation(this.conversation);
		await().atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(200))
			.ignoreException(UncheckedIOException.class)
			.until(() -> {
				if (!process.isAlive()) {
					throw new IllegalStateException("server exited: " + Files.readString(out));
				}
				return api.get("/sessions").status() == 200;
			});
		return new Server(process, port, api);
	}

	private Process launch(Path logs, int port, Path out, String... args) throws IOException {
		String java = ProcessHandle.current().info().command().orElseThrow();
		List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
				"-Dpty4j.tmpdir=" + this.dir, "-cp", System.getProperty("java.class.path"),
				ExecdApplication.class.getName(), "--server.port=" + port, "--execd.output.dir=" + logs));
		command.addAll(List.of(args));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
		this.servers.add(process);
		return process;
	}

	/** SIGKILL: the server gets no chance to end its sessions. */
	private static void kill(Server server) throws InterruptedException {
		server.process().destroyForcibly();
		assertThat(server.process().waitFor(30, TimeUnit.SECONDS)).as("server killed").isTrue();
	}

	/** SIGTERM, then waits for the exit; returns how long it took in ms. */
	private static long stopGracefully(Server server) throws InterruptedException {
		long start = System.nanoTime();
		server.process().destroy();
		assertThat(server.process().waitFor(60, TimeUnit.SECONDS)).as("server stopped by SIGTERM").isTrue();
		return (System.nanoTime() - start) / 1_000_000;
	}

	/** {@code setsid sleep 1000}: setsid execs without forking, so pid = session id. */
	private Process startSessionLeader() throws IOException {
		Process process = new ProcessBuilder("setsid", "sleep", "1000").start();
		track(process.pid());
		await().atMost(Duration.ofSeconds(10))
			.until(() -> Procs.field(process.pid(), 6) == process.pid()
					&& Files.readString(Path.of("/proc", Long.toString(process.pid()), "comm"))
						.strip()
						.equals("sleep"));
		return process;
	}

	/** Rewrites a metadata file as if its session were still running as {@code pid}. */
	private static void fakeRunning(Path logs, String id, long pid, long startTime) throws IOException {
		Path file = logs.resolve(id + ".json");
		ObjectNode record = (ObjectNode) JSON.readTree(file.toFile());
		assertThat(record.has("pid") && record.has("leaderStartTime") && record.has("running")).isTrue();
		record.put("pid", pid);
		record.put("leaderStartTime", startTime);
		record.put("running", true);
		record.putNull("exitCode");
		record.putNull("endReason");
		record.putNull("endedAt");
		Files.write(file, JSON.writeValueAsBytes(record));
	}

	private static void awaitRecordedEnd(Path logs, String id) {
		await().atMost(Duration.ofSeconds(10))
			.ignoreExceptions()
			.until(() -> !JSON.readTree(logs.resolve(id + ".json").toFile()).get("running").asBoolean());
	}

	private static JsonNode listed(Server server, String id) {
		TestClient.Response response = server.api().get("/sessions");
		assertThat(response.status()).isEqualTo(200);
		for (JsonNode session : response.json().get("sessions")) {
			if (session.get("session_id").asString().equals(id)) {
				return session;
			}
		}
		throw new AssertionError("session " + id + " not listed: " + response.text());
	}

	private long track(long pid) {
		this.started.add(new long[] { pid, Procs.field(pid, 22) });
		return pid;
	}

	private static long pidAfter(String prefix, String output) {
		return Long.parseLong(lineAfter(prefix, output));
	}

	private static String lineAfter(String prefix, String output) {
		return output.lines()
			.filter((line) -> line.startsWith(prefix))
			.reduce((first, last) -> last)
			.orElseThrow(() -> new AssertionError("no line " + prefix + " in: " + output))
			.substring(prefix.length())
			.strip();
	}

	private static String id(JsonNode result) {
		return result.get("session").get("session_id").asString();
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private record Server(Process process, int port, TestClient api) {

	}

}
