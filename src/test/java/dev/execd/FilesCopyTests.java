package dev.execd;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Downloads execd copies itself, as it does on pooled threads where Tomcat's sendfile is
 * not offered: a file that shrinks while it is sent.
 */
@ExtendWith(OutputCaptureExtension.class)
class FilesCopyTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-copy");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
		registry.add("spring.threads.virtual.enabled", () -> "false");
	}

	@Test
	void aFileThatShrinksWhileItIsSentEndsTheConnectionWithOneWarning(CapturedOutput output) throws Exception {
		Path file = ROOT.resolve("shrinking.bin");
		long size = 256L * 1024 * 1024;
		try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
			sparse.setLength(size);
		}
		long received;
		try (Socket socket = new Socket()) {
			// A small window: the server blocks on a full socket far from the file's end.
			socket.setReceiveBufferSize(64 * 1024);
			socket.connect(new InetSocketAddress("127.0.0.1", this.port));
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET /files?path=shrinking.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] first = in.readNBytes(64 * 1024);
			String head = new String(first, 0, 512, StandardCharsets.ISO_8859_1);
			assertThat(head).startsWith("HTTP/1.1 200").contains("Content-Length: " + size);
			try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
				channel.truncate(0);
			}
			received = first.length + in.readAllBytes().length;
		}
		assertThat(received).as("the transfer fails short of the length promised").isLessThan(size);
		assertThat(this.api.get("/files/stat?path=shrinking.bin").status()).as("the server still answers")
			.isEqualTo(200);
		await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains("shrank"));
		// One warning line, no error and no stack trace: the only line naming the cause
		// is the warning (other servers' tests may log beside this one).
		assertThat(output.getOut()).doesNotContain("No converter");
		assertThat(output.getOut().lines().filter((line) -> line.contains("shrank"))).singleElement()
			.matches((line) -> line.contains(" WARN ") && line.contains("File 'shrinking.bin' shrank"));
	}

}
