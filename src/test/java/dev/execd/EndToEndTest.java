package dev.execd;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Base of the end-to-end tests: the whole application on a random port, real HTTP, real
 * processes, its own log directory, and a fresh conversation per test so tests never see
 * each other's sessions.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
		// Each context gets a directory of its own: one server per directory.
		"execd.output.dir=${java.io.tmpdir}/execd-test-${random.uuid}", "execd.process.kill-grace=1s" })
public abstract class EndToEndTest {

	@LocalServerPort
	int port;

	protected TestClient api;

	@BeforeEach
	void newConversation() {
		this.api = new TestClient(this.port).inConversation("test-" + UUID.randomUUID());
	}

	@AfterEach
	void removeSessions() {
		this.api.delete("/sessions");
	}

	protected JsonNode start(Map<String, ?> body) {
		return this.api.start(body);
	}

	protected static String id(JsonNode result) {
		return result.get("session").get("session_id").asString();
	}

	/** Polls until the session has exited; fails after 20 s. */
	protected JsonNode pollUntilExited(String id) {
		long deadline = System.nanoTime() + 20_000_000_000L;
		StringBuilder output = new StringBuilder();
		while (System.nanoTime() < deadline) {
			JsonNode result = this.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 2000)).json();
			output.append(result.get("output").asString());
			if ("exited".equals(result.get("session").get("status").asString())) {
				return result;
			}
		}
		throw new AssertionError("session " + id + " did not exit; output so far: " + output);
	}

}
