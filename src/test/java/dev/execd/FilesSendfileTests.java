package dev.execd;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Downloads handed to the web server's sendfile: the bytes of the file that was opened
 * (also when its name is replaced meanwhile), ranges, and every descriptor execd opened
 * for them closed afterwards, and a file that shrinks while it is sent ends the
 * connection short of the length promised, as the copying path does
 * ({@link FilesCopyTests}).
 */
class FilesSendfileTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-sendfile");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@Test
	void downloadsAreExactAndLeaveNoDescriptorOpen() throws Exception {
		Path file = ROOT.resolve("sent-" + this.api.conversation() + ".bin");
		byte[] bytes = new byte[5 * 1024 * 1024 + 3];
		new Random(5).nextBytes(bytes);
		Files.write(file, bytes);
		HttpClient http = HttpClient.newHttpClient();
		URI uri = URI.create("http://127.0.0.1:" + this.port + "/files?path=" + file.getFileName());
		for (int i = 0; i < 20; i++) {
			HttpResponse<byte[]> whole = http.send(HttpRequest.newBuilder(uri).build(),
					HttpResponse.BodyHandlers.ofByteArray());
			assertThat(whole.statusCode()).isEqualTo(200);
			assertThat(whole.body()).isEqualTo(bytes);
		}
		HttpResponse<byte[]> range = http.send(HttpRequest.newBuilder(uri).header("Range", "bytes=1000-1999").build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(range.statusCode()).isEqualTo(206);
		assertThat(range.body()).isEqualTo(Arrays.copyOfRange(bytes, 1000, 2000));
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(openDescriptorsOf(file)).isZero());
	}

	@Test
	void aHeadRequestAnswersItsHeadOnly() throws Exception {
		Path file = ROOT.resolve("head-" + this.api.conversation() + ".bin");
		Files.write(file, new byte[300_000]);
		TestClient.RawAnswer answer = this.api.head("/files?path=" + file.getFileName());
		assertThat(answer.head()).startsWith("HTTP/1.1 200").contains("Content-Length: 300000");
		assertThat(answer.bytesAfterHead()).isZero();
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(openDescriptorsOf(file)).isZero());
	}

	@Test
	void aFileReplacedWhileItIsSentIsSentAsItWasOpened() throws Exception {
		Path file = ROOT.resolve("replaced-" + this.api.conversation() + ".bin");
		byte[] first = new byte[64 * 1024 * 1024];
		Arrays.fill(first, (byte) 'a');
		Files.write(file, first);
		HttpClient http = HttpClient.newHttpClient();
		URI uri = URI.create("http://127.0.0.1:" + this.port + "/files?path=" + file.getFileName());
		HttpResponse<java.io.InputStream> response = http.send(HttpRequest.newBuilder(uri).build(),
				HttpResponse.BodyHandlers.ofInputStream());
		// The name now holds other bytes; the response goes on with the file it opened.
		Path other = ROOT.resolve("other-" + this.api.conversation() + ".bin");
		byte[] second = new byte[64 * 1024 * 1024];
		Arrays.fill(second, (byte) 'b');
		Files.write(other, second);
		Files.move(other, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
				java.nio.file.StandardCopyOption.ATOMIC_MOVE);
		byte[] received;
		try (java.io.InputStream in = response.body()) {
			received = in.readAllBytes();
		}
		assertThat(received).hasSize(first.length);
		assertThat(received).containsOnly((byte) 'a');
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aFileThatShrinksWhileItIsSentCutsTheConnectionShortOfItsLength(CapturedOutput output) throws Exception {
		Path file = ROOT.resolve("shrinking-" + this.api.conversation() + ".bin");
		long size = 256L * 1024 * 1024;
		long received = FilesFixtures.downloadWhileTruncating(this.port, file, size);
		assertThat(received).as("the transfer ends short of the length promised").isLessThan(size);
		// The copying path warns before it cuts the connection: no warning, so the web
		// server's sendfile sent this one and cut it itself.
		assertThat(output.getOut()).doesNotContain("File '" + file.getFileName() + "' shrank");
		assertThat(this.api.get("/files/stat?path=" + file.getFileName()).status()).as("the server still answers")
			.isEqualTo(200);
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(openDescriptorsOf(file)).isZero());
	}

	/** Descriptors of this JVM (the server's) open on the file. */
	private static long openDescriptorsOf(Path file) throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.filter((fd) -> {
				try {
					return Files.readSymbolicLink(fd).equals(file);
				}
				catch (IOException ex) {
					return false;
				}
			}).count();
		}
	}

}
