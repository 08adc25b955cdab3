package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A command line the kernel would refuse (one string over MAX_ARG_STRLEN, 128 KiB) is 400
 * {@code command_too_long} on pipes and terminals alike, not "not found".
 */
class SpawnErrorTests extends EndToEndTest {

	private static final String LONG = "x".repeat(200 * 1024);

	@Test
	void refusesAnOversizedCommandAsTooLong() {
		assertTooLong(Map.of("cmd", "echo " + LONG));
		assertTooLong(Map.of("cmd", "echo " + LONG, "tty", true));
		assertTooLong(Map.of("argv", List.of("echo", LONG)));
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isZero();
		assertThat(start(Map.of("cmd", "echo fine", "yield_time_ms", 10000)).get("output").asString())
			.isEqualTo("fine\n");
	}

	@Test
	void takesALongCommandBelowTheLimit() {
		String almost = "y".repeat(120 * 1024);
		assertThat(start(Map.of("cmd", "printf %s " + almost + " | wc -c", "yield_time_ms", 10000)).get("output")
			.asString()
			.strip()).isEqualTo(Integer.toString(almost.length()));
	}

	private void assertTooLong(Map<String, ?> body) {
		TestClient.Response response = this.api.post("/sessions", body);
		assertThat(response.status()).as(response.text()).isEqualTo(400);
		assertThat(response.header("Content-Type")).startsWith("application/problem+json");
		assertThat(response.json().get("code").asString()).as(response.text()).isEqualTo("command_too_long");
	}

}
