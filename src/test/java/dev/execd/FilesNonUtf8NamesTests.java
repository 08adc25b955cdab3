package dev.execd;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static dev.execd.FilesApiTests.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Names that are not UTF-8 (any bytes but {@code /} and NUL make a Linux name): a
 * recursive removal removes them, listings show them, archives carry them, and such bytes
 * in a request are refused plainly. Nothing is left out without a word.
 */
class FilesNonUtf8NamesTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-names");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	/**
	 * A path below the root with raw bytes: {@code %FF} in {@code encoded} is byte 0xFF.
	 */
	static Path raw(String encoded) {
		return Path.of(URI.create("file://" + ROOT + "/" + encoded));
	}

	/**
	 * {@code top/dir\xff/data.txt}, {@code top/dir\xff/sub\xfe\xfd/deep.txt},
	 * {@code top/good/g.txt}.
	 */
	static void tree(String top) throws IOException {
		Files.createDirectories(raw(top + "/dir%FF/sub%FE%FD"));
		Files.writeString(raw(top + "/dir%FF/data.txt"), "important");
		Files.writeString(raw(top + "/dir%FF/sub%FE%FD/deep.txt"), "deep");
		Files.createDirectories(ROOT.resolve(top + "/good"));
		Files.writeString(ROOT.resolve(top + "/good/g.txt"), "g");
	}

	@Test
	void aRecursiveDeleteRemovesTheWholeTree() throws IOException {
		tree("gone");
		assertThat(this.api.delete("/files?path=gone&recursive=true").status()).isEqualTo(204);
		assertThat(ROOT.resolve("gone")).doesNotExist();
	}

	@Test
	void aListingShowsEveryEntryAndSaysWhichNamesAreLossy() throws IOException {
		tree("listed");
		JsonNode listing = this.api.get("/files/list?path=listed&depth=3").json();
		assertThat(listing.get("truncated").asBoolean()).isFalse();
		Map<String, Boolean> lossy = new HashMap<>();
		listing.get("entries").forEach((e) -> lossy.put(e.get("path").asString(), e.get("lossy_name").asBoolean()));
		String top = ROOT + "/listed/";
		assertThat(lossy).containsExactlyInAnyOrderEntriesOf(Map.of(top + "dir\uFFFD", true, top + "dir\uFFFD/data.txt",
				true, top + "dir\uFFFD/sub\uFFFD\uFFFD", true, top + "dir\uFFFD/sub\uFFFD\uFFFD/deep.txt", true,
				top + "good", false, top + "good/g.txt", false));
		JsonNode first = listing.get("entries").get(0);
		assertThat(first.get("name").asString()).isEqualTo("dir\uFFFD");
		assertThat(first.get("type").asString()).isEqualTo("dir");
		assertThat(this.api.get("/files/list?path=listed").json().get("entries").get(0).get("lossy_name").asBoolean())
			.isTrue();
	}

	@Test
	void aLinkWhoseTargetIsNotUtf8IsShownWithReplacementsAndSaysSo() throws IOException {
		tree("linked");
		Files.createSymbolicLink(raw("linked/lossy"), raw("linked").relativize(raw("linked/dir%FF/data.txt")));
		Files.createSymbolicLink(ROOT.resolve("linked/plain"), Path.of("good/g.txt"));
		Map<String, JsonNode> entries = new HashMap<>();
		this.api.get("/files/list?path=linked")
			.json()
			.get("entries")
			.forEach((e) -> entries.put(e.get("name").asString(), e));
		assertThat(entries.get("lossy").get("target").asString()).isEqualTo("dir\uFFFD/data.txt");
		assertThat(entries.get("lossy").get("lossy_target").asBoolean()).isTrue();
		assertThat(entries.get("lossy").get("lossy_name").asBoolean()).isFalse();
		assertThat(entries.get("plain").get("target").asString()).isEqualTo("good/g.txt");
		assertThat(entries.get("plain").get("lossy_target").asBoolean()).isFalse();
		assertThat(entries.get("good").get("lossy_target").asBoolean()).isFalse();
		assertThat(entries.get("good").get("target").isNull()).isTrue();
		JsonNode stat = this.api.get("/files/stat?path=linked/lossy").json();
		assertThat(stat.get("target").asString()).isEqualTo("dir\uFFFD/data.txt");
		assertThat(stat.get("lossy_target").asBoolean()).isTrue();
	}

	@Test
	void aTarArchiveKeepsTheRawBytesOfNames() throws Exception {
		tree("tarred");
		TestClient.Response archive = this.api.get("/files/archive?path=tarred");
		assertThat(archive.status()).isEqualTo(200);
		Path gnu = Files.createDirectories(ROOT.resolve("tar-out"));
		Path file = Files.write(ROOT.resolve("tarred.tar.gz"), archive.body());
		Process tar = new ProcessBuilder("tar", "-xzf", file.toString(), "-C", gnu.toString()).inheritIO().start();
		assertThat(tar.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(tar.exitValue()).isZero();
		assertThat(Files.readString(raw("tar-out/dir%FF/data.txt"))).isEqualTo("important");
		assertThat(Files.readString(raw("tar-out/dir%FF/sub%FE%FD/deep.txt"))).isEqualTo("deep");
		assertThat(Files.readString(raw("tar-out/good/g.txt"))).isEqualTo("g");
	}

	@Test
	void aTarArchiveRoundTripGivesTheIdenticalTree() throws Exception {
		exactTree("trip");
		TestClient.Response archive = this.api.get("/files/archive?path=trip");
		assertThat(archive.status()).isEqualTo(200);
		TestClient.Response extracted = this.api.put("/files/archive?path=trip-back", archive.body());
		assertThat(extracted.status()).as(extracted.text()).isEqualTo(200);
		assertThat(new String(snapshot("trip-back"), StandardCharsets.ISO_8859_1))
			.isEqualTo(new String(snapshot("trip"), StandardCharsets.ISO_8859_1));
	}

	@Test
	void aTarArchiveOfGnuTarExtractsWithTheExactBytes() throws Exception {
		exactTree("gnu");
		Path file = ROOT.resolve("gnu.tar.gz");
		Process tar = new ProcessBuilder("tar", "-czf", file.toString(), "-C", ROOT.resolve("gnu").toString(), ".")
			.inheritIO()
			.start();
		assertThat(tar.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(tar.exitValue()).isZero();
		TestClient.Response extracted = this.api.put("/files/archive?path=gnu-back", Files.readAllBytes(file));
		assertThat(extracted.status()).as(extracted.text()).isEqualTo(200);
		assertThat(new String(snapshot("gnu-back"), StandardCharsets.ISO_8859_1))
			.isEqualTo(new String(snapshot("gnu"), StandardCharsets.ISO_8859_1));
	}

	@Test
	void aZipEntryNameThatIsNotUtf8IsRefusedSayingWhy() throws IOException {
		// Latin-1 names are written as their bytes, without the zip's UTF-8 flag.
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.ISO_8859_1)) {
			zip.putNextEntry(new ZipEntry("caf\u00e9.txt"));
			zip.write("latin-1".getBytes(StandardCharsets.UTF_8));
		}
		TestClient.Response refused = this.api.put("/files/archive?path=latin&format=zip", bytes.toByteArray());
		assertRefused(refused, 400, "invalid_request");
		assertThat(refused.json().get("detail").asString()).contains("not UTF-8").contains("tar.gz");
		// Refused before any entry: the directory the request made is gone again.
		assertThat(ROOT.resolve("latin")).doesNotExist();
	}

	/**
	 * {@link #tree} with a name past the 100 bytes of a tar header, and links to targets
	 * with bytes that are not UTF-8, short and long.
	 */
	static void exactTree(String top) throws IOException {
		tree(top);
		String deep = "n%FE".repeat(60);
		Files.createDirectories(raw(top + "/" + deep));
		Files.writeString(raw(top + "/" + deep + "/f%FF.txt"), "long");
		Files.createSymbolicLink(raw(top + "/link%FF"), raw(top).relativize(raw(top + "/dir%FF/data.txt")));
		Files.createSymbolicLink(raw(top + "/good/far"),
				raw(top + "/good").relativize(raw(top + "/" + deep + "/f%FF.txt")));
	}

	/**
	 * A tree as bytes: each entry's type, mode, path and link target, sorted, then the
	 * files' contents in that order.
	 */
	static byte[] snapshot(String top) throws Exception {
		Process find = new ProcessBuilder("sh", "-c",
				"cd \"$1\" && find . -printf '%y %m %p -> %l\\n' | LC_ALL=C sort"
						+ " && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 cat",
				"sh", ROOT.resolve(top).toString())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		byte[] out = find.getInputStream().readAllBytes();
		assertThat(find.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(find.exitValue()).isZero();
		return out;
	}

	@Test
	void aZipArchiveKeepsTheEntriesUnderLossyNames() throws IOException {
		tree("zipped");
		// The same lossy name twice: the second entry gets a suffix rather than being
		// lost.
		Files.createDirectories(ROOT.resolve("zipped/dir\uFFFD"));
		Files.writeString(ROOT.resolve("zipped/dir\uFFFD/data.txt"), "exact");
		TestClient.Response archive = this.api.get("/files/archive?path=zipped&format=zip");
		assertThat(archive.status()).isEqualTo(200);
		Map<String, String> entries = new HashMap<>();
		try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive.body()))) {
			for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
				entries.put(entry.getName(), new String(zip.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		List<String> contents = new ArrayList<>(entries.values());
		contents.removeIf(String::isEmpty);
		assertThat(contents).containsExactlyInAnyOrder("important", "deep", "g", "exact");
		assertThat(entries).containsEntry("dir\uFFFD/data.txt", "exact")
			.containsEntry("dir\uFFFD~2/data.txt", "important")
			.containsEntry("dir\uFFFD~2/sub\uFFFD\uFFFD/deep.txt", "deep");
	}

	@Test
	void bytesThatAreNotUtf8InARequestAreRefusedPlainly() throws IOException {
		tree("asked");
		// %FF is no UTF-8: the path cannot name the entry, so the answer says so.
		TestClient.Response read = this.api.get("/files?path=asked/dir%FF/data.txt");
		assertThat(read.status()).as(read.text()).isBetween(400, 499);
		assertThat(read.header("Content-Type")).startsWith("application/problem+json");
		assertThat(read.json().get("detail").asString()).contains("must be UTF-8");
		// What a listing shows does not reach the entry, and the refusal says why.
		TestClient.Response shown = this.api.get("/files?path=asked/dir%EF%BF%BD/data.txt");
		assertRefused(shown, 404, "file_not_found");
		assertThat(shown.json().get("detail").asString()).contains("lossy_name");
		assertRefused(this.api.get("/files/list?path=asked/dir%FF"), 400, "invalid_request");
		assertRefused(this.api.delete("/files?path=asked/dir%FF&recursive=true"), 400, "invalid_request");
		// A lone surrogate in JSON is no name either.
		assertRefused(json("/files/mkdir", "{\"path\": \"asked/made\\udcff\"}"), 400, "invalid_request");
		assertThat(ROOT.resolve("asked/made?")).doesNotExist();
		assertRefused(json("/sessions", "{\"cmd\": \"true\", \"workdir\": \"" + ROOT + "/asked/dir\\udcff\"}"), 400,
				"invalid_request");
		TestClient.Response start = this.api.post("/sessions",
				Map.of("cmd", "true", "workdir", ROOT + "/asked/dir\uFFFD"));
		assertThat(start.status()).as(start.text()).isBetween(400, 499);
		assertThat(raw("asked/dir%FF/data.txt")).exists();
	}

	/**
	 * A JSON body as written: an escape such as a lone surrogate reaches the server as
	 * is.
	 */
	private TestClient.Response json(String path, String body) {
		return this.api.send("POST", path, "application/json", body);
	}

}
