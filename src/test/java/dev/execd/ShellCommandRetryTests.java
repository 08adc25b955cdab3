package dev.execd;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A command retried with its {@code request_id} is answered, not run again, with 200 as a
 * start's retry is; commands without one each run.
 */
class ShellCommandRetryTests extends EndToEndTest {

	@Test
	void aRetryWithTheSameRequestIdRunsNothing() {
		String id = id(start(Map.of("shell", true, "yield_time_ms", 0)));
		JsonNode first = post(id, Map.of("cmd", "n=$((n+1))", "request_id", "r-1"));
		JsonNode retry = post(id, Map.of("cmd", "n=$((n+1))", "request_id", "r-1"), 200);
		assertThat(retry.get("command_id").asString()).isEqualTo(first.get("command_id").asString());
		post(id, Map.of("cmd", "true"));
		post(id, Map.of("cmd", "true"));
		assertThat(post(id, Map.of("cmd", "echo $n")).get("output").asString()).isEqualTo("1\n");
		JsonNode late = post(id, Map.of("cmd", "echo other", "request_id", "r-1"), 200);
		assertThat(late.get("command_id").asString()).isEqualTo(first.get("command_id").asString());
		assertThat(post(id, Map.of("cmd", "echo $n", "request_id", "r-2")).get("output").asString()).isEqualTo("1\n");
	}

	private JsonNode post(String id, Map<String, ?> body) {
		return post(id, body, 201);
	}

	private JsonNode post(String id, Map<String, ?> body, int status) {
		Map<String, Object> full = new HashMap<>(body);
		full.put("yield_time_ms", 20000);
		TestClient.Response response = this.api.post("/sessions/" + id + "/commands", full);
		assertThat(response.status()).as(response.text()).isEqualTo(status);
		return response.json();
	}

}
