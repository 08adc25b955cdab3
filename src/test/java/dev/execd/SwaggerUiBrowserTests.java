package dev.execd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Swagger UI in a real headless Chromium: the page loads, runs its scripts, fetches the
 * contract and lists the operations. Skipped, saying so, where no Chromium is installed
 * (CI installs it).
 */
class SwaggerUiBrowserTests extends EndToEndTest {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	@Test
	void swaggerUiListsTheOperations(@TempDir Path profile) throws Exception {
		Assumptions.assumeTrue(Files.isExecutable(CHROMIUM),
				"Skipping the Swagger UI browser check: no Chromium at " + CHROMIUM + " (apt-get install chromium)");
		Process chromium = new ProcessBuilder(
				List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
						// Containers often have a 64 MB /dev/shm, too small for Chromium.
						"--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
						"--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
						"--virtual-time-budget=15000", "--dump-dom",
						"http://localhost:" + this.port + "/swagger-ui/index.html"))
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.redirectOutput(profile.resolve("dom.html").toFile())
			.start();
		// A file rather than the pipe, so a hung browser fails the test instead of
		// blocking the suite.
		boolean exited = chromium.waitFor(90, TimeUnit.SECONDS);
		if (!exited) {
			chromium.descendants().forEach(ProcessHandle::destroyForcibly);
			chromium.destroyForcibly();
		}
		assertThat(exited).as("Chromium exited within 90 s").isTrue();
		String dom = Files.readString(profile.resolve("dom.html"), StandardCharsets.UTF_8);
		assertThat(dom).contains("swagger-ui")
			.contains("opblock")
			.contains("/sessions/{id}/stdin")
			.contains("/sessions/{id}/stream")
			.contains("/events")
			.contains("authorize");
	}

}
