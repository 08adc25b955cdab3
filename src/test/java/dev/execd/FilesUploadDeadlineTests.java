package dev.execd;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request read deadline (10 s) and file uploads: an upload that keeps a steady pace
 * may take longer; one that trickles is cut like any slow request.
 */
@OwnServer
class FilesUploadDeadlineTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-deadline");

	private static final int CHUNK = 128 * 1024;

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@Test
	void aSteadyUploadOutlivesTheDeadlineAndATrickleDoesNot() throws Exception {
		// 13 chunks, one a second: 128 KiB/s, twice the minimum pace, for 13 s.
		CompletableFuture<String> steady = CompletableFuture.supplyAsync(() -> upload("steady.bin", 13, CHUNK, 1000));
		// 100 bytes a second: cut after the deadline.
		CompletableFuture<String> trickle = CompletableFuture.supplyAsync(() -> upload("trickle.bin", 30, 100, 1000));
		assertThat(steady.get(60, TimeUnit.SECONDS)).startsWith("HTTP/1.1 201");
		assertThat(trickle.get(60, TimeUnit.SECONDS)).isEqualTo("closed");
		assertThat(ROOT.resolve("steady.bin")).hasSize(13L * CHUNK);
		assertThat(ROOT.resolve("trickle.bin")).doesNotExist();
	}

	/**
	 * Sends {@code chunks} chunks of {@code size} bytes, one every {@code pauseMillis}.
	 */
	private String upload(String name, int chunks, int size, long pauseMillis) {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write(("PUT /files?path=" + name + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
					+ ((long) chunks * size) + "\r\nContent-Type: application/octet-stream\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			byte[] chunk = new byte[size];
			InputStream in = socket.getInputStream();
			try {
				for (int i = 0; i < chunks; i++) {
					out.write(chunk);
					out.flush();
					// The pause is a read with a timeout: a closed connection shows at
					// once.
					socket.setSoTimeout((int) pauseMillis);
					try {
						int first = in.read();
						return (first < 0) ? "closed"
								: (char) first + new String(in.readNBytes(11), StandardCharsets.US_ASCII);
					}
					catch (SocketTimeoutException ex) {
						// Still open: go on.
					}
				}
			}
			catch (IOException ex) {
				return "closed";
			}
			socket.setSoTimeout(30_000);
			byte[] head = in.readNBytes(12);
			return (head.length == 0) ? "closed" : new String(head, StandardCharsets.US_ASCII);
		}
		catch (IOException ex) {
			return "closed";
		}
	}

}
