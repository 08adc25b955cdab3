package dev.execd;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The files API over real HTTP: bytes up and down, ranges, versions, atomic replacement,
 * text, listings and the refusals of a well-behaved caller.
 */
class FilesApiTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-api");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	static String q(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	@Test
	void roundTripsOneHundredMegabytesOfRandomBytes() throws Exception {
		Path source = Files.createTempFile("execd-upload", ".bin");
		try {
			MessageDigest sent = MessageDigest.getInstance("SHA-256");
			Random random = new Random(42);
			byte[] block = new byte[1024 * 1024];
			try (OutputStream out = Files.newOutputStream(source)) {
				for (int i = 0; i < 100; i++) {
					random.nextBytes(block);
					sent.update(block);
					out.write(block);
				}
			}
			HttpClient http = HttpClient.newHttpClient();
			URI uri = URI.create("http://127.0.0.1:" + this.port + "/files?path=big/random.bin&mkdirs=true");
			HttpResponse<String> put = http.send(HttpRequest.newBuilder(uri)
				.PUT(HttpRequest.BodyPublishers.ofFile(source))
				.header("Content-Type", "application/octet-stream")
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(put.statusCode()).as(put.body()).isEqualTo(201);
			String etag = put.headers().firstValue("ETag").orElseThrow();
			assertThat(this.api.put("/files?path=big/again.bin", block).status()).isEqualTo(201);
			HttpResponse<InputStream> get = http.send(HttpRequest.newBuilder(uri).GET().build(),
					HttpResponse.BodyHandlers.ofInputStream());
			assertThat(get.statusCode()).isEqualTo(200);
			assertThat(get.headers().firstValue("ETag")).hasValue(etag);
			assertThat(get.headers().firstValueAsLong("Content-Length")).hasValue(100L * 1024 * 1024);
			MessageDigest received = MessageDigest.getInstance("SHA-256");
			try (InputStream in = new DigestInputStream(get.body(), received)) {
				in.transferTo(OutputStream.nullOutputStream());
			}
			assertThat(HexFormat.of().formatHex(received.digest())).isEqualTo(HexFormat.of().formatHex(sent.digest()));
			assertThat(ROOT.resolve("big/random.bin")).hasSize(100L * 1024 * 1024);
			try (var names = Files.list(ROOT.resolve("big"))) {
				assertThat(names.map((p) -> p.getFileName().toString())).containsExactlyInAnyOrder("random.bin",
						"again.bin");
			}
		}
		finally {
			Files.delete(source);
		}
	}

	@Test
	void refusesAnUploadInAContentCoding() {
		for (String path : List.of("/files?path=encoded.txt", "/files/archive?path=encoded")) {
			TestClient.Response put = this.api.put(path, "plain".getBytes(StandardCharsets.UTF_8), "Content-Encoding",
					"gzip");
			assertThat(put.status()).as(put.text()).isEqualTo(415);
			assertThat(put.json().get("code").asString()).isEqualTo("unsupported_media_type");
		}
		assertThat(ROOT.resolve("encoded.txt")).doesNotExist();
		assertThat(ROOT.resolve("encoded")).doesNotExist();
		assertThat(this.api
			.put("/files?path=encoded.txt", "plain".getBytes(StandardCharsets.UTF_8), "Content-Encoding", "identity")
			.status()).isEqualTo(201);
	}

	@Test
	void servesRanges() {
		this.api.put("/files?path=range.txt", "0123456789".getBytes(StandardCharsets.UTF_8));
		TestClient.Response middle = this.api.get("/files?path=range.txt", "Range", "bytes=2-4");
		assertThat(middle.status()).as(middle.text() + middle.headers()).isEqualTo(206);
		assertThat(middle.text()).isEqualTo("234");
		assertThat(middle.header("Content-Range")).isEqualTo("bytes 2-4/10");
		assertThat(this.api.get("/files?path=range.txt", "Range", "bytes=-3").text()).isEqualTo("789");
		assertThat(this.api.get("/files?path=range.txt", "Range", "bytes=7-").text()).isEqualTo("789");
		TestClient.Response beyond = this.api.get("/files?path=range.txt", "Range", "bytes=20-");
		assertThat(beyond.status()).isEqualTo(416);
		assertThat(beyond.header("Content-Range")).isEqualTo("bytes */10");
		assertThat(beyond.json().get("code").asString()).isEqualTo("offset_out_of_range");
		TestClient.Response ignored = this.api.get("/files?path=range.txt", "Range", "bytes=0-1,4-5");
		assertThat(ignored.status()).isEqualTo(200);
		assertThat(ignored.text()).isEqualTo("0123456789");
	}

	@Test
	void versionsMakeReadsCheapAndWritesConditional() {
		TestClient.Response created = this.api.put("/files?path=v.txt", bytes("one"));
		assertThat(created.status()).isEqualTo(201);
		String first = created.header("ETag");
		assertThat(created.json().get("type").asString()).isEqualTo("file");
		TestClient.Response read = this.api.get("/files?path=v.txt");
		assertThat(read.header("ETag")).isEqualTo(first);
		assertThat(read.header("Last-Modified")).isNotBlank();
		TestClient.Response unchanged = this.api.get("/files?path=v.txt", "If-None-Match", first);
		assertThat(unchanged.status()).isEqualTo(304);
		assertThat(unchanged.body()).isEmpty();
		TestClient.Response replaced = this.api.put("/files?path=v.txt", bytes("two"), "If-Match", first);
		assertThat(replaced.status()).isEqualTo(200);
		String second = replaced.header("ETag");
		assertThat(second).isNotEqualTo(first);
		TestClient.Response stale = this.api.put("/files?path=v.txt", bytes("three"), "If-Match", first);
		assertThat(stale.status()).isEqualTo(412);
		assertThat(stale.json().get("code").asString()).isEqualTo("precondition_failed");
		assertThat(this.api.get("/files?path=v.txt").text()).isEqualTo("two");
		assertThat(this.api.get("/files?path=v.txt", "If-None-Match", first).status()).isEqualTo(200);
		assertThat(this.api.put("/files?path=absent.txt", bytes("x"), "If-Match", "*").status()).isEqualTo(412);
		assertThat(this.api.put("/files?path=v.txt", bytes("four"), "If-Match", "*").status()).isEqualTo(200);
	}

	@Test
	void ifNoneMatchMakesAWriteCreateOnlyOrRefusesAKnownVersion() throws Exception {
		TestClient.Response created = this.api.put("/files?path=inm.txt", bytes("one"), "If-None-Match", "*");
		assertThat(created.status()).as(created.text()).isEqualTo(201);
		String first = created.header("ETag");
		assertRefused(this.api.put("/files?path=inm.txt", bytes("two"), "If-None-Match", "*"), 412,
				"precondition_failed");
		assertRefused(this.api.put("/files?path=inm.txt", bytes("two"), "If-None-Match", "\"x\", " + first), 412,
				"precondition_failed");
		// Weak comparison, as for a read.
		assertRefused(this.api.put("/files?path=inm.txt", bytes("two"), "If-None-Match", "W/" + first), 412,
				"precondition_failed");
		assertThat(this.api.get("/files?path=inm.txt").text()).isEqualTo("one");
		// If-Match is evaluated first (RFC 9110 13.2.2), then If-None-Match.
		TestClient.Response both = this.api.put("/files?path=inm.txt", bytes("two"), "If-Match", "\"stale\"",
				"If-None-Match", "*");
		assertRefused(both, 412, "precondition_failed");
		assertThat(both.json().get("detail").asString()).contains("If-Match");
		assertRefused(this.api.put("/files?path=inm.txt", bytes("two"), "If-Match", first, "If-None-Match", "*"), 412,
				"precondition_failed");
		TestClient.Response other = this.api.put("/files?path=inm.txt", bytes("two"), "If-Match", first,
				"If-None-Match", "\"other\"");
		assertThat(other.status()).as(other.text()).isEqualTo(200);
		assertThat(this.api.get("/files?path=inm.txt").text()).isEqualTo("two");
		// Of many create-only writes of one new file, exactly one wins.
		AtomicInteger wins = new AtomicInteger();
		AtomicInteger refused = new AtomicInteger();
		Thread[] writers = new Thread[8];
		for (int i = 0; i < writers.length; i++) {
			byte[] body = bytes("writer " + i);
			writers[i] = Thread.ofVirtual().start(() -> {
				int status = this.api.put("/files?path=race.txt", body, "If-None-Match", "*").status();
				(status == 201 ? wins : refused).incrementAndGet();
			});
		}
		for (Thread writer : writers) {
			writer.join();
		}
		assertThat(wins.get()).isOne();
		assertThat(refused.get()).isEqualTo(writers.length - 1);
	}

	@Test
	void aReaderNeverSeesAHalfWrittenFile() throws Exception {
		byte[] as = new byte[2 * 1024 * 1024];
		byte[] bs = new byte[2 * 1024 * 1024];
		Arrays.fill(as, (byte) 'a');
		Arrays.fill(bs, (byte) 'b');
		this.api.put("/files?path=atomic.bin", as);
		AtomicBoolean writing = new AtomicBoolean(true);
		ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
		AtomicInteger reads = new AtomicInteger();
		Thread reader = Thread.ofPlatform().start(() -> {
			while (writing.get()) {
				TestClient.Response response = this.api.get("/files?path=atomic.bin");
				byte[] body = response.body();
				if (response.status() != 200 || !(Arrays.equals(body, as) || Arrays.equals(body, bs))) {
					failures.add(response.status() + ": " + body.length + " bytes");
				}
				reads.incrementAndGet();
			}
		});
		try {
			for (int i = 0; i < 40; i++) {
				assertThat(this.api.put("/files?path=atomic.bin", (i % 2 == 0) ? bs : as).status()).isEqualTo(200);
			}
		}
		finally {
			writing.set(false);
			reader.join();
		}
		assertThat(failures).isEmpty();
		assertThat(reads.get()).isPositive();
		try (var names = Files.list(ROOT)) {
			assertThat(names.map((p) -> p.getFileName().toString())).noneMatch((n) -> n.endsWith(".part"));
		}
	}

	@Test
	void readsLinesAsText() {
		this.api.put("/files?path=lines.txt", bytes("alpha\nbeta\ngamma"));
		JsonNode page = this.api.get("/files?path=lines.txt&encoding=utf8&offset_lines=1&max_lines=1").json();
		assertThat(page.get("text").asString()).isEqualTo("beta\n");
		assertThat(page.get("total_lines").asLong()).isEqualTo(3);
		assertThat(page.get("truncated").asBoolean()).isTrue();
		JsonNode all = this.api.get("/files?path=lines.txt&encoding=utf8").json();
		assertThat(all.get("text").asString()).isEqualTo("alpha\nbeta\ngamma");
		assertThat(all.get("truncated").asBoolean()).isFalse();
	}

	@Test
	void listsMovesMakesAndRemoves() {
		assertThat(this.api.post("/files/mkdir", Map.of("path", "tree/a/b", "parents", true)).status()).isEqualTo(201);
		assertThat(this.api.post("/files/mkdir", Map.of("path", "tree/a/b", "parents", true)).status()).isEqualTo(200);
		assertRefused(this.api.post("/files/mkdir", Map.of("path", "tree/a")), 409, "file_exists");
		this.api.put("/files?path=tree/a/one.txt&mode=0755", bytes("1"));
		JsonNode listing = this.api.get("/files/list?path=tree&depth=3").json();
		assertThat(listing.get("entries").valueStream().map((e) -> e.get("path").asString()))
			.containsExactly(ROOT + "/tree/a", ROOT + "/tree/a/b", ROOT + "/tree/a/one.txt");
		JsonNode one = listing.get("entries").get(2);
		assertThat(one.get("mode").asString()).isEqualTo("0755");
		assertThat(one.get("size").asLong()).isEqualTo(1);
		assertThat(this.api.get("/files/list?path=tree&depth=3&max_entries=2").json().get("truncated").asBoolean())
			.isTrue();
		assertRefused(this.api.post("/files/move", Map.of("from", "tree/a/one.txt", "to", "tree/a/b")), 409,
				"file_exists");
		JsonNode moved = this.api.post("/files/move", Map.of("from", "tree/a/one.txt", "to", "tree/two.txt")).json();
		assertThat(moved.get("path").asString()).isEqualTo(ROOT + "/tree/two.txt");
		assertThat(this.api.get("/files/stat?path=tree/two.txt").json().get("mode").asString()).isEqualTo("0755");
		assertRefused(this.api.get("/files?path=tree/a"), 409, "is_a_directory");
		assertRefused(this.api.get("/files/list?path=tree/two.txt"), 409, "not_a_directory");
		assertRefused(this.api.get("/files?path=tree/none"), 404, "file_not_found");
		assertRefused(this.api.delete("/files?path=tree"), 409, "is_a_directory");
		assertThat(this.api.delete("/files?path=tree&recursive=true").status()).isEqualTo(204);
		assertThat(ROOT.resolve("tree")).doesNotExist();
	}

	@Test
	void aBooleanParameterIsTrueOrFalseAndNothingElse() throws IOException {
		Files.createDirectories(ROOT.resolve("keep/inside"));
		for (String value : new String[] { "yes", "on", "1", "", "no" }) {
			assertRefused(this.api.put("/files?path=made/m.txt&mkdirs=" + value, bytes("x")), 400, "invalid_request");
			assertRefused(this.api.delete("/files?path=keep&recursive=" + value), 400, "invalid_request");
		}
		assertThat(ROOT.resolve("made")).doesNotExist();
		assertThat(ROOT.resolve("keep/inside")).isDirectory();
		assertThat(this.api.put("/files?path=made/m.txt&mkdirs=TRUE", bytes("x")).status()).isEqualTo(201);
		assertThat(this.api.delete("/files?path=keep&recursive=True").status()).isEqualTo(204);
		assertThat(ROOT.resolve("keep")).doesNotExist();
	}

	@Test
	void refusesInvalidParameters() {
		for (String query : new String[] { "/files", "/files?path=", "/files?path=x&encoding=latin1",
				"/files?path=x&offset_lines=-1&encoding=utf8", "/files?path=x&max_lines=0&encoding=utf8",
				"/files?path=x&max_lines=5", "/files/list?path=.&depth=0", "/files/list?path=.&depth=17",
				"/files/list?path=.&depth=deep", "/files/list?path=.&max_entries=0", "/files/stat",
				"/files?path=a%00b" }) {
			assertRefused(this.api.get(query), 400, "invalid_request");
		}
		assertRefused(this.api.put("/files?path=m.txt&mode=999", bytes("x")), 400, "invalid_request");
		assertRefused(this.api.put("/files?path=m.txt&mode=4755", bytes("x")), 400, "invalid_request");
		assertRefused(this.api.put("/files?path=m.txt&mkdirs=maybe", bytes("x")), 400, "invalid_request");
		assertRefused(this.api.delete("/files?path=m.txt&recursive=maybe"), 400, "invalid_request");
		assertRefused(this.api.post("/files/move", Map.of("from", "a")), 400, "invalid_request");
		assertRefused(this.api.post("/files/move", Map.of("from", "a", "to", "b", "force", true)), 400,
				"invalid_request");
		assertRefused(this.api.post("/files/mkdir", Map.of()), 400, "invalid_request");
		assertThat(ROOT.resolve("m.txt")).doesNotExist();
	}

	static void assertRefused(TestClient.Response response, int status, String code) {
		assertThat(response.status()).as(response.text()).isEqualTo(status);
		assertThat(response.header("Content-Type")).startsWith("application/problem+json");
		assertThat(response.json().get("code").asString()).isEqualTo(code);
	}

	static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	static void write(Path path, String content) {
		try {
			Files.createDirectories(path.getParent());
			Files.writeString(path, content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
