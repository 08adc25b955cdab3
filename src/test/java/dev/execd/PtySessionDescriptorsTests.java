package dev.execd;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a terminal session holds open in the server: its log, the pidfd its exit comes
 * through and the terminal's master, read and written through one descriptor.
 */
class PtySessionDescriptorsTests extends EndToEndTest {

	@Test
	void aTerminalSessionTypedIntoHoldsThreeDescriptors() {
		// The first session opens what every later one shares (pollers, connection).
		typeInto(id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 100))));
		int before = openFiles();
		int sessions = 4;
		for (int i = 0; i < sessions; i++) {
			typeInto(id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 100))));
		}
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(openFiles() - before).isEqualTo(3 * sessions));
	}

	private void typeInto(String id) {
		TestClient.Response typed = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "typed\n", "wait_for", "typed\\r\\n.*typed", "yield_time_ms", 10000));
		assertThat(typed.json().get("matched").asBoolean()).as(typed.text()).isTrue();
	}

	private static int openFiles() {
		return new File("/proc/self/fd").list().length;
	}

}
