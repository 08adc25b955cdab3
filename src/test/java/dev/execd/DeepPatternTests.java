package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code wait_for} pattern that java.util.regex cannot run without overflowing the
 * stack ends the wait unmatched with a warning, on every route that waits.
 */
class DeepPatternTests extends EndToEndTest {

	private static final String DEEP = "(.|\\n)*DONE";

	private static final String PRINT = "seq 1 20000; sleep 100";

	@Test
	void startEndsItsWaitUnmatched() {
		TestClient.Response response = this.api.post("/sessions",
				Map.of("cmd", PRINT, "wait_for", DEEP, "yield_time_ms", 3000));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		assertUnmatchedWithWarning(response.json());
	}

	@Test
	void stdinAndOutputEndTheirWaitsUnmatched() {
		String id = id(start(Map.of("cmd", "read x; " + PRINT, "yield_time_ms", 0)));
		TestClient.Response stdin = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "\\n", "wait_for", DEEP, "yield_time_ms", 3000));
		assertThat(stdin.status()).as(stdin.text()).isEqualTo(200);
		assertUnmatchedWithWarning(stdin.json());
		TestClient.Response output = this.api
			.get("/sessions/" + id + "/output?offset=0&wait_ms=3000&wait_for=%28.%7C%5Cn%29*DONE");
		assertThat(output.status()).as(output.text()).isEqualTo(200);
		assertThat(output.json().get("matched").asBoolean()).isFalse();
	}

	private static void assertUnmatchedWithWarning(JsonNode result) {
		assertThat(result.get("matched").asBoolean()).isFalse();
		assertThat(result.get("session").get("warnings").toString()).contains("recursed too deeply");
		assertThat(result.get("session").get("status").asString()).isEqualTo("running");
	}

}
