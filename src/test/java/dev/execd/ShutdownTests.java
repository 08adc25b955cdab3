package dev.execd;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM ends the server within the kill grace plus 5 seconds, whatever its clients are
 * doing: a slow upload, an SSE stream and a long poll in flight, and a session that
 * ignores SIGTERM and needs the whole grace.
 */
class ShutdownTests {

	private static final Duration GRACE = Duration.ofSeconds(2);

	@Test
	void exitsWithinTheGracePlusFiveSecondsWhateverClientsDo(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, "--execd.process.kill-grace=" + GRACE.toMillis() + "ms")) {
			String host = "Host: 127.0.0.1:" + server.port + "\r\n";
			String id = server.api.start(Map.of("cmd", "trap '' TERM; sleep 1000", "yield_time_ms", 300))
				.get("session")
				.get("session_id")
				.asString();
			Socket stream = server.openRequest("GET /sessions/" + id + "/stream HTTP/1.1\r\n" + host + "\r\n");
			CompletableFuture
				.runAsync(() -> server.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 200_000)));
			Socket upload = server.openRequest("POST /sessions HTTP/1.1\r\n" + host
					+ "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{");
			Thread uploader = Thread.ofVirtual().start(() -> trickle(upload));
			// The upload is being read and the long poll waits.
			Thread.sleep(1500);
			Duration took = server.terminate(Duration.ofSeconds(60));
			uploader.interrupt();
			stream.close();
			assertThat(took).isLessThan(GRACE.plusSeconds(5));
			assertThat(server.output()).doesNotContain("Exception");
		}
	}

	private static void trickle(Socket upload) {
		try (upload) {
			while (!Thread.currentThread().isInterrupted()) {
				ChildServer.send(upload, " ");
				Thread.sleep(500);
			}
		}
		catch (IOException | InterruptedException ex) {
			// the server closed it, or the test is over
		}
	}

}
