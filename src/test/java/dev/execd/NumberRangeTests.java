package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request values past their documented range, over real HTTP: a number the contract does
 * not say is clamped is refused with 400 {@code invalid_request} naming the field and its
 * range, and changes nothing; its bounds are accepted; the fields the contract clamps are
 * still clamped. A boolean query parameter is {@code true} or {@code false}.
 */
class NumberRangeTests extends EndToEndTest {

	private static void assertRefused(TestClient.Response response, String detail) {
		String what = response.status() + " " + response.text();
		assertThat(response.status()).as(what).isEqualTo(400);
		assertThat(response.header("Content-Type")).as(what).startsWith("application/problem+json");
		assertThat(response.json().get("code").asString()).as(what).isEqualTo("invalid_request");
		assertThat(response.json().get("detail").asString()).as(what).isEqualTo(detail);
	}

	private static void assertOk(TestClient.Response response) {
		assertThat(response.status()).as(response.text()).isEqualTo(200);
	}

	private String exited(String cmd) {
		JsonNode started = start(Map.of("cmd", cmd, "yield_time_ms", 10000));
		assertThat(started.get("session").get("status").asString()).isEqualTo("exited");
		return id(started);
	}

	@Test
	void searchLimitsOutsideTheirRangesAreRefused() {
		String id = exited("printf 'a\\nb\\nc\\n'");
		for (String search : List.of("/sessions/" + id + "/search?pattern=b&", "/sessions/search?pattern=b&")) {
			assertRefused(this.api.get(search + "context=11"), "context must be between 0 and 10");
			assertRefused(this.api.get(search + "context=-1"), "context must be between 0 and 10");
			assertRefused(this.api.get(search + "max_matches=0"), "max_matches must be between 1 and 1000");
			assertRefused(this.api.get(search + "max_matches=1001"), "max_matches must be between 1 and 1000");
			assertOk(this.api.get(search + "context=10&max_matches=1000"));
			assertOk(this.api.get(search + "context=0&max_matches=1"));
		}
		JsonNode match = this.api.get("/sessions/" + id + "/search?pattern=b&context=10").json().get("matches").get(0);
		assertThat(match.get("before").toString()).isEqualTo("[\"a\"]");
		assertThat(match.get("after").toString()).isEqualTo("[\"c\"]");
	}

	@Test
	void recordPollLimitsOutsideTheirRangesAreRefused() {
		String records = "/sessions/" + exited("echo '{\"n\":1}'") + "/records?";
		assertRefused(this.api.get(records + "max_records=0"), "max_records must be between 1 and 1000");
		assertRefused(this.api.get(records + "max_records=1001"), "max_records must be between 1 and 1000");
		assertRefused(this.api.get(records + "wait_ms=30001"), "wait_ms must be between 0 and 30000");
		JsonNode page = this.api.get(records + "max_records=1000&wait_ms=30000").json();
		assertThat(page.get("records").toString()).isEqualTo("[{\"offset\":0,\"record\":{\"n\":1}}]");
		assertThat(page.get("eof").asBoolean()).isTrue();
	}

	@Test
	void waitConditionsOutsideTheirRangesAreRefusedOnStartsWritesAndReads() {
		assertRefused(this.api.post("/sessions", Map.of("cmd", "true", "settle_ms", 30001)),
				"settle_ms must be between 0 and 30000");
		assertRefused(this.api.post("/sessions", Map.of("cmd", "true", "input_quiet_ms", 60001)),
				"input_quiet_ms must be between 0 and 60000");
		assertThat(this.api.get("/sessions").json().get("sessions")).isEmpty();

		String id = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
		String stdin = "/sessions/" + id + "/stdin";
		assertRefused(this.api.post(stdin, Map.of("chars", "NOT WRITTEN\n", "settle_ms", 30001)),
				"settle_ms must be between 0 and 30000");
		assertRefused(this.api.post(stdin, Map.of("chars", "NOT WRITTEN\n", "input_quiet_ms", 60001)),
				"input_quiet_ms must be between 0 and 60000");
		String output = "/sessions/" + id + "/output?offset=0&";
		assertRefused(this.api.get(output + "settle_ms=30001"), "settle_ms must be between 0 and 30000");
		assertRefused(this.api.get(output + "input_quiet_ms=60001"), "input_quiet_ms must be between 0 and 60000");
		JsonNode read = this.api.get(output + "settle_ms=30000&input_quiet_ms=60000").json();
		assertThat(read.get("output").asString()).isEmpty();
		assertThat(read.get("next_offset").asLong()).isZero();
	}

	@Test
	void aCommandWaitOutsideItsRangeIsRefused() {
		String commands = "/sessions/" + id(start(Map.of("shell", true, "yield_time_ms", 0))) + "/commands/cmd_9";
		assertRefused(this.api.get(commands + "?wait_ms=30001"), "wait_ms must be between 0 and 30000");
		// In range, the wait is taken and the unknown command is what is wrong.
		TestClient.Response unknown = this.api.get(commands + "?wait_ms=30000");
		assertThat(unknown.status()).as(unknown.text()).isEqualTo(404);
		assertThat(unknown.json().get("code").asString()).isEqualTo("command_not_found");
	}

	@Test
	void fieldsTheContractClampsAreStillClamped() {
		JsonNode started = start(Map.of("cmd", "printf hello", "yield_time_ms", 99_999_999, "max_output_bytes", 1,
				"cols", 1, "rows", 100_000));
		assertThat(started.get("output").asString()).isEqualTo("hello");
		String id = id(started);
		assertThat(this.api.get("/sessions/" + id + "/output?offset=0&max_bytes=0").json().get("output").asString())
			.isEqualTo("h");
		assertThat(this.api.delete("/sessions/" + id + "?grace_ms=99999999").status()).isEqualTo(200);
	}

	@Test
	void booleanQueryParametersAreTrueOrFalseInAnyCaseAndNothingElse() {
		String id = exited("printf 'Needle\\n'");
		for (String value : List.of("yes", "no", "on", "off", "1", "0", "", "maybe")) {
			assertRefused(this.api.get("/sessions/" + id + "/search?pattern=needle&ignore_case=" + value),
					"parameter 'ignore_case' must be true or false");
			assertRefused(this.api.get("/sessions/search?pattern=needle&literal=" + value),
					"parameter 'literal' must be true or false");
			assertRefused(this.api.get("/sessions/" + id + "/output?offset=0&strip_ansi=" + value),
					"parameter 'strip_ansi' must be true or false");
			assertRefused(this.api.get("/sessions/" + id + "/stream?strip_ansi=" + value),
					"parameter 'strip_ansi' must be true or false");
		}
		JsonNode found = this.api.get("/sessions/" + id + "/search?pattern=needle&literal=TRUE&ignore_case=True")
			.json();
		assertThat(found.get("matches").get(0).get("line").asString()).isEqualTo("Needle");
		assertThat(this.api.get("/sessions/" + id + "/search?pattern=needle&ignore_case=false").json().get("matches"))
			.isEmpty();
		assertThat(
				this.api.get("/sessions/" + id + "/output?offset=0&strip_ansi=FALSE").json().get("output").asString())
			.isEqualTo("Needle\n");
	}

}
