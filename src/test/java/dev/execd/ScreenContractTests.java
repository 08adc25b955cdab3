package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The screen fields of the contract as a hostile client sends them, over real HTTP: every
 * wrong type, case, empty value or pattern is a 400 problem with a code and writes
 * nothing; a pattern too expensive for the screen ends the wait; the screen of an ended
 * session whose log outgrew its cap before anyone asked for it still answers.
 */
@TestPropertySource(properties = { "execd.output.max-log-size=64KB", "execd.output.memory-window=4KB" })
class ScreenContractTests extends EndToEndTest {

	private String ttyCat() {
		return id(start(Map.of("cmd", "cat", "tty", true, "cols", 40, "rows", 5, "yield_time_ms", 0)));
	}

	private static void assertRefused(TestClient.Response response, String code) {
		String what = response.status() + " " + response.text();
		assertThat(response.status()).as(what).isEqualTo(400);
		assertThat(response.header("Content-Type")).as(what).startsWith("application/problem+json");
		assertThat(response.json().get("code").asString()).as(what).isEqualTo(code);
		assertThat(response.json().get("status").asInt()).as(what).isEqualTo(400);
	}

	private TestClient.Response get(String target) {
		return this.api.get(target);
	}

	private TestClient.Response post(String target, String body) {
		return this.api.send("POST", target, "application/json", body);
	}

	@Test
	void everyScreenQueryValueOutsideTheContractIsABadRequest() {
		String screen = "/sessions/" + ttyCat() + "/screen";
		for (String query : List.of("format=", "format=TEXT", "format=Json", "format=html", "scrollback=abc",
				"scrollback=-1", "scrollback=1.5", "scrollback=99999999999999999999", "scrollback=1e3")) {
			assertRefused(get(screen + "?" + query), "invalid_request");
		}
		assertThat(get(screen + "?format=text&scrollback=0").status()).isEqualTo(200);
		assertThat(get(screen + "?format=json").status()).isEqualTo(200);
		// Like every other endpoint, a parameter the contract does not name is ignored.
		assertThat(get(screen + "?bogus=1").status()).isEqualTo(200);
	}

	@Test
	void everyWaitOrViewValueOutsideTheContractIsABadRequestOnReadsAndWrites() {
		String id = ttyCat();
		String output = "/sessions/" + id + "/output?";
		for (String query : List.of("view=", "view=SCREEN", "view=Screen", "settle_ms=-1", "settle_ms=abc",
				"settle_ms=1.5", "settle_ms=99999999999999999999", "input_quiet_ms=-5", "input_quiet_ms=1e3",
				"wait_for_screen=(", "wait_for_screen=" + "a".repeat(1025))) {
			assertRefused(get(output + query), "invalid_request");
		}
		String stdin = "/sessions/" + id + "/stdin";
		for (String field : List.of("\"view\":\"SCREEN\"", "\"view\":\"\"", "\"view\":5", "\"view\":[\"screen\"]",
				"\"settle_ms\":-1", "\"settle_ms\":\"5\"", "\"settle_ms\":1.5", "\"settle_ms\":1e30",
				"\"input_quiet_ms\":true", "\"input_quiet_ms\":-1", "\"wait_for_screen\":\"(\"",
				"\"wait_for_screen\":5", "\"parts\":[null]", "\"parts\":[{}]", "\"parts\":[{\"chars\":null}]",
				"\"parts\":{}", "\"parts\":\"x\"", "\"parts\":[5]", "\"parts\":[[\"a\"]]",
				"\"parts\":[{\"chars\":\"a\",\"keys\":[\"q\"]}]", "\"parts\":[{\"chars\":\"a\",\"bogus\":1}]",
				"\"parts\":[{\"chars\":\"x\"}],\"chars\":\"y\"", "\"ended_by\":\"exit\"", "\"screen\":{}")) {
			assertRefused(post(stdin, "{\"chars\":\"NOT WRITTEN\\r\"," + field + "}"), "invalid_request");
		}
		assertRefused(post(stdin, "{\"parts\":[{\"chars\":\"NOT WRITTEN\\r\"},{\"keys\":[null]}]}"), "unknown_key");
		assertRefused(post(stdin, "{\"parts\":[{\"chars\":\"NOT WRITTEN\\r\"},{\"keys\":[\"Nope\"]}]}"), "unknown_key");
		assertRefused(post(stdin, "{\"parts\":[{\"chars\":\"NOT WRITTEN\\r\"},{\"chars_b64\":\"!!\"}]}"),
				"invalid_base64");
		for (String field : List.of("\"view\":\"SCREEN\"", "\"settle_ms\":-3", "\"wait_for_screen\":\"(\"",
				"\"parts\":[]", "\"view\":\"screen\"", "\"wait_for_screen\":\"x\"")) {
			boolean tty = !field.contains("screen\"") || field.contains("SCREEN") || field.contains("(");
			assertRefused(post("/sessions", "{\"cmd\":\"true\"," + (tty ? "\"tty\":true," : "") + field + "}"),
					"invalid_request");
		}
		assertThat(this.api.get("/sessions").json().get("sessions")).hasSize(1);
		JsonNode screen = this.api.get("/sessions/" + id + "/screen").json();
		assertThat(screen.get("lines").toString()).doesNotContain("NOT WRITTEN");
		assertThat(screen.get("offset").asLong()).isZero();
	}

	@Test
	void aScreenPatternTooExpensiveToRunEndsTheWaitUnmatchedWithAWarning() {
		String id = id(start(Map.of("cmd", "printf '%s!' " + "a".repeat(60) + "; sleep 30", "tty", true, "wait_for",
				"!", "yield_time_ms", 10000)));
		for (JsonNode result : List.of(
				this.api
					.post("/sessions/" + id + "/stdin",
							Map.of("wait_for_screen", "(.*a){12}$", "input_quiet_ms", 0, "yield_time_ms", 20000))
					.json(),
				this.api
					.get("/sessions/" + id + "/output?wait_ms=20000&input_quiet_ms=0&wait_for_screen=(.*a)%7B12%7D%24")
					.json())) {
			assertThat(result.get("ended_by").asString()).as(result.toString()).isEqualTo("match");
			assertThat(result.get("matched").asBoolean()).isFalse();
			assertThat(result.get("session").get("warnings").toString()).contains("wait_for_screen pattern");
			assertThat(result.get("session").get("status").asString()).isEqualTo("running");
		}
	}

	@Test
	void anEndedSessionWhoseLogOutgrewItsCapBeforeItsScreenWasAskedForStillShowsItsLastScreen() {
		JsonNode started = start(Map.of("cmd", "seq 1 100000; printf 'last line\\n'", "tty", true, "cols", 40, "rows",
				5, "yield_time_ms", 20000, "max_output_bytes", 256));
		String id = id(started);
		assertThat(started.get("session").get("status").asString()).isEqualTo("exited");
		assertThat(started.get("session").get("log_truncated").asBoolean()).isTrue();
		JsonNode screen = this.api.get("/sessions/" + id + "/screen?scrollback=2").json();
		assertThat(screen.get("lines").valueStream().map(JsonNode::asString).toList()).containsExactly("99998", "99999",
				"100000", "last line", "");
		assertThat(screen.get("offset").asLong())
			.isEqualTo(this.api.get("/sessions/" + id).json().get("output_bytes_total").asLong());
		assertThat(screen.get("scrollback").valueStream().map(JsonNode::asString).toList()).containsExactly("99996",
				"99997");
		JsonNode polled = this.api.post("/sessions/" + id + "/stdin", Map.of("view", "screen", "yield_time_ms", 0))
			.json();
		assertThat(polled.get("ended_by").asString()).isEqualTo("exit");
		assertThat(polled.get("screen").get("lines").get(3).asString()).isEqualTo("last line");
		JsonNode read = this.api.get("/sessions/" + id + "/output?view=screen&offset=0&max_bytes=1").json();
		assertThat(read.get("screen").get("lines").get(3).asString()).isEqualTo("last line");
		assertThat(this.api.get("/sessions/" + id + "/screen?format=text").text()).endsWith("100000\nlast line\n");
	}

}
