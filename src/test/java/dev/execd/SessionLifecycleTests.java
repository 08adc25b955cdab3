package dev.execd;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Sessions end to end: REPLs, input, exit codes, signals, and kills that reach every
 * process of the session.
 */
class SessionLifecycleTests extends EndToEndTest {

	@Test
	void pythonReplInPtyEvaluatesInput() {
		JsonNode started = start(Map.of("cmd", "python3 -q", "tty", true, "wait_for", ">>> ", "yield_time_ms", 10000));
		assertThat(started.get("matched").asBoolean()).isTrue();
		String id = id(started);
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("chars", "print(7*6)\\r", "wait_for", "^42", "yield_time_ms", 10000))
			.json();
		assertThat(result.get("matched").asBoolean()).isTrue();
		assertThat(result.get("output").asString()).contains("42");
		assertThat(result.get("session").get("tty").asBoolean()).isTrue();
	}

	@Test
	void ctrlCInterruptsSleepInPipeMode() {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 200)));
		JsonNode result = this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "\\x03", "yield_time_ms", 10000))
			.json();
		JsonNode session = result.get("session");
		assertThat(session.get("status").asString()).isEqualTo("exited");
		assertThat(session.get("exit_code").asInt()).isEqualTo(130);
		assertThat(session.get("signal").asString()).isEqualTo("SIGINT");
		assertThat(session.get("end_reason").asString()).isEqualTo("signal");
		assertThat(result.get("wall_time_ms").asLong()).isLessThan(5000);
	}

	@Test
	void ctrlCInterruptsSleepInPty() {
		String id = id(start(Map.of("cmd", "sleep 100", "tty", true, "yield_time_ms", 300)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin", Map.of("keys", List.of("C-c"), "yield_time_ms", 10000))
			.json();
		assertThat(result.get("session").get("exit_code").asInt()).isEqualTo(130);
		assertThat(result.get("session").get("signal").asString()).isEqualTo("SIGINT");
	}

	@Test
	void readsPipeInputUntilEof() {
		String id = id(start(Map.of("cmd", "read x; echo got=$x; cat; echo done", "yield_time_ms", 100)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "hello\\nrest", "eof", true, "yield_time_ms", 10000))
			.json();
		assertThat(result.get("output").asString()).isEqualTo("got=hello\nrestdone\n");
		assertThat(result.get("session").get("exit_code").asInt()).isZero();
		assertThat(result.get("session").get("stdin_open").asBoolean()).isFalse();
	}

	@Test
	void reportsExitCodes() {
		JsonNode result = start(Map.of("cmd", "echo out; echo err >&2; exit 3", "yield_time_ms", 10000));
		JsonNode session = result.get("session");
		assertThat(session.get("status").asString()).isEqualTo("exited");
		assertThat(session.get("exit_code").asInt()).isEqualTo(3);
		assertThat(session.get("signal").isNull()).isTrue();
		assertThat(session.get("end_reason").asString()).isEqualTo("exit");
		assertThat(result.get("output").asString()).contains("out\n").contains("err\n");
		assertThat(result.get("wall_time_ms").asLong()).isLessThan(5000);
	}

	@Test
	void reportsDeathBySignalAs128PlusN() {
		JsonNode session = start(Map.of("cmd", "kill -TERM $$", "yield_time_ms", 10000)).get("session");
		assertThat(session.get("exit_code").asInt()).isEqualTo(143);
		assertThat(session.get("signal").asString()).isEqualTo("SIGTERM");
		assertThat(session.get("end_reason").asString()).isEqualTo("signal");
	}

	@Test
	void runsArgvWithoutShell() {
		JsonNode result = start(Map.of("argv", List.of("printf", "%s|", "a b", "$HOME"), "yield_time_ms", 10000));
		assertThat(result.get("output").asString()).isEqualTo("a b|$HOME|");
		assertThat(result.get("session").get("argv").get(1).asString()).isEqualTo("%s|");
	}

	@Test
	void appliesEnvironmentDefaultsAndOverrides() {
		JsonNode result = start(Map.of("cmd", "echo $NO_COLOR $PAGER $TERM ${FOO:-unset} $EXECD_SESSION_ID; env", "env",
				mapWithNull("FOO", "bar"), "yield_time_ms", 10000));
		String output = result.get("output").asString();
		assertThat(output).startsWith("1 cat dumb bar " + id(result) + "\n");
		assertThat(output.lines().filter((line) -> line.startsWith("EXECD_")).toList())
			.containsExactly("EXECD_SESSION_ID=" + id(result));
	}

	@Test
	void deleteKillsBackgroundChildOfPipeSession() {
		JsonNode started = start(Map.of("cmd", "sleep 1000 & echo $!; wait", "wait_for", "^\\d+$"));
		long child = Long.parseLong(started.get("output").asString().strip());
		assertThat(Procs.alive(child)).isTrue();
		JsonNode removed = this.api.delete("/sessions/" + id(started)).json();
		assertThat(removed.get("end_reason").asString()).isEqualTo("killed");
		assertThat(Procs.alive(child)).isFalse();
		assertThat(this.api.delete("/sessions/" + id(started)).status()).isEqualTo(404);
		assertThat(this.api.get("/sessions/" + id(started) + "/log").status()).isEqualTo(404);
	}

	@Test
	void maxRuntimeKillsBackgroundChild() {
		JsonNode started = start(
				Map.of("cmd", "sleep 1000 & echo $!; wait", "wait_for", "^\\d+$", "max_runtime_ms", 1000));
		long child = Long.parseLong(started.get("output").asString().strip());
		JsonNode ended = pollUntilExited(id(started)).get("session");
		assertThat(ended.get("end_reason").asString()).isEqualTo("timeout");
		await().atMost(Duration.ofSeconds(5)).until(() -> !Procs.alive(child));
	}

	@Test
	void sigkillSignalKillsBackgroundChildOfPipeSession() {
		JsonNode started = start(Map.of("cmd", "sleep 1000 & echo $!; wait", "wait_for", "^\\d+$"));
		long child = Long.parseLong(started.get("output").asString().strip());
		JsonNode session = this.api.post("/sessions/" + id(started) + "/signal", Map.of("signal", 9)).json();
		assertThat(session.get("session_id").asString()).isEqualTo(id(started));
		await().atMost(Duration.ofSeconds(5)).until(() -> !Procs.alive(child));
		JsonNode ended = pollUntilExited(id(started)).get("session");
		assertThat(ended.get("signal").asString()).isEqualTo("SIGKILL");
		assertThat(ended.get("end_reason").asString()).isEqualTo("signal");
	}

	@Test
	void deleteKillsJobInItsOwnProcessGroupOfInteractiveShell() {
		String id = id(start(
				Map.of("argv", List.of("bash", "--norc", "--noprofile", "-i"), "tty", true, "yield_time_ms", 500)));
		long child = backgroundJob(id);
		JsonNode removed = this.api.delete("/sessions/" + id).json();
		assertThat(removed.get("status").asString()).isEqualTo("exited");
		assertThat(Procs.alive(child)).isFalse();
	}

	@Test
	void maxRuntimeKillsJobOfInteractiveShell() {
		String id = id(start(Map.of("argv", List.of("bash", "--norc", "--noprofile", "-i"), "tty", true,
				"yield_time_ms", 500, "max_runtime_ms", 6000)));
		long child = backgroundJob(id);
		assertThat(pollUntilExited(id).get("session").get("end_reason").asString()).isEqualTo("timeout");
		await().atMost(Duration.ofSeconds(5)).until(() -> !Procs.alive(child));
	}

	@Test
	void sigkillSignalKillsJobOfInteractiveShell() {
		String id = id(start(
				Map.of("argv", List.of("bash", "--norc", "--noprofile", "-i"), "tty", true, "yield_time_ms", 500)));
		long child = backgroundJob(id);
		this.api.post("/sessions/" + id + "/signal", Map.of("signal", "SIGKILL"));
		await().atMost(Duration.ofSeconds(5)).until(() -> !Procs.alive(child));
		assertThat(pollUntilExited(id).get("session").get("signal").asString()).isEqualTo("SIGKILL");
	}

	/**
	 * Starts {@code sleep 1000 &} at the prompt and checks it got a process group of its
	 * own.
	 */
	private long backgroundJob(String id) {
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "sleep 1000 & echo pid=$!\\r", "wait_for",
					"pid=\\d+\\r?$", "yield_time_ms", 10000, "strip_ansi", true))
			.json();
		String output = result.get("output").asString();
		String line = output.lines().filter((l) -> l.startsWith("pid=")).reduce((a, b) -> b).orElseThrow();
		long child = Long.parseLong(line.substring(4).strip());
		long leader = result.get("session").get("pid").asLong();
		assertThat(Procs.alive(child)).isTrue();
		assertThat(Procs.field(child, 5)).as("job's process group").isEqualTo(child).isNotEqualTo(leader);
		assertThat(Procs.field(child, 6)).as("job's session").isEqualTo(leader);
		return child;
	}

	@Test
	void resizeChangesTerminalSize() {
		String id = id(start(Map.of("argv", List.of("bash", "--norc", "--noprofile", "-i"), "tty", true, "cols", 100,
				"rows", 40, "yield_time_ms", 500)));
		JsonNode session = this.api.post("/sessions/" + id + "/resize", Map.of("cols", 132, "rows", 43)).json();
		assertThat(session.get("cols").asInt()).isEqualTo(132);
		assertThat(session.get("rows").asInt()).isEqualTo(43);
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("chars", "stty size\\r", "wait_for", "^43 132", "yield_time_ms", 10000))
			.json();
		assertThat(result.get("matched").asBoolean()).isTrue();
	}

	@Test
	void listsSessionsNewestFirstAndFiltersByStatus() {
		String first = id(start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		String second = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		JsonNode all = this.api.get("/sessions").json().get("sessions");
		assertThat(List.of(all.get(0).get("session_id").asString(), all.get(1).get("session_id").asString()))
			.containsExactly(second, first);
		JsonNode running = this.api.get("/sessions?status=running").json().get("sessions");
		assertThat(running.size()).isOne();
		assertThat(running.get(0).get("session_id").asString()).isEqualTo(second);
		JsonNode exited = this.api.get("/sessions?status=exited").json().get("sessions");
		assertThat(exited.get(0).get("session_id").asString()).isEqualTo(first);
	}

	@Test
	void requestIdMakesStartIdempotent() {
		Map<String, Object> body = Map.of("cmd", "echo once; sleep 100", "request_id", "retry-1", "wait_for", "once");
		TestClient.Response first = this.api.post("/sessions", body);
		TestClient.Response second = this.api.post("/sessions", body);
		assertThat(first.status()).isEqualTo(201);
		assertThat(first.header("Location")).isEqualTo("/sessions/" + id(first.json()));
		assertThat(second.status()).isEqualTo(200);
		assertThat(id(second.json())).isEqualTo(id(first.json()));
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isOne();
		// Whatever the body: a retry with an invalid one still answers the session.
		TestClient.Response odd = this.api.post("/sessions",
				Map.of("request_id", "retry-1", "cmd", "x", "argv", List.of("y"), "yield_time_ms", 0));
		assertThat(odd.status()).isEqualTo(200);
		assertThat(id(odd.json())).isEqualTo(id(first.json()));
	}

	@Test
	void otherConversationCannotSeeSession() {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		TestClient other = new TestClient(this.port).inConversation("someone-else");
		assertThat(other.get("/sessions/" + id).status()).isEqualTo(404);
		assertThat(other.get("/sessions/" + id).json().get("code").asString()).isEqualTo("session_not_found");
		assertThat(other.delete("/sessions/" + id).status()).isEqualTo(404);
		assertThat(other.get("/sessions").json().get("sessions").size()).isZero();
		assertThat(this.api.get("/sessions/" + id).json().get("status").asString()).isEqualTo("running");
	}

	private static Map<String, String> mapWithNull(String key, String value) {
		Map<String, String> env = new java.util.HashMap<>();
		env.put(key, value);
		env.put("HOME_NOT_SET_ANYWAY", null);
		return env;
	}

}
