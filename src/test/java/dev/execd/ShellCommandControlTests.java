package dev.execd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Persistent shells: controlling commands (cancel, timeouts, the queue's bound), what an
 * answer shows (waits, truncation, the screen) and the output no command claims.
 */
class ShellCommandControlTests extends EndToEndTest {

	private String shell(boolean tty) {
		return id(start(Map.of("shell", true, "tty", tty, "yield_time_ms", 0)));
	}

	private TestClient.Response post(String id, Map<String, ?> body) {
		return this.api.post("/sessions/" + id + "/commands", body);
	}

	private JsonNode run(String id, String cmd) {
		TestClient.Response response = post(id, Map.of("cmd", cmd, "yield_time_ms", 20000));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		return response.json();
	}

	private JsonNode command(String id, String commandId, int waitMs) {
		return this.api.get("/sessions/" + id + "/commands/" + commandId + "?wait_ms=" + waitMs).json();
	}

	private static String out(JsonNode command) {
		return command.get("output").asString();
	}

	private static String nl(boolean tty) {
		return tty ? "\r\n" : "\n";
	}

	@Test
	void activatedVirtualenvCarriesOver() throws Exception {
		boolean venv = new ProcessBuilder("python3", "-m", "venv", "--help").start().waitFor() == 0;
		if (!"true".equals(System.getenv("CI"))) {
			assumeTrue(venv, "python3 -m venv is not available");
		}
		Path dir = Files.createTempDirectory("execd-venv");
		String id = id(start(Map.of("shell", true, "workdir", dir.toString(), "yield_time_ms", 0)));
		JsonNode made = run(id, "python3 -m venv --without-pip v && . v/bin/activate");
		assertThat(made.get("exit_code").asInt()).as(out(made)).isZero();
		assertThat(out(run(id, "which python"))).isEqualTo(dir.toRealPath() + "/v/bin/python\n");
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void cancelInterruptsTheRunningCommand(boolean tty) {
		String id = shell(tty);
		JsonNode slow = post(id, Map.of("cmd", "sleep 100", "yield_time_ms", 300)).json();
		assertThat(slow.get("status").asString()).isEqualTo("running");
		String commandId = slow.get("command_id").asString();
		long started = System.nanoTime();
		TestClient.Response cancel = this.api.post("/sessions/" + id + "/commands/" + commandId + "/cancel", Map.of());
		assertThat(cancel.status()).as(cancel.text()).isEqualTo(200);
		JsonNode ended = command(id, commandId, 10000);
		assertThat(ended.get("end").asString()).isEqualTo("interrupted");
		assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(3));
		assertThat(out(run(id, "echo after"))).isEqualTo("after" + nl(tty));
	}

	@Test
	void aFullQueueIsRefused() {
		String id = shell(false);
		String first = post(id, Map.of("cmd", "sleep 100", "yield_time_ms", 0)).json().get("command_id").asString();
		for (int i = 0; i < 100; i++) {
			assertThat(post(id, Map.of("cmd", "true", "yield_time_ms", 0)).status()).isEqualTo(201);
		}
		TestClient.Response full = post(id, Map.of("cmd", "true", "yield_time_ms", 0));
		assertThat(full.status()).isEqualTo(429);
		assertThat(full.json().get("code").asString()).isEqualTo("command_queue_full");
		this.api.post("/sessions/" + id + "/commands/" + first + "/cancel", Map.of());
		assertThat(command(id, "cmd_101", 20000).get("end").asString()).isEqualTo("exit");
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aLoopOfBuiltinsTimesOutAndTheShellLivesOn(boolean tty) {
		String id = shell(tty);
		long started = System.nanoTime();
		JsonNode loop = post(id, Map.of("cmd", "while :; do :; done", "timeout_ms", 300, "yield_time_ms", 10000))
			.json();
		assertThat(loop.get("end").asString()).isEqualTo("timeout");
		assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(3));
		assertThat(out(run(id, "echo alive"))).isEqualTo("alive" + nl(tty));
	}

	@Test
	void onPipesAJobThatIgnoresSigintGetsSigtermAndNotTheShell() {
		String id = shell(false);
		long started = System.nanoTime();
		JsonNode stubborn = post(id,
				Map.of("cmd", "bash -c 'trap \"\" INT; sleep 100; :'", "timeout_ms", 300, "yield_time_ms", 10000))
			.json();
		assertThat(stubborn.get("end").asString()).isEqualTo("timeout");
		assertThat(stubborn.get("exit_code").asInt()).isEqualTo(143);
		assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(3));
		assertThat(out(run(id, "echo alive"))).isEqualTo("alive\n");
	}

	@Test
	void onPipesAJobThatIgnoresSigtermGetsSigkill() {
		String id = shell(false);
		JsonNode stubborn = post(id,
				Map.of("cmd", "bash -c 'trap \"\" INT TERM; sleep 100; :'", "timeout_ms", 300, "yield_time_ms", 10000))
			.json();
		assertThat(stubborn.get("end").asString()).isEqualTo("timeout");
		assertThat(stubborn.get("exit_code").asInt()).isEqualTo(137);
		assertThat(out(run(id, "echo alive"))).isEqualTo("alive\n");
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void timeoutMustBeWithinTheLimits(boolean tty) {
		String id = shell(tty);
		for (long bad : new long[] { 0, -5, Duration.ofHours(24).toMillis() + 1 }) {
			TestClient.Response refused = post(id, Map.of("cmd", "true", "timeout_ms", bad));
			assertThat(refused.status()).as(refused.text()).isEqualTo(400);
			assertThat(refused.json().get("code").asString()).isEqualTo("invalid_request");
		}
		TestClient.Response text = this.api.send("POST", "/sessions/" + id + "/commands", "application/json",
				"{\"cmd\": \"true\", \"timeout_ms\": \"soon\"}");
		assertThat(text.status()).isEqualTo(400);
		assertThat(this.api.get("/sessions/" + id + "/commands").json().get("commands").size()).isZero();
	}

	@Test
	void timeoutIsCutToTheSessionsRemainingRuntime() {
		String id = id(start(Map.of("shell", true, "max_runtime_ms", 60000, "yield_time_ms", 0)));
		JsonNode ok = post(id, Map.of("cmd", "echo ok", "timeout_ms", Duration.ofHours(1).toMillis())).json();
		assertThat(ok.get("end").asString()).isEqualTo("exit");
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void waitForAndTruncationApplyToTheCommandsOwnOutput(boolean tty) {
		String id = shell(tty);
		run(id, "echo before");
		JsonNode waited = post(id,
				Map.of("cmd", "echo ready; sleep 100", "wait_for", "ready", "yield_time_ms", 10000, "timeout_ms", 5000))
			.json();
		assertThat(waited.get("matched").asBoolean()).isTrue();
		assertThat(waited.get("status").asString()).isEqualTo("running");
		assertThat(out(waited)).isEqualTo("ready" + nl(tty));
		this.api.post("/sessions/" + id + "/commands/" + waited.get("command_id").asString() + "/cancel", Map.of());
		JsonNode big = post(id,
				Map.of("cmd", "head -c 5000 /dev/zero | tr '\\0' x", "max_output_bytes", 1000, "yield_time_ms", 10000))
			.json();
		long from = big.get("output_offset").asLong();
		assertThat(big.get("next_offset").asLong() - from).isEqualTo(5000);
		long omitted = big.get("omitted_bytes").asLong();
		assertThat(omitted).isPositive();
		assertThat(out(big)).contains("omitted " + omitted + " bytes (offsets ");
		String omittedRange = out(big).replaceAll("(?s).*\\(offsets (\\d+)-(\\d+).*", "$1-$2");
		String[] bounds = omittedRange.split("-");
		assertThat(Long.parseLong(bounds[0])).isGreaterThan(from);
		assertThat(Long.parseLong(bounds[1])).isLessThan(from + 5000);
		JsonNode again = this.api
			.get("/sessions/" + id + "/commands/" + big.get("command_id").asString() + "?max_output_bytes=256")
			.json();
		assertThat(again.get("omitted_bytes").asLong()).isGreaterThan(omitted);
	}

	@Test
	void screenViewOnATerminalShell() {
		String id = shell(true);
		JsonNode ran = post(id, Map.of("cmd", "echo on-screen", "view", "screen", "yield_time_ms", 10000)).json();
		assertThat(ran.get("screen").get("lines").toString()).contains("on-screen");
		JsonNode got = this.api
			.get("/sessions/" + id + "/commands/" + ran.get("command_id").asString() + "?view=screen")
			.json();
		assertThat(got.get("screen").get("lines").toString()).contains("on-screen");
		assertThat(this.api.get("/sessions/" + id + "/commands/cmd_1").json().get("screen").isNull()).isTrue();
		assertThat(post(id, Map.of("cmd", "true", "view", "bogus")).json().get("code").asString())
			.isEqualTo("invalid_request");
	}

	@Test
	void screenViewOnAPipeShellIsRefusedBeforeRunning() {
		String id = shell(false);
		TestClient.Response refused = post(id, Map.of("cmd", "touch /tmp/never", "view", "screen"));
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.json().get("code").asString()).isEqualTo("not_a_terminal");
		assertThat(this.api.get("/sessions/" + id + "/commands").json().get("commands").size()).isZero();
		run(id, "true");
		assertThat(this.api.get("/sessions/" + id + "/commands/cmd_1?view=screen").json().get("code").asString())
			.isEqualTo("not_a_terminal");
	}

	@Test
	void theListingNamesOutputThatBelongsToNoCommand() {
		String id = shell(false);
		JsonNode first = run(id, "echo one; (sleep 0.3; echo late) &");
		await().atMost(Duration.ofSeconds(10))
			.until(() -> new String(this.api.get("/sessions/" + id + "/log").body(), StandardCharsets.UTF_8)
				.contains("late"));
		JsonNode second = run(id, "echo two");
		assertThat(out(second)).isEqualTo("two\n");
		JsonNode listing = this.api.get("/sessions/" + id + "/commands").json();
		assertThat(listing.get("commands").size()).isEqualTo(2);
		assertThat(listing.get("unclaimed_bytes").asLong()).isEqualTo(5);
		JsonNode range = listing.get("unclaimed").get(0);
		assertThat(range.get("from").asLong()).isEqualTo(first.get("next_offset").asLong());
		assertThat(range.get("to").asLong()).isEqualTo(second.get("output_offset").asLong());
		assertThat(this.api.get("/sessions/" + id + "/log?offset=" + range.get("from").asLong() + "&length=5").text())
			.isEqualTo("late\n");
	}

	@Test
	void closedRecordDescriptorsAreReopened() {
		String id = shell(false);
		JsonNode closed = run(id, "exec {__execd_o}>&- {__execd_e}>&-; echo closed");
		assertThat(out(closed)).isEqualTo("closed\n");
		assertThat(out(run(id, "echo next"))).isEqualTo("next\n");
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aCommandWhoseEndRecordNeverComesStillEndsOnItsTimeout(boolean tty) {
		String id = shell(tty);
		JsonNode lost = post(id, Map.of("cmd", "exec {__execd_o}>/dev/null {__execd_e}>/dev/null", "timeout_ms", 200,
				"yield_time_ms", 0))
			.json();
		JsonNode queued = post(id, Map.of("cmd", "echo queued", "yield_time_ms", 0)).json();
		JsonNode ended = command(id, lost.get("command_id").asString(), 10000);
		assertThat(ended.get("end").asString()).isEqualTo("timeout");
		assertThat(ended.get("exit_code").isNull()).isTrue();
		String next = queued.get("command_id").asString();
		assertThat(command(id, next, 0).get("status").asString()).isEqualTo("running");
		this.api.post("/sessions/" + id + "/commands/" + next + "/cancel", Map.of());
		assertThat(command(id, next, 10000).get("end").asString()).isEqualTo("interrupted");
	}

}
