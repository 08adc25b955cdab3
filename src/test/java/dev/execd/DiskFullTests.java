package dev.execd;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.execd.config.EffectiveUid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * A real full disk (a 1 MiB tmpfs, so root only): the session says so, counts what it
 * lost, the server counts the errors, and the log resumes once there is room.
 */
class DiskFullTests {

	@TempDir
	Path tmp;

	private Path mount;

	@AfterEach
	void unmount() throws Exception {
		if (this.mount != null) {
			exec("umount", "-l", this.mount.toString());
		}
	}

	@Test
	void aFullDiskIsReportedCountedAndTheLogResumes() throws Exception {
		assumeThat(EffectiveUid.get()).as("mounting a small tmpfs needs root; CI runs as root").isZero();
		Path dir = Files.createDirectory(this.tmp.resolve("full"));
		assumeThat(exec("mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", dir.toString()))
			.as("mount -t tmpfs (needs CAP_SYS_ADMIN)")
			.isZero();
		this.mount = dir;
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ExecdApplication.class)
			.run("--server.port=0", "--execd.output.dir=" + dir, "--execd.process.kill-grace=500ms")) {
			TestClient api = new TestClient(
					Integer.parseInt(context.getEnvironment().getProperty("local.server.port")));
			String id = api.start(Map.of("cmd", "cat", "yield_time_ms", 0)).get("session").get("session_id").asString();
			Path filler = fill(dir.resolve("filler"));

			JsonNode full = type(api, id, "lost line\n");
			assertThat(full.get("output").asString()).isEmpty();
			JsonNode session = full.get("session");
			assertThat(session.get("lost_bytes").asLong()).isEqualTo(10);
			assertThat(session.get("output_bytes_total").asLong()).isZero();
			assertThat(session.get("log_truncated").asBoolean()).isFalse();
			assertThat(session.get("warnings").toString()).contains("disk_full").contains("lost_bytes");
			assertThat(api.get("/actuator/prometheus").text()).containsPattern("execd_log_write_errors_total [1-9]");

			Files.delete(filler);
			JsonNode resumed = type(api, id, "kept line\n");
			// Read by offset: the write's own response may already have delivered the
			// echo.
			JsonNode read = api.get("/sessions/" + id + "/output?offset=0").json();
			assertThat(read.get("output").asString()).isEqualTo("kept line\n");
			assertThat(read.get("output_offset").asLong()).isZero();
			assertThat(resumed.get("session").get("lost_bytes").asLong()).isEqualTo(10);
			assertThat(resumed.get("session").get("output_bytes_total").asLong()).isEqualTo(10);
			assertThat(api.get("/sessions/" + id + "/log").text()).isEqualTo("kept line\n");
			api.delete("/sessions/" + id);
		}
	}

	/**
	 * Types a line into {@code cat} and waits until its echo was handled, kept or lost.
	 */
	private static JsonNode type(TestClient api, String id, String line) {
		long before = lostAndKept(api.get("/sessions/" + id).json());
		api.post("/sessions/" + id + "/stdin", Map.of("chars", line, "yield_time_ms", 0));
		await().atMost(Duration.ofSeconds(10))
			.until(() -> lostAndKept(api.get("/sessions/" + id).json()) == before + line.length());
		return api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 0)).json();
	}

	private static long lostAndKept(JsonNode session) {
		return session.get("lost_bytes").asLong() + session.get("output_bytes_total").asLong();
	}

	/** Writes until the file system is full. */
	private static Path fill(Path file) throws IOException {
		byte[] block = new byte[4096];
		try (OutputStream out = Files.newOutputStream(file)) {
			while (true) {
				out.write(block);
				out.flush();
			}
		}
		catch (IOException ex) {
			assertThat(ex.getMessage()).contains("No space left on device");
		}
		return file;
	}

	private static int exec(String... command) throws Exception {
		Process process = new ProcessBuilder(command).inheritIO().start();
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		return process.exitValue();
	}

}
