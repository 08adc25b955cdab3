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
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Log downloads of 64 KiB and more go out through the web server's sendfile from the log
 * file opened when the request arrived: exact bytes whole, by {@code Range} and by
 * {@code offset}, no descriptor of execd's left open afterwards, and a download begun
 * before its session is removed ends whole.
 */
class LogSendfileTests extends EndToEndTest {

	@TempDir
	static Path dir;

	@Test
	void largeLogsAreExactWholeByRangeAndByOffsetAndLeaveNoDescriptorOpen() throws Exception {
		byte[] bytes = new byte[5 * 1024 * 1024 + 3];
		new Random(11).nextBytes(bytes);
		String id = finished(bytes, "random.bin");
		long before = LogIdleCloseTests.descriptors(id);
		for (int i = 0; i < 20; i++) {
			TestClient.Response whole = this.api.get("/sessions/" + id + "/log");
			assertThat(whole.status()).isEqualTo(200);
			assertThat(whole.header("Content-Length")).isEqualTo(Integer.toString(bytes.length));
			assertThat(whole.header("Content-Type")).isEqualTo("application/octet-stream");
			assertThat(whole.header("Content-Disposition")).isEqualTo("attachment; filename=\"" + id + ".log\"");
			assertThat(whole.body()).isEqualTo(bytes);
		}
		TestClient.Response range = this.api.get("/sessions/" + id + "/log", "Range", "bytes=1000-199999");
		assertThat(range.status()).isEqualTo(206);
		assertThat(range.header("Content-Range")).isEqualTo("bytes 1000-199999/" + bytes.length);
		assertThat(range.body()).isEqualTo(Arrays.copyOfRange(bytes, 1000, 200000));
		TestClient.Response tail = this.api.get("/sessions/" + id + "/log", "Range", "bytes=-70000");
		assertThat(tail.status()).isEqualTo(206);
		assertThat(tail.body()).isEqualTo(Arrays.copyOfRange(bytes, bytes.length - 70000, bytes.length));
		TestClient.Response slice = this.api.get("/sessions/" + id + "/log?offset=100000&length=300000");
		assertThat(slice.status()).isEqualTo(200);
		assertThat(slice.body()).isEqualTo(Arrays.copyOfRange(bytes, 100000, 400000));
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(LogIdleCloseTests.descriptors(id)).isLessThanOrEqualTo(before));
	}

	@Test
	void aHeadRequestForALargeLogAnswersItsHeadOnly() throws Exception {
		byte[] bytes = new byte[300_000];
		new Random(12).nextBytes(bytes);
		String id = finished(bytes, "head.bin");
		TestClient.RawAnswer answer = this.api.head("/sessions/" + id + "/log");
		assertThat(answer.head()).startsWith("HTTP/1.1 200").contains("Content-Length: 300000");
		assertThat(answer.bytesAfterHead()).isZero();
		TestClient.RawAnswer range = this.api.head("/sessions/" + id + "/log?offset=1000&length=100000");
		assertThat(range.head()).startsWith("HTTP/1.1 200").contains("Content-Length: 100000");
		assertThat(range.bytesAfterHead()).isZero();
	}

	@Test
	void aDownloadBegunBeforeItsSessionIsRemovedEndsWhole() throws Exception {
		byte[] bytes = new byte[64 * 1024 * 1024];
		for (int i = 0; i < bytes.length; i++) {
			bytes[i] = (byte) ('a' + (i / 4096) % 26);
		}
		String id = finished(bytes, "letters.bin");
		HttpClient http = HttpClient.newHttpClient();
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/sessions/" + id + "/log"))
			.header("X-Conversation-Id", this.api.conversation())
			.build();
		HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
		assertThat(response.statusCode()).isEqualTo(200);
		try (InputStream in = response.body()) {
			byte[] first = in.readNBytes(1024);
			// Most of the log is still to come when the session, and its file, go.
			assertThat(this.api.delete("/sessions/" + id).status()).isLessThan(300);
			assertThat(this.api.get("/sessions/" + id).status()).isEqualTo(404);
			byte[] rest = in.readAllBytes();
			assertThat(first.length + rest.length).isEqualTo(bytes.length);
			assertThat(first).isEqualTo(Arrays.copyOf(bytes, first.length));
			assertThat(rest).isEqualTo(Arrays.copyOfRange(bytes, first.length, bytes.length));
		}
	}

	/** A session that wrote {@code bytes} and exited. */
	private String finished(byte[] bytes, String name) throws IOException {
		Path source = dir.resolve(this.api.conversation() + "-" + name);
		Files.write(source, bytes);
		JsonNode result = start(Map.of("cmd", "cat " + source, "yield_time_ms", 20000, "max_output_bytes", 256));
		String id = id(result);
		assertThat(result.get("session").get("status").asString()).isEqualTo("exited");
		assertThat(result.get("session").get("exit_code").asInt()).isZero();
		return id;
	}

}
