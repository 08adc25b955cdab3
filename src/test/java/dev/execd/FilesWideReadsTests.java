package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A large upload widens its own connection's reads past its first 8 MiB, and that
 * connection then closes with the answer: the bytes arrive whole on either side of the
 * switch, with a length or chunked, through {@code PUT} and multipart; smaller uploads
 * and other requests keep their connection.
 */
class FilesWideReadsTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-wide");

	private static final int LARGE = 20 * 1024 * 1024 + 12345;

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@Test
	void aLargeUploadArrivesWholeAndItsConnectionClosesAfterTheAnswer() throws Exception {
		byte[] bytes = random(LARGE, 1);
		String name = "large-" + this.api.conversation() + ".bin";
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			send(socket, "PUT /files?path=" + name, "Content-Length: " + bytes.length, bytes);
			Answer answer = Answer.read(socket);
			assertThat(answer.status).as(answer.head).isEqualTo(201);
			assertThat(answer.header("connection")).isEqualTo("close");
			assertThat(closed(socket)).isTrue();
		}
		assertThat(Files.readAllBytes(ROOT.resolve(name))).isEqualTo(bytes);
		// The next connection reads and answers as before.
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			for (int i = 0; i < 3; i++) {
				send(socket, "GET /files/stat?path=" + name, null, null);
				Answer stat = Answer.read(socket);
				assertThat(stat.status).as(stat.head).isEqualTo(200);
				assertThat(stat.body).contains("\"size\":" + LARGE);
			}
		}
	}

	@Test
	void aChunkedUploadWidensOnceItIsLarge() throws Exception {
		byte[] bytes = random(LARGE, 2);
		String name = "chunked-" + this.api.conversation() + ".bin";
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		for (int at = 0; at < bytes.length; at += 100_003) {
			int n = Math.min(100_003, bytes.length - at);
			body.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
			body.write(bytes, at, n);
			body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
		}
		body.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			send(socket, "PUT /files?path=" + name, "Transfer-Encoding: chunked", body.toByteArray());
			Answer answer = Answer.read(socket);
			assertThat(answer.status).as(answer.head).isEqualTo(201);
			assertThat(answer.header("connection")).isEqualTo("close");
			assertThat(closed(socket)).isTrue();
		}
		assertThat(Files.readAllBytes(ROOT.resolve(name))).isEqualTo(bytes);
	}

	@Test
	void aLargeMultipartUploadArrivesWhole() throws Exception {
		byte[] bytes = random(LARGE, 3);
		String dir = "multi-" + this.api.conversation();
		String boundary = "wide-reads-boundary";
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		body.writeBytes(
				("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
		body.writeBytes(bytes);
		body.writeBytes(("\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.txt\""
				+ "\r\n\r\nafter the switch\r\n--" + boundary + "--\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			send(socket, "POST /files?mkdirs=true&path=" + dir,
					"Content-Type: multipart/form-data; boundary=" + boundary + "\r\nContent-Length: " + body.size(),
					body.toByteArray());
			Answer answer = Answer.read(socket);
			assertThat(answer.status).as(answer.head + answer.body).isEqualTo(201);
			assertThat(answer.header("connection")).isEqualTo("close");
		}
		assertThat(Files.readAllBytes(ROOT.resolve(dir + "/a.bin"))).isEqualTo(bytes);
		assertThat(Files.readString(ROOT.resolve(dir + "/b.txt"))).isEqualTo("after the switch");
	}

	@Test
	void aSmallUploadKeepsItsConnection() throws Exception {
		byte[] bytes = random(7 * 1024 * 1024, 4);
		String name = "small-" + this.api.conversation() + ".bin";
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			for (int i = 0; i < 2; i++) {
				send(socket, "PUT /files?path=" + name, "Content-Length: " + bytes.length, bytes);
				Answer answer = Answer.read(socket);
				assertThat(answer.status).as(answer.head).isIn(200, 201);
				assertThat(answer.header("connection")).isNull();
			}
			assertThat(closed(socket)).isFalse();
		}
		assertThat(Files.readAllBytes(ROOT.resolve(name))).isEqualTo(bytes);
	}

	private static byte[] random(int size, long seed) {
		byte[] bytes = new byte[size];
		new Random(seed).nextBytes(bytes);
		return bytes;
	}

	private static void send(Socket socket, String requestLine, String headers, byte[] body) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + ((headers != null) ? headers + "\r\n" : "")
				+ "\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		if (body != null) {
			out.write(body);
		}
		out.flush();
	}

	/** Whether the server closes the connection within 3 s (true) or keeps it (false). */
	private static boolean closed(Socket socket) throws IOException {
		socket.setSoTimeout(3000);
		try {
			return socket.getInputStream().read() < 0;
		}
		catch (SocketTimeoutException ex) {
			return false;
		}
		catch (IOException ex) {
			return true;
		}
	}

	/** One answer read off the socket: its head and its body of a given length. */
	private record Answer(int status, String head, String body) {

		static Answer read(Socket socket) throws IOException {
			socket.setSoTimeout(30_000);
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream head = new ByteArrayOutputStream();
			while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
				int b = in.read();
				if (b < 0) {
					throw new IOException("closed in the head: " + head);
				}
				head.write(b);
			}
			String text = head.toString(StandardCharsets.ISO_8859_1);
			if (text.startsWith("HTTP/1.1 100")) {
				return read(socket);
			}
			Answer partial = new Answer(Integer.parseInt(text.substring(9, 12)), text, "");
			String length = partial.header("content-length");
			String body;
			if (length != null) {
				body = new String(in.readNBytes(Integer.parseInt(length)), StandardCharsets.UTF_8);
			}
			else if ("chunked".equalsIgnoreCase(partial.header("transfer-encoding"))) {
				body = chunked(in);
			}
			else {
				// Neither: the body ends where the connection does.
				body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			}
			return new Answer(partial.status, text, body);
		}

		private static String chunked(InputStream in) throws IOException {
			ByteArrayOutputStream body = new ByteArrayOutputStream();
			while (true) {
				StringBuilder line = new StringBuilder();
				for (int b = in.read(); b != '\n'; b = in.read()) {
					if (b < 0) {
						throw new IOException("closed in a chunk");
					}
					line.append((char) b);
				}
				int size = Integer.parseInt(line.toString().trim(), 16);
				if (size == 0) {
					in.readNBytes(2);
					return body.toString(StandardCharsets.UTF_8);
				}
				body.writeBytes(in.readNBytes(size));
				in.readNBytes(2);
			}
		}

		String header(String name) {
			for (String line : this.head.split("\r\n")) {
				int colon = line.indexOf(':');
				if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name)) {
					return line.substring(colon + 1).trim();
				}
			}
			return null;
		}

	}

}
