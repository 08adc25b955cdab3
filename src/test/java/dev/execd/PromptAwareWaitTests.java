package dev.execd;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Why a wait ends, over real HTTP with real processes: a prompt ends it at once
 * ({@code ended_by: input}), a sleeping process does not, {@code settle_ms} ends it after
 * a burst, and every response says which condition ended it.
 */
class PromptAwareWaitTests extends EndToEndTest {

	private static final String PROMPT = "python3 -c 'input(\"Continue? [y/N] \")'";

	@ParameterizedTest(name = "tty {0}")
	@ValueSource(booleans = { true, false })
	void aPromptReturnsWithinASecondOfATenSecondYield(boolean tty) {
		JsonNode started = start(Map.of("cmd", PROMPT, "tty", tty, "yield_time_ms", 10000));
		assertThat(started.get("output").asString()).endsWith("Continue? [y/N] ");
		assertThat(started.get("ended_by").asString()).isEqualTo("input");
		assertThat(started.get("session").get("waiting_for_input").asBoolean()).isTrue();
		// Spawning python is part of this call: hundreds of ms on a busy machine.
		assertThat(started.get("wall_time_ms").asLong()).isLessThan(2000);
		// A poll of the waiting prompt answers within a second, and so does a read.
		String id = id(started);
		JsonNode polled = this.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 10000)).json();
		assertThat(polled.get("ended_by").asString()).isEqualTo("input");
		assertThat(polled.get("wall_time_ms").asLong()).isLessThan(1000);
		long before = System.nanoTime();
		JsonNode read = this.api.get("/sessions/" + id + "/output?wait_ms=10000").json();
		assertThat(read.get("ended_by").asString()).isEqualTo("input");
		assertThat(System.nanoTime() - before).isLessThan(1_000_000_000L);
		assertThat(read.get("session").get("waiting_for_input").asBoolean()).isTrue();
		JsonNode answered = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", tty ? "y\\r" : "y\\n", "yield_time_ms", 10000))
			.json();
		assertThat(answered.get("ended_by").asString()).isEqualTo("exit");
	}

	@Test
	void aWriteWaitsForTheAnswerBeforeTheNextPromptEndsIt() {
		String id = id(start(Map.of("cmd", "read a; sleep 0.5; echo \"got $a\"; read b", "yield_time_ms", 10000)));
		JsonNode answered = this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "1\\n", "yield_time_ms", 10000))
			.json();
		assertThat(answered.get("output").asString()).isEqualTo("got 1\n");
		assertThat(answered.get("ended_by").asString()).isEqualTo("input");
		assertThat(answered.get("wall_time_ms").asLong()).isBetween(500L, 5000L);
	}

	@Test
	void aSleepIsNoPromptAndEndsByItsExit() {
		JsonNode result = start(Map.of("cmd", "sleep 3", "tty", true, "yield_time_ms", 10000));
		assertThat(result.get("ended_by").asString()).isEqualTo("exit");
		assertThat(result.get("session").get("waiting_for_input").asBoolean()).isFalse();
		assertThat(result.get("wall_time_ms").asLong()).isBetween(2900L, 9000L);
	}

	@Test
	void inputQuietZeroTurnsTheDetectionOff() {
		JsonNode result = start(Map.of("cmd", "read x", "yield_time_ms", 1000, "input_quiet_ms", 0));
		assertThat(result.get("ended_by").asString()).isEqualTo("deadline");
		assertThat(result.get("wall_time_ms").asLong()).isGreaterThanOrEqualTo(1000);
	}

	@Test
	void settleEndsTheWaitAfterABurst() {
		JsonNode result = start(
				Map.of("cmd", "printf a; sleep 0.2; printf b; sleep 5", "settle_ms", 500, "yield_time_ms", 10000));
		assertThat(result.get("output").asString()).isEqualTo("ab");
		assertThat(result.get("ended_by").asString()).isEqualTo("settled");
		assertThat(result.get("wall_time_ms").asLong()).isBetween(700L, 4000L);
		// Without new output nothing settles: the deadline ends the poll.
		JsonNode quiet = this.api
			.post("/sessions/" + id(result) + "/stdin", Map.of("settle_ms", 100, "yield_time_ms", 500))
			.json();
		assertThat(quiet.get("ended_by").asString()).isEqualTo("deadline");
	}

	@Test
	void everyResponseSaysWhatEndedItsWait() {
		assertThat(start(Map.of("cmd", "echo hi", "yield_time_ms", 10000)).get("ended_by").asString())
			.isEqualTo("exit");
		JsonNode matched = start(Map.of("cmd", "echo ready; sleep 100", "wait_for", "ready", "yield_time_ms", 10000));
		assertThat(matched.get("ended_by").asString()).isEqualTo("match");
		String id = id(matched);
		assertThat(this.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 200)).json().get("ended_by"))
			.hasToString("\"deadline\"");
		assertThat(this.api.get("/sessions/" + id + "/output?offset=0").json().get("ended_by").asString())
			.isEqualTo("output");
		assertThat(this.api.get("/sessions/" + id + "/output?wait_ms=200").json().get("ended_by").asString())
			.isEqualTo("deadline");
		String later = id(
				start(Map.of("cmd", "sleep 0.3; printf x; sleep 0.1; printf y; sleep 100", "yield_time_ms", 0)));
		JsonNode first = this.api.get("/sessions/" + later + "/output?offset=0&wait_ms=10000").json();
		assertThat(first.get("ended_by").asString()).isEqualTo("output");
		JsonNode settled = this.api.get("/sessions/" + later + "/output?offset=0&wait_ms=10000&settle_ms=300").json();
		assertThat(settled.get("output").asString()).isEqualTo("xy");
		assertThat(settled.get("ended_by").asString()).isEqualTo("settled");
	}

	@Test
	void screenPatternsNeedATerminal() {
		TestClient.Response noTty = this.api.post("/sessions", Map.of("cmd", "true", "wait_for_screen", "x"));
		assertThat(noTty.status()).isEqualTo(400);
		assertThat(noTty.json().get("code").asString()).isEqualTo("invalid_request");
		TestClient.Response invalid = this.api.post("/sessions",
				Map.of("cmd", "true", "tty", true, "wait_for_screen", "("));
		assertThat(invalid.status()).isEqualTo(400);
		assertThat(invalid.json().get("detail").asString()).contains("wait_for_screen");
		TestClient.Response negative = this.api.post("/sessions", Map.of("cmd", "true", "settle_ms", -1));
		assertThat(negative.status()).isEqualTo(400);
		String pipe = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		TestClient.Response stdin = this.api.post("/sessions/" + pipe + "/stdin", Map.of("wait_for_screen", "x"));
		assertThat(stdin.status()).isEqualTo(409);
		assertThat(stdin.json().get("code").asString()).isEqualTo("not_a_terminal");
		TestClient.Response read = this.api.get("/sessions/" + pipe + "/output?wait_for_screen=x");
		assertThat(read.status()).isEqualTo(409);
		assertThat(read.json().get("code").asString()).isEqualTo("not_a_terminal");
		JsonNode tty = start(
				Map.of("cmd", "sleep 100", "tty", true, "wait_for_screen", "nowhere", "yield_time_ms", 200));
		assertThat(tty.get("matched").asBoolean()).isFalse();
		assertThat(tty.get("ended_by").asString()).isEqualTo("deadline");
	}

}
