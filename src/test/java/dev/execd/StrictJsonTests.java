package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JSON scalar of the wrong type is 400 {@code invalid_request}, never coerced.
 */
class StrictJsonTests extends EndToEndTest {

	@Test
	void refusesScalarsOfTheWrongTypeInAStart() {
		assertRefused("{\"cmd\": 5}", "cmd");
		assertRefused("{\"cmd\": true}", "cmd");
		assertRefused("{\"cmd\": 1.5}", "cmd");
		assertRefused("{\"cmd\": \"true\", \"tty\": 2}", "tty");
		assertRefused("{\"cmd\": \"true\", \"tty\": \"true\"}", "tty");
		assertRefused("{\"cmd\": \"true\", \"yield_time_ms\": 1.5}", "yield_time_ms");
		assertRefused("{\"cmd\": \"true\", \"yield_time_ms\": \"100\"}", "yield_time_ms");
		assertRefused("{\"cmd\": \"true\", \"yield_time_ms\": false}", "yield_time_ms");
		assertRefused("{\"cmd\": \"true\", \"env\": {\"A\": 1}}", "A");
		assertRefused("{\"argv\": [\"echo\", 1]}", "argv");
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isZero();
	}

	@Test
	void refusesAKeyGivenTwice() {
		assertRefused("{\"cmd\": \"echo first\", \"cmd\": \"echo second\"}", "duplicate field 'cmd'");
		assertRefused("{\"cmd\": \"true\", \"tty\": false, \"tty\": true}", "duplicate field 'tty'");
		assertRefused("{\"cmd\": \"true\", \"env\": {\"A\": \"1\", \"A\": \"2\"}}", "duplicate field 'A'");
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isZero();
		String id = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
		TestClient.Response response = this.api.send("POST", "/sessions/" + id + "/stdin", "application/json",
				"{\"chars\": \"a\", \"chars\": \"b\"}");
		assertThat(response.status()).as(response.text()).isEqualTo(400);
		assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
	}

	@Test
	void refusesScalarsOfTheWrongTypeInStdin() {
		String id = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
		TestClient.Response response = this.api.send("POST", "/sessions/" + id + "/stdin", "application/json",
				"{\"chars\": 7}");
		assertThat(response.status()).as(response.text()).isEqualTo(400);
		assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
		response = this.api.send("POST", "/sessions/" + id + "/stdin", "application/json", "{\"eof\": 1}");
		assertThat(response.status()).as(response.text()).isEqualTo(400);
	}

	@Test
	void takesScalarsOfTheRightType() {
		TestClient.Response response = this.api.send("POST", "/sessions", "application/json",
				"{\"cmd\": \"echo ok\", \"tty\": false, \"yield_time_ms\": 10000, \"env\": {\"A\": \"1\"}}");
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		assertThat(start(Map.of("argv", List.of("echo", "ok"), "yield_time_ms", 10000)).get("output").asString())
			.isEqualTo("ok\n");
	}

	private void assertRefused(String body, String field) {
		TestClient.Response response = this.api.send("POST", "/sessions", "application/json", body);
		assertThat(response.status()).as(body + " " + response.text()).isEqualTo(400);
		assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
		assertThat(response.json().get("detail").asString()).as(body).contains(field);
	}

}
