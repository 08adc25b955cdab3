package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Removing a terminal session reports the same signal every time: the hang-up gets a
 * moment alone before SIGTERM follows.
 */
class PtyTerminationTests extends EndToEndTest {

	@Test
	void pythonOnATerminalEndsByTheHangUpEveryTime() {
		// Python's readline prompt catches SIGHUP, restores the terminal and re-raises
		// it; a SIGTERM right behind the hang-up often won that race (143).
		for (int i = 0; i < 20; i++) {
			JsonNode started = start(
					Map.of("cmd", "python3 -q", "tty", true, "wait_for", ">>> ", "yield_time_ms", 10000));
			assertThat(started.get("matched").asBoolean()).isTrue();
			JsonNode ended = this.api.delete("/sessions/" + id(started)).json();
			assertThat(ended.get("signal").asString()).as("run %d", i).isEqualTo("SIGHUP");
			assertThat(ended.get("exit_code").asInt()).as("run %d", i).isEqualTo(129);
		}
	}

}
