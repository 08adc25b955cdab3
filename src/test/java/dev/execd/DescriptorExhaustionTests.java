package dev.execd;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A server out of file descriptors ({@code ulimit -n 256}) refuses a start with 503
 * {@code resources_exhausted} and {@code Retry-After}, logs the errno, and starts again
 * once sessions are removed.
 */
class DescriptorExhaustionTests {

	private Process server;

	@AfterEach
	void stop() throws Exception {
		if (this.server != null) {
			List<ProcessHandle> processes = new java.util.ArrayList<>(this.server.descendants().toList());
			processes.add(this.server.toHandle());
			processes.forEach(ProcessHandle::destroy);
			for (ProcessHandle process : processes) {
				try {
					process.onExit().get(30, TimeUnit.SECONDS);
				}
				catch (Exception ex) {
					process.destroyForcibly();
				}
			}
		}
	}

	@Test
	void answers503WithRetryAfterAndRecovers(@TempDir Path dir) throws Exception {
		int port = freePort();
		String java = ProcessHandle.current().info().command().orElseThrow();
		Path log = dir.resolve("server.out");
		this.server = new ProcessBuilder("bash", "-c", "ulimit -n 256; exec \"$@\"", "bash", java,
				"--enable-native-access=ALL-UNNAMED", "-Dpty4j.tmpdir=" + dir, "-cp",
				System.getProperty("java.class.path"), ExecdApplication.class.getName(), "--server.port=" + port,
				"--execd.output.dir=" + dir.resolve("logs"), "--execd.limits.max-sessions-per-conversation=1000",
				"--execd.limits.warn-sessions-per-conversation=1000")
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		TestClient api = new TestClient(port);
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(200))
			.ignoreExceptions()
			.until(() -> api.get("/sessions").status() == 200);
		TestClient.Response refused = null;
		for (int i = 0; i < 250 && refused == null; i++) {
			TestClient.Response response = api.post("/sessions", Map.of("cmd", "sleep 1000", "yield_time_ms", 0));
			if (response.status() != 201) {
				refused = response;
			}
		}
		assertThat(refused).as("a start is refused before 250 sessions").isNotNull();
		assertThat(refused.status()).as(refused.text()).isEqualTo(503);
		assertThat(refused.header("Retry-After")).isEqualTo("5");
		assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
		assertThat(refused.json().get("code").asString()).isEqualTo("resources_exhausted");
		assertThat(Files.readString(log)).contains("errno 24");
		assertThat(api.delete("/sessions").status()).isEqualTo(200);
		TestClient.Response again = api.post("/sessions", Map.of("cmd", "echo again", "yield_time_ms", 10000));
		assertThat(again.status()).as(again.text()).isEqualTo(201);
		assertThat(again.json().get("output").asString()).isEqualTo("again\n");
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
