package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the end-to-end tests: the whole application on a random port, real HTTP, real
 * processes, its own log directory, and a fresh conversation per test so tests never see
 * each other's sessions.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class EndToEndTest {

	/** One directory for the cached context; a @TempDir would vanish under it. */
	static final Path LOG_DIR = createLogDir();

	@LocalServerPort
	int port;

	protected TestClient api;

	@DynamicPropertySource
	static void logDir(DynamicPropertyRegistry registry) {
		registry.add("execd.output.dir", LOG_DIR::toString);
		registry.add("execd.process.kill-grace", () -> "1s");
	}

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

	private static Path createLogDir() {
		try {
			return Files.createTempDirectory("execd-test-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
