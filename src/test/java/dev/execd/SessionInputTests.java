package dev.execd;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Input, keys and time limits end to end.
 */
class SessionInputTests extends EndToEndTest {

	@Test
	void writesInitialStdinRightAfterStart() {
		JsonNode result = start(
				Map.of("cmd", "read a; read b; echo \"$b-$a\"", "stdin", "one\\ntwo\\n", "yield_time_ms", 10000));
		assertThat(result.get("output").asString()).isEqualTo("two-one\n");
	}

	@Test
	void initialStdinOfCommandThatEndedFirstIsDropped() {
		// The command ends before its input is queued in most of these starts; each is
		// still a start, with the command's output and exit code.
		for (boolean tty : List.of(false, true)) {
			for (int i = 0; i < 15; i++) {
				TestClient.Response response = this.api.post("/sessions",
						Map.of("cmd", "echo important-output", "stdin", "y\\n", "tty", tty, "yield_time_ms", 10000));
				assertThat(response.status()).as(response.text()).isEqualTo(201);
				JsonNode result = response.json();
				assertThat(result.get("output").asString()).contains("important-output");
				assertThat(result.get("session").get("exit_code").asInt()).isZero();
			}
		}
	}

	@Test
	void aStdinBodyIsCappedLikeEveryJsonBody() {
		String path = "/sessions/%s/stdin";
		// Under the body cap (1 MB), any input arrives whole.
		int size = 700 * 1024;
		String text = id(start(Map.of("cmd", "wc -c", "yield_time_ms", 0)));
		TestClient.Response chars = this.api.post(path.formatted(text),
				Map.of("chars", "a".repeat(size), "eof", true, "wait_for", "\\d+", "yield_time_ms", 20000));
		assertThat(chars.status()).as(chars.text()).isEqualTo(200);
		assertThat(chars.json().get("output").asString().trim()).isEqualTo(Integer.toString(size));
		// 1 MiB in base64 is a body past execd.limits.max-request-body: 413, as for any
		// route, and nothing is written.
		String idle = id(start(Map.of("cmd", "wc -c", "yield_time_ms", 0)));
		TestClient.Response over = this.api.post(path.formatted(idle),
				Map.of("chars_b64", Base64.getEncoder().encodeToString(new byte[1024 * 1024])));
		assertThat(over.status()).as(over.text()).isEqualTo(413);
		assertThat(over.json().get("code").asString()).isEqualTo("payload_too_large");
		TestClient.Response nothing = this.api.post(path.formatted(idle),
				Map.of("eof", true, "wait_for", "\\d+", "yield_time_ms", 20000));
		assertThat(nothing.json().get("output").asString().trim()).isEqualTo("0");
	}

	@Test
	void eofOnTerminalTypesCtrlD() {
		String id = id(start(Map.of("cmd", "cat > /dev/null; echo finished", "tty", true, "yield_time_ms", 300)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "abc\\r", "eof", true, "yield_time_ms", 10000))
			.json();
		assertThat(result.get("output").asString()).contains("finished");
		assertThat(result.get("session").get("exit_code").asInt()).isZero();
	}

	@Test
	void retriedWriteWithSameRequestIdIsWrittenOnce() {
		String id = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
		Map<String, Object> write = Map.of("chars", "x\\n", "request_id", "w-1", "yield_time_ms", 0);
		this.api.post("/sessions/" + id + "/stdin", write);
		this.api.post("/sessions/" + id + "/stdin", write);
		this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "end\\n", "wait_for", "end", "yield_time_ms", 10000));
		assertThat(this.api.get("/sessions/" + id + "/output?offset=0").json().get("output").asString())
			.isEqualTo("x\nend\n");
	}

	@Test
	void arrowKeysFollowApplicationCursorMode() {
		// Each mode switch is followed by a marker: once the marker is in the output,
		// the switch before it has been seen.
		String script = "printf '\\033[?1h<r1>'; IFS= read -rsn3 k; printf '[%q]\\n\\033[?1l<r2>' \"$k\"; "
				+ "IFS= read -rsn3 k; printf '[%q]\\n' \"$k\"; sleep 100";
		String id = id(start(Map.of("argv", List.of("bash", "-c", script), "tty", true, "wait_for", "<r1>",
				"yield_time_ms", 10000)));
		JsonNode first = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("keys", List.of("Up"), "wait_for", "<r2>", "yield_time_ms", 10000))
			.json();
		assertThat(first.get("output").asString()).contains("[$'\\EOA']");
		JsonNode second = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("keys", List.of("Up"), "wait_for", "\\]", "yield_time_ms", 10000))
			.json();
		assertThat(second.get("output").asString()).contains("[$'\\E[A']");
	}

	@Test
	void deleteEscalatesToSigkillAfterGrace() {
		String id = id(start(Map.of("cmd", "trap '' TERM; sleep 1000 & echo started; wait", "wait_for", "started")));
		long started = System.nanoTime();
		JsonNode removed = this.api.delete("/sessions/" + id + "?grace_ms=300").json();
		assertThat(removed.get("escalated").asBoolean()).isTrue();
		assertThat(removed.get("end_reason").asString()).isEqualTo("killed");
		assertThat(removed.get("signal").asString()).isEqualTo("SIGKILL");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
	}

	@Test
	void idleTimeoutEndsSilentProcess() {
		String id = id(start(Map.of("cmd", "echo hi; sleep 100", "idle_timeout_ms", 500, "yield_time_ms", 0)));
		JsonNode ended = pollUntilExited(id).get("session");
		assertThat(ended.get("end_reason").asString()).isEqualTo("idle_timeout");
		assertThat(ended.get("idle_timeout_ms").asLong()).isEqualTo(500);
	}

	@Test
	void hintsWhenWaitingForInputAfterPrompt() {
		String id = id(start(Map.of("cmd", "printf 'Name? '; read x; echo hello $x", "wait_for", "Name\\?")));
		await().atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> this.api.get("/sessions/" + id).json().get("waiting_for_input").asBoolean());
		JsonNode result = this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "ada\\n", "yield_time_ms", 10000))
			.json();
		assertThat(result.get("output").asString()).isEqualTo("hello ada\n");
		assertThat(result.get("session").get("waiting_for_input").asBoolean()).isFalse();
	}

	@Test
	void runsLoginShellWhenAsked() {
		JsonNode result = start(Map.of("cmd", "shopt -q login_shell && echo login || echo plain", "login", true,
				"yield_time_ms", 10000));
		assertThat(result.get("output").asString()).endsWith("login\n");
	}

}
