package dev.execd;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code EXECD_TOKENS}, the variable the contract names, configures tokens as
 * {@code EXECD_SECURITY_TOKENS} does: a loopback server given only it does not run open.
 * It takes a server process of its own, since the environment is the process's.
 */
class TokensFromEnvironmentTests {

	private Process server;

	@AfterEach
	void stop() throws InterruptedException {
		if (this.server != null) {
			this.server.destroy();
			if (!this.server.waitFor(30, TimeUnit.SECONDS)) {
				this.server.destroyForcibly().waitFor();
			}
		}
	}

	@Test
	void execdTokensAloneRequiresTheToken(@TempDir Path dir) throws Exception {
		int port = freePort();
		String java = ProcessHandle.current().info().command().orElseThrow();
		ProcessBuilder builder = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Dpty4j.tmpdir=" + dir,
				"-cp", System.getProperty("java.class.path"), ExecdApplication.class.getName(), "--server.port=" + port,
				"--execd.output.dir=" + dir.resolve("logs"))
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("server.out").toFile());
		builder.environment().keySet().removeIf((name) -> name.startsWith("EXECD_"));
		builder.environment().put("EXECD_TOKENS", "ci:env-secret-1");
		this.server = builder.start();
		TestClient anonymous = new TestClient(port);
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(200))
			.ignoreExceptions()
			.until(() -> anonymous.get("/actuator/health").status() == 200);
		TestClient.Response refused = anonymous.get("/sessions");
		assertThat(refused.status()).isEqualTo(401);
		assertThat(refused.json().get("code").asString()).isEqualTo("unauthorized");
		assertThat(anonymous.withHeader("Authorization", "Bearer env-secret-1").get("/sessions").status())
			.isEqualTo(200);
		assertThat(Files.readString(dir.resolve("server.out"))).doesNotContain("env-secret-1")
			.doesNotContain("Tokens were given on the command line");
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
