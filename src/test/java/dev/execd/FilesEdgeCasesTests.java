package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static dev.execd.FilesApiTests.assertRefused;
import static dev.execd.FilesApiTests.bytes;
import static dev.execd.FilesApiTests.q;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The files API at its edges: the longest names, archives that are cut, corrupt, land on
 * a FIFO or cross the cap, trees too deep to archive, names outside Latin-1, ranges and
 * offsets past a long, and text pages cut at a surrogate pair.
 */
@ExtendWith(OutputCaptureExtension.class)
class FilesEdgeCasesTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-edges");

	private static final int MAX_UPLOAD = 4 * 1024 * 1024;

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
		registry.add("execd.files.max-upload-size", () -> MAX_UPLOAD + "B");
	}

	@Test
	void writesNamesUpTo255Bytes() throws Exception {
		for (int length : new int[] { 233, 240, 255 }) {
			String name = "n".repeat(length);
			TestClient.Response put = this.api.put("/files?path=" + name, bytes("long"));
			assertThat(put.status()).as(put.text()).isEqualTo(201);
			assertThat(ROOT.resolve(name)).hasContent("long");
			assertThat(this.api.put("/files?path=" + name, bytes("again")).status()).isEqualTo(200);
			assertThat(ROOT.resolve(name)).hasContent("again");
		}
		// Two-byte characters: 127 of them are 254 bytes.
		String accented = "\u00e9".repeat(127);
		TestClient.Response put = this.api.put("/files?path=" + q(accented), bytes("\u00e9"));
		assertThat(put.status()).as(put.text()).isEqualTo(201);
		assertThat(ROOT.resolve(accented)).hasContent("\u00e9");
		// One more byte is a name no file system takes: bad input, never a 500.
		String tooLong = "n".repeat(256);
		assertRefused(this.api.put("/files?path=" + tooLong, bytes("x")), 400, "invalid_request");
		assertRefused(this.api.get("/files/stat?path=" + tooLong), 400, "invalid_request");
		assertRefused(this.api.post("/files/mkdir", Map.of("path", tooLong)), 400, "invalid_request");
		Files.writeString(ROOT.resolve("short-name"), "short");
		assertRefused(this.api.post("/files/move", Map.of("from", "short-name", "to", tooLong)), 400,
				"invalid_request");
		assertThat(ROOT.resolve("short-name")).hasContent("short");
		String part = "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + tooLong
				+ "\"\r\n\r\nform\r\n--b--\r\n";
		assertRefused(this.api.send("POST", "/files?path=form&mkdirs=true", "multipart/form-data; boundary=b", part),
				400, "invalid_request");
		String boundary = "edge-boundary";
		String multipart = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
				+ "m".repeat(255) + "\"\r\n\r\nform\r\n--" + boundary + "--\r\n";
		TestClient.Response posted = this.api.send("POST", "/files?path=form&mkdirs=true",
				"multipart/form-data; boundary=" + boundary, multipart);
		assertThat(posted.status()).as(posted.text()).isEqualTo(201);
		assertThat(ROOT.resolve("form/" + "m".repeat(255))).hasContent("form");
		try (Stream<Path> names = Files.list(ROOT)) {
			assertThat(names.map((p) -> p.getFileName().toString())).noneMatch((n) -> n.endsWith(".part"));
		}
	}

	@Test
	void aPathLongerThanPathMaxIsReachedNameByName() throws Exception {
		// 17 names of 255 bytes: 4352 bytes, past PATH_MAX, though every name is valid;
		// the walk opens one name at a time, so the whole path is never handed to the
		// kernel.
		String deep = String.join("/", Collections.nCopies(17, "d".repeat(255)));
		TestClient.Response put = this.api.put("/files?path=" + deep + "/f&mkdirs=true", bytes("deep"));
		assertThat(put.status()).as(put.text()).isEqualTo(201);
		assertThat(this.api.get("/files?path=" + deep + "/f").text()).isEqualTo("deep");
		assertThat(this.api.get("/files/stat?path=" + deep + "/f").status()).isEqualTo(200);
		assertThat(this.api.delete("/files?path=" + "d".repeat(255) + "&recursive=true").status()).isEqualTo(204);
	}

	@Test
	void writingOverALinkReplacesItWithA0644File() throws Exception {
		Path target = Files.writeString(ROOT.resolve("link-target.txt"), "target");
		Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
		Files.createSymbolicLink(ROOT.resolve("sl"), Path.of("/etc/hostname"));
		TestClient.Response put = this.api.put("/files?path=sl", bytes("mine"));
		assertThat(put.status()).as(put.text()).isEqualTo(200);
		assertThat(put.json().get("mode").asString()).isEqualTo("0644");
		assertThat(Files.isSymbolicLink(ROOT.resolve("sl"))).isFalse();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(ROOT.resolve("sl"))))
			.isEqualTo("rw-r--r--");
		// A replaced file keeps its mode.
		assertThat(this.api.put("/files?path=link-target.txt", bytes("new")).json().get("mode").asString())
			.isEqualTo("0700");
	}

	@Test
	void anArchiveEntryReplacesAFifoInsteadOfWaitingForAReader() throws Exception {
		Path dir = Files.createDirectories(ROOT.resolve("fifo"));
		Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("pipe").toString()).inheritIO().start();
		assertThat(mkfifo.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(Files.isRegularFile(dir.resolve("pipe"), LinkOption.NOFOLLOW_LINKS)).isFalse();
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri("/files/archive?path=fifo&format=zip"))
				.timeout(Duration.ofSeconds(20))
				.PUT(HttpRequest.BodyPublishers.ofByteArray(zip("pipe", bytes("no reader needed"))))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(Files.isRegularFile(dir.resolve("pipe"), LinkOption.NOFOLLOW_LINKS)).isTrue();
		assertThat(dir.resolve("pipe")).hasContent("no reader needed");
	}

	@Test
	void aCutArchiveUploadLeavesNoPartialEntry() throws Exception {
		byte[] random = new byte[2 * 1024 * 1024];
		new Random(7).nextBytes(random);
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
			zip.putNextEntry(new ZipEntry("first.txt"));
			zip.write(bytes("complete"));
			zip.putNextEntry(new ZipEntry("big.bin"));
			zip.write(random);
		}
		byte[] archive = bytes.toByteArray();
		Path dir = Files.createDirectories(ROOT.resolve("cut"));
		Files.write(dir.resolve("big.bin"), bytes("before"));
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write(("PUT /files/archive?path=cut&format=zip HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
					+ archive.length + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.write(archive, 0, archive.length / 2);
			out.flush();
			// The body ends early; the answer (if any) comes once the extraction is over.
			socket.shutdownOutput();
			socket.setSoTimeout(30_000);
			InputStream in = socket.getInputStream();
			in.readAllBytes();
		}
		assertThat(dir.resolve("first.txt")).as("entries before the cut stay").hasContent("complete");
		assertThat(Files.readAllBytes(dir.resolve("big.bin"))).as("the cut entry is not written")
			.isEqualTo(bytes("before"));
		assertNoTemporaryFile(dir);
	}

	@Test
	void anArchiveOverTheCapLeavesNoPartialEntry() throws Exception {
		Path dir = Files.createDirectories(ROOT.resolve("capped"));
		TestClient.Response response = this.api.put("/files/archive?path=capped&format=zip",
				zip("zeros.bin", new byte[MAX_UPLOAD + 1]));
		assertRefused(response, 413, "payload_too_large");
		assertThat(dir.resolve("zeros.bin")).doesNotExist();
		assertNoTemporaryFile(dir);
	}

	@Test
	void aPartOverTheCapIsNamedAsOneFileOverThePerFileCap() throws Exception {
		Files.createDirectories(ROOT.resolve("parts"));
		String head = "--cap\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\n\r\n";
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		body.writeBytes(bytes(head));
		body.writeBytes(new byte[MAX_UPLOAD + 1]);
		body.writeBytes(bytes("\r\n--cap--\r\n"));
		TestClient.Response response = this.api.send("POST", "/files?path=parts", "multipart/form-data; boundary=cap",
				HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
		assertRefused(response, 413, "payload_too_large");
		assertThat(response.json().get("detail").asString()).contains("'big.bin'")
			.contains("the cap on each file")
			.doesNotContain("the body is larger");
		assertThat(ROOT.resolve("parts/big.bin")).doesNotExist();
		assertNoTemporaryFile(ROOT.resolve("parts"));
	}

	@Test
	void aTruncatedOrCorruptArchiveIsABadRequest() throws Exception {
		Path src = Files.createDirectories(ROOT.resolve("corrupt-src/a"));
		byte[] random = new byte[256 * 1024];
		new Random(11).nextBytes(random);
		Files.write(src.resolve("random.bin"), random);
		Files.writeString(src.resolve("text.txt"), "some text\n".repeat(10_000));
		byte[] tgz = this.api.get("/files/archive?path=corrupt-src").body();
		byte[] zip = this.api.get("/files/archive?path=corrupt-src&format=zip").body();
		byte[] flipped = tgz.clone();
		for (int i = 100; i < flipped.length - 100; i += 97) {
			flipped[i] ^= (byte) 0xff;
		}
		byte[] junkZip = new byte[64];
		Arrays.fill(junkZip, (byte) 0xff);
		junkZip[0] = 'P';
		junkZip[1] = 'K';
		junkZip[2] = 3;
		junkZip[3] = 4;
		Map<String, byte[]> bodies = Map.of("tar.gz cut in half", Arrays.copyOf(tgz, tgz.length / 2),
				"tar.gz's first 10 bytes", Arrays.copyOf(tgz, 10), "tar.gz with flipped bytes", flipped);
		for (Map.Entry<String, byte[]> body : bodies.entrySet()) {
			TestClient.Response response = this.api.put("/files/archive?path=corrupt-out", body.getValue());
			assertThat(response.status()).as(body.getKey() + ": " + response.text()).isEqualTo(400);
			assertRefused(response, 400, "invalid_request");
		}
		for (byte[] body : new byte[][] { Arrays.copyOf(zip, zip.length / 2), junkZip }) {
			assertRefused(this.api.put("/files/archive?path=corrupt-out&format=zip", body), 400, "invalid_request");
		}
		assertNoTemporaryFile(ROOT.resolve("corrupt-out"));
	}

	@Test
	void aTreeTooDeepToArchiveIsRefusedBeforeTheAnswer() throws Exception {
		Path deep = ROOT.resolve("deep");
		for (int i = 0; i < 300; i++) {
			deep = deep.resolve("d");
		}
		Files.createDirectories(deep);
		assertRefused(this.api.get("/files/archive?path=deep"), 403, "path_not_allowed");
		// A zip's entries fill the buffer before the walk gets that deep: the body is
		// cut,
		// never ended as if whole.
		try {
			TestClient.Response zip = this.api.get("/files/archive?path=deep&format=zip");
			if (zip.status() == 200) {
				assertThat(new String(zip.body(), StandardCharsets.ISO_8859_1)).doesNotContain("PK\u0005\u0006");
			}
			else {
				assertRefused(zip, 403, "path_not_allowed");
			}
		}
		catch (RuntimeException ex) {
			// The connection was cut.
		}
		assertThat(this.api.get("/files/stat?path=deep").status()).as("the server still answers").isEqualTo(200);
	}

	@Test
	void anArchiveCutAfterItsFirstBytesEndsTheConnectionWithoutAnError(CapturedOutput output) throws Exception {
		Path tree = Files.createDirectories(ROOT.resolve("cut"));
		// Noise gzip cannot shrink, sorted before the tree too deep: by the time the
		// walk gets there, the answer's first bytes are sent.
		byte[] noise = new byte[1024 * 1024];
		new Random(7).nextBytes(noise);
		Files.write(tree.resolve("a.bin"), noise);
		Path deep = tree;
		for (int i = 0; i < 300; i++) {
			deep = deep.resolve("d");
		}
		Files.createDirectories(deep);
		for (String format : new String[] { "tar.gz", "zip" }) {
			byte[] response = rawGet("/files/archive?path=cut&format=" + format);
			String head = new String(response, 0, Math.min(response.length, 512), StandardCharsets.ISO_8859_1);
			assertThat(head).as(format).startsWith("HTTP/1.1 200").containsIgnoringCase("Transfer-Encoding: chunked");
			assertThat(response.length).as(format).isGreaterThan(64 * 1024);
			String tail = new String(response, response.length - 5, 5, StandardCharsets.ISO_8859_1);
			assertThat(tail).as("%s ends without the last chunk, as a cut transfer", format).isNotEqualTo("0\r\n\r\n");
		}
		assertThat(this.api.get("/files/stat?path=cut").status()).as("the server still answers").isEqualTo(200);
		// One warning line each, no error and no stack trace: the only lines naming the
		// cause are the warnings (other servers' tests may log beside this one).
		assertThat(output.getOut()).doesNotContain("No converter");
		assertThat(output.getOut().lines().filter((line) -> line.contains("levels deep"))).hasSize(2)
			.allMatch((line) -> line.contains(" WARN ") && line.contains("Archive of 'cut' cut short"));
	}

	/** All the bytes a GET gets until the server closes the connection. */
	private byte[] rawGet(String path) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			return socket.getInputStream().readAllBytes();
		}
	}

	@Test
	void anArchiveOfANonLatin1NameIsNamedInUtf8() throws Exception {
		for (String name : new String[] { "\u00e9", "\u6587\u4ef6" }) {
			Files.createDirectories(ROOT.resolve(name));
			TestClient.Response archive = this.api.get("/files/archive?path=" + q(name));
			assertThat(archive.status()).isEqualTo(200);
			String encoded = q(name).replace("+", "%20");
			String disposition = archive.header("Content-Disposition");
			assertThat(disposition).as("sent at all").isNotNull().contains("filename*=UTF-8''" + encoded + ".tar.gz");
			assertThat(disposition.chars()).as(disposition).allMatch((c) -> c >= 0x20 && c < 0x7f);
		}
	}

	@Test
	void rangesPastALongAreClamped() {
		this.api.put("/files?path=clamp.txt", bytes("0123456789"));
		TestClient.Response last = this.api.get("/files?path=clamp.txt", "Range", "bytes=2-99999999999999999999");
		assertThat(last.status()).as(last.text()).isEqualTo(206);
		assertThat(last.header("Content-Range")).isEqualTo("bytes 2-9/10");
		assertThat(last.text()).isEqualTo("23456789");
		TestClient.Response suffix = this.api.get("/files?path=clamp.txt", "Range", "bytes=-99999999999999999999");
		assertThat(suffix.status()).isEqualTo(206);
		assertThat(suffix.header("Content-Range")).isEqualTo("bytes 0-9/10");
		assertThat(suffix.text()).isEqualTo("0123456789");
		TestClient.Response first = this.api.get("/files?path=clamp.txt", "Range", "bytes=99999999999999999999-");
		assertThat(first.status()).isEqualTo(416);
	}

	@Test
	void textPagesNeverSplitASurrogatePairNorOverflowTheirEnd() throws Exception {
		Files.writeString(ROOT.resolve("pair.txt"), "a".repeat(1024 * 1024 - 1) + "\ud83d\ude00tail\n");
		JsonNode page = this.api.get("/files?path=pair.txt&encoding=utf8").json();
		String text = page.get("text").asString();
		assertThat(text).hasSize(1024 * 1024 - 1).endsWith("a");
		assertThat(page.get("truncated").asBoolean()).isTrue();
		Files.writeString(ROOT.resolve("five.txt"), "1\n2\n3\n4\n5\n");
		JsonNode far = this.api.get("/files?path=five.txt&encoding=utf8&offset_lines=" + Long.MAX_VALUE).json();
		assertThat(far.get("text").asString()).isEmpty();
		assertThat(far.get("total_lines").asLong()).isEqualTo(5);
		assertThat(far.get("truncated").asBoolean()).isFalse();
	}

	@Test
	void aLineLongerThanAPageGoesOnWhereItWasCut() throws Exception {
		String line = "\u00e9".repeat(5 * 512 * 1024);
		Files.writeString(ROOT.resolve("long.txt"), "one\n" + line + "\nthree\n");
		StringBuilder read = new StringBuilder();
		String query = "";
		for (int pages = 0; pages < 10; pages++) {
			JsonNode page = this.api.get("/files?path=long.txt&encoding=utf8" + query).json();
			read.append(page.get("text").asString());
			if (!page.get("truncated").asBoolean()) {
				assertThat(page.get("next_offset_lines").isNull()).isTrue();
				break;
			}
			query = "&offset_lines=" + page.get("next_offset_lines").asLong() + "&offset_chars="
					+ page.get("next_offset_chars").asLong();
		}
		assertThat(read.toString().equals("one\n" + line + "\nthree\n")).as("the pages joined are the file").isTrue();

		Files.writeString(ROOT.resolve("short.txt"), "a\ud83d\ude00b\nnext\n");
		assertThat(this.api.get("/files?path=short.txt&encoding=utf8&offset_chars=2").json().get("text").asString())
			.as("between a pair's halves: from the pair")
			.isEqualTo("\ud83d\ude00b\nnext\n");
		assertThat(this.api.get("/files?path=short.txt&encoding=utf8&offset_chars=99").json().get("text").asString())
			.as("past the line's end: from its newline")
			.isEqualTo("\nnext\n");
		assertRefused(this.api.get("/files?path=short.txt&encoding=utf8&offset_chars=-1"), 400, "invalid_request");
		assertRefused(this.api.get("/files?path=short.txt&offset_chars=1"), 400, "invalid_request");
	}

	@Test
	void aRawBackslashInAMultipartFilenameIsRefused() throws Exception {
		String boundary = "edge-boundary";
		String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\\b\"\r\n\r\n"
				+ "x\r\n--" + boundary + "--\r\n";
		assertRefused(this.api.send("POST", "/files?path=slashes&mkdirs=true",
				"multipart/form-data; boundary=" + boundary, body), 400, "invalid_request");
		assertThat(ROOT.resolve("slashes/ab")).doesNotExist();
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	private static byte[] zip(String entry, byte[] content) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
			zip.putNextEntry(new ZipEntry(entry));
			zip.write(content);
		}
		return bytes.toByteArray();
	}

	private static void assertNoTemporaryFile(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> names = Files.list(dir)) {
			assertThat(names.map((p) -> p.getFileName().toString())).noneMatch((n) -> n.endsWith(".part"));
		}
	}

}
