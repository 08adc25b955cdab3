package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Expect: 100-continue}: a request refused before its body is read gets its final
 * answer without a {@code 100 Continue} first, so the client never sends the body; an
 * accepted one gets {@code 100} and then its answer.
 */
@TestPropertySource(properties = "execd.security.tokens=ci:continue-secret")
class FilesExpectContinueTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-continue");

	private static final String AUTH = "Authorization: Bearer continue-secret";

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
		registry.add("execd.files.max-upload-size", () -> "1MB");
	}

	@Test
	void aRefusedUploadGetsNo100Continue() throws Exception {
		Files.createDirectories(ROOT.resolve("adir"));
		// Over the declared-size cap, no token, a missing directory, a directory, a
		// version that is not there.
		assertThat(firstHead("PUT /files?path=big.bin", 2 * 1024 * 1024, AUTH)).startsWith("HTTP/1.1 413 ");
		assertThat(firstHead("PUT /files?path=x.txt", 5)).startsWith("HTTP/1.1 401 ");
		assertThat(firstHead("PUT /files?path=missing/x.txt", 5, AUTH)).startsWith("HTTP/1.1 404 ");
		assertThat(firstHead("PUT /files?path=adir", 5, AUTH)).startsWith("HTTP/1.1 409 ");
		assertThat(firstHead("PUT /files?path=x.txt", 5, AUTH, "If-Match: \"nope\"")).startsWith("HTTP/1.1 412 ");
		assertThat(ROOT.resolve("x.txt")).doesNotExist();
	}

	@Test
	void anAcceptedUploadGets100ThenItsAnswer() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			sendHead(socket, "PUT /files?path=ok.txt", 5, AUTH);
			InputStream in = socket.getInputStream();
			assertThat(head(in)).startsWith("HTTP/1.1 100 ");
			socket.getOutputStream().write("hello".getBytes(StandardCharsets.US_ASCII));
			assertThat(head(in)).startsWith("HTTP/1.1 201 ");
		}
		assertThat(ROOT.resolve("ok.txt")).hasContent("hello");
	}

	/**
	 * Sends a request's head only, as a client waiting for 100 does; its first answer.
	 */
	private String firstHead(String requestLine, long length, String... headers) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			sendHead(socket, requestLine, length, headers);
			return head(socket.getInputStream());
		}
	}

	private static void sendHead(Socket socket, String requestLine, long length, String... headers) throws IOException {
		StringBuilder request = new StringBuilder(requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
		for (String header : headers) {
			request.append(header).append("\r\n");
		}
		request.append("Content-Type: application/octet-stream\r\nExpect: 100-continue\r\nContent-Length: ")
			.append(length)
			.append("\r\n\r\n");
		socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
		socket.getOutputStream().flush();
	}

	/** One response head, up to its blank line. */
	private static String head(InputStream in) throws IOException {
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		while (true) {
			int b = in.read();
			if (b < 0) {
				break;
			}
			head.write(b);
			byte[] bytes = head.toByteArray();
			int n = bytes.length;
			if (n >= 4 && bytes[n - 4] == '\r' && bytes[n - 3] == '\n' && bytes[n - 2] == '\r'
					&& bytes[n - 1] == '\n') {
				break;
			}
		}
		return head.toString(StandardCharsets.US_ASCII);
	}

}
