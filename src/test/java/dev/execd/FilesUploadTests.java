package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /files} with {@code multipart/form-data}, and uploads slower than the
 * request read deadline: kept while they average the minimum rate, cut below it.
 */
@OwnServer
class FilesUploadTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-upload");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String BOUNDARY = "x-execd-BOUNDARY-1";

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@Test
	void writesEveryFilePartIntoTheDirectory() throws Exception {
		byte[] big = new byte[5 * 1024 * 1024];
		new Random(3).nextBytes(big);
		String dir = "up-" + this.api.conversation();
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		part(body, "name=\"comment\"", "just a field".getBytes(StandardCharsets.UTF_8));
		part(body, "name=\"file\"; filename=\"big.bin\"", big);
		part(body, "name=\"file\"; filename=\"r\u00e9sum\u00e9.txt\"", "caf\u00e9\n".getBytes(StandardCharsets.UTF_8));
		part(body, "name=\"file\"; filename=\"empty\"", new byte[0]);
		body.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));

		HttpResponse<String> response = post("/files?mkdirs=true&path=" + dir, body.toByteArray());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		JsonNode files = JSON.readTree(response.body()).get("files");
		assertThat(files).hasSize(3);
		assertThat(files.get(0).get("path").asString()).isEqualTo(ROOT.resolve(dir + "/big.bin").toString());
		assertThat(files.get(1).get("name").asString()).isEqualTo("r\u00e9sum\u00e9.txt");
		assertThat(files.get(2).get("size").asLong()).isZero();
		assertThat(Files.readAllBytes(ROOT.resolve(dir + "/big.bin"))).isEqualTo(big);
		assertThat(Files.readString(ROOT.resolve(dir + "/r\u00e9sum\u00e9.txt"))).isEqualTo("caf\u00e9\n");
		assertThat(ROOT.resolve(dir + "/empty")).isEmptyFile();
	}

	@Test
	void refusesBadNamesBadBodiesAndPathsOutside() throws Exception {
		String dir = "bad-" + this.api.conversation();
		Files.createDirectories(ROOT.resolve(dir));
		ByteArrayOutputStream escape = new ByteArrayOutputStream();
		part(escape, "name=\"file\"; filename=\"../escaped\"", "x".getBytes(StandardCharsets.US_ASCII));
		escape.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
		assertProblem(post("/files?path=" + dir, escape.toByteArray()), 400, "invalid_request");
		assertThat(ROOT.resolve("escaped")).doesNotExist();

		byte[] cut = ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut\"\r\n\r\n"
				+ "no closing delimiter")
			.getBytes(StandardCharsets.US_ASCII);
		assertProblem(post("/files?path=" + dir, cut), 400, "invalid_request");
		try (var left = Files.list(ROOT.resolve(dir))) {
			assertThat(left).as("no file and no temporary file is left").isEmpty();
		}
		ByteArrayOutputStream good = new ByteArrayOutputStream();
		part(good, "name=\"file\"; filename=\"x\"", "x".getBytes(StandardCharsets.US_ASCII));
		good.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
		assertProblem(post("/files?path=/etc", good.toByteArray()), 403, "path_not_allowed");
		assertProblem(post("/files?path=.execd-out", good.toByteArray()), 403, "path_not_allowed");
		assertProblem(post("/files", good.toByteArray()), 400, "invalid_request");
		assertThat(Path.of("/etc/x")).doesNotExist();
		HttpResponse<String> noBoundary = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri("/files?path=" + dir))
				.header("Content-Type", "multipart/form-data")
				.POST(HttpRequest.BodyPublishers.ofByteArray(escape.toByteArray()))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertProblem(noBoundary, 400, "invalid_request");
	}

	@Test
	void aFilenameThatIsNotUtf8IsRefusedAndFilenameStarIsRead() throws Exception {
		String dir = "names-" + this.api.conversation();
		Files.createDirectories(ROOT.resolve(dir));
		ByteArrayOutputStream latin1 = new ByteArrayOutputStream();
		latin1.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"caf")
			.getBytes(StandardCharsets.US_ASCII));
		// An ISO-8859-1 e-acute, then 0xFF: no UTF-8 at all.
		latin1.writeBytes(new byte[] { (byte) 0xe9, (byte) 0xff });
		latin1.writeBytes(("\"\r\n\r\nx\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
		HttpResponse<String> refused = post("/files?path=" + dir, latin1.toByteArray());
		assertProblem(refused, 400, "invalid_request");
		assertThat(refused.body()).contains("not UTF-8");
		try (var left = Files.list(ROOT.resolve(dir))) {
			assertThat(left).as("nothing named with U+FFFD").isEmpty();
		}
		ByteArrayOutputStream extended = new ByteArrayOutputStream();
		part(extended, "name=\"file\"; filename=\"fallback.txt\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.txt",
				"cv".getBytes(StandardCharsets.US_ASCII));
		extended.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
		HttpResponse<String> written = post("/files?path=" + dir, extended.toByteArray());
		assertThat(written.statusCode()).as(written.body()).isEqualTo(201);
		assertThat(ROOT.resolve(dir + "/r\u00e9sum\u00e9 final.txt")).hasContent("cv");
		assertThat(ROOT.resolve(dir + "/fallback.txt")).doesNotExist();
	}

	@Test
	void anUploadSlowerThanTheReadDeadlineSucceedsWhileItKeepsTheMinimumRate() throws Exception {
		// 12 s at about 256 KiB/s: past the 10 s deadline, above the 64 KiB/s minimum.
		HttpResponse<String> response = put("/files?path=slow-" + this.api.conversation() + ".bin",
				new Throttled(3 * 1024 * 1024, 256 * 1024));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		assertThat(Files.size(ROOT.resolve("slow-" + this.api.conversation() + ".bin"))).isEqualTo(3 * 1024 * 1024);
	}

	@Test
	void anUploadBelowTheMinimumRateIsCutAfterTheDeadline() throws Exception {
		long started = System.nanoTime();
		String name = "trickle-" + this.api.conversation() + ".bin";
		try {
			HttpResponse<String> response = put("/files?path=" + name, new Throttled(1024 * 1024, 8 * 1024));
			assertThat(response.statusCode()).as("a trickle that was not cut").isNotIn(200, 201);
		}
		catch (IOException expected) {
			// The server closed the connection.
		}
		long seconds = (System.nanoTime() - started) / 1_000_000_000L;
		assertThat(seconds).isBetween(9L, 30L);
		assertThat(ROOT.resolve(name)).doesNotExist();
		try (var left = Files.list(ROOT)) {
			assertThat(left.map(Path::toString)).as("temporary files left").noneMatch((file) -> file.contains(name));
		}
	}

	private HttpResponse<String> put(String path, InputStream body) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri(path))
				.header("Content-Type", "application/octet-stream")
				.PUT(HttpRequest.BodyPublishers.ofInputStream(() -> body))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path, byte[] body) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri(path))
				.header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
				.POST(HttpRequest.BodyPublishers.ofByteArray(body))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path.replace("\u00e9", "%C3%A9"));
	}

	private static void part(ByteArrayOutputStream body, String disposition, byte[] content) {
		body.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; " + disposition + "\r\n\r\n")
			.getBytes(StandardCharsets.UTF_8));
		body.writeBytes(content);
		body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
	}

	private static void assertProblem(HttpResponse<String> response, int status, String code) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(JSON.readTree(response.body()).get("code").asString()).isEqualTo(code);
	}

	/** Bytes at a steady rate, in pieces every 50 ms. */
	private static final class Throttled extends InputStream {

		private final long size;

		private final long perSecond;

		private final long started = System.nanoTime();

		private long sent;

		Throttled(long size, long perSecond) {
			this.size = size;
			this.perSecond = perSecond;
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) < 0) ? -1 : one[0];
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			if (this.sent == this.size) {
				return -1;
			}
			long due = (System.nanoTime() - this.started) * this.perSecond / 1_000_000_000L;
			while (due <= this.sent) {
				try {
					Thread.sleep(50);
				}
				catch (InterruptedException ex) {
					throw new IOException(ex);
				}
				due = (System.nanoTime() - this.started) * this.perSecond / 1_000_000_000L;
			}
			int n = (int) Math.min(len, Math.min(due, this.size) - this.sent);
			java.util.Arrays.fill(b, off, off + n, (byte) 'x');
			this.sent += n;
			return n;
		}

	}

}
