package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static dev.execd.FilesApiTests.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Directories down as archives and back up: the tree, contents, modes and links survive a
 * tar.gz round trip (and GNU tar reads what execd writes); entries that would land
 * outside the target are refused.
 */
class FilesArchiveTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-archive");

	static final Path OUTSIDE = FilesFixtures.newRoot("files-archive-outside");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@Test
	void aTarGzRoundTripKeepsTheTreeModesAndLinks() throws Exception {
		Path src = tree("src");
		TestClient.Response archive = this.api.get("/files/archive?path=src");
		assertThat(archive.status()).isEqualTo(200);
		assertThat(archive.header("Content-Type")).isEqualTo("application/gzip");
		assertThat(archive.header("Content-Disposition")).contains("src.tar.gz");
		TestClient.Response extracted = this.api.put("/files/archive?path=copy/here", archive.body());
		assertThat(extracted.status()).as(extracted.text()).isEqualTo(200);
		assertThat(extracted.json().get("links").asInt()).isEqualTo(1);
		assertThat(describe(ROOT.resolve("copy/here"))).isEqualTo(describe(src));
		// What execd writes, GNU tar reads the same.
		Path gnu = Files.createDirectories(ROOT.resolve("gnu"));
		Path file = Files.write(ROOT.resolve("src.tar.gz"), archive.body());
		Process tar = new ProcessBuilder("tar", "-xzf", file.toString(), "-C", gnu.toString()).inheritIO().start();
		assertThat(tar.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(tar.exitValue()).isZero();
		assertThat(describe(gnu)).isEqualTo(describe(src));
	}

	@Test
	void aZipRoundTripKeepsTheFilesAndDirectories() throws Exception {
		Path src = tree("zsrc");
		TestClient.Response archive = this.api.get("/files/archive?path=zsrc&format=zip");
		assertThat(archive.status()).isEqualTo(200);
		assertThat(archive.header("Content-Type")).isEqualTo("application/zip");
		assertThat(this.api.put("/files/archive?path=zcopy&format=zip", archive.body()).status()).isEqualTo(200);
		List<String> expected = describe(src).stream()
			.filter((line) -> !line.startsWith("link"))
			.map((line) -> line.replaceAll(" 0[0-7]{3}", ""))
			.toList();
		assertThat(describe(ROOT.resolve("zcopy")).stream().map((line) -> line.replaceAll(" 0[0-7]{3}", "")))
			.containsExactlyElementsOf(expected);
	}

	@Test
	void refusesEntriesThatWouldLandOutside() throws IOException {
		for (String entry : List.of("../evil.txt", "a/../../evil.txt", "/" + OUTSIDE + "/evil.txt",
				"../" + OUTSIDE.getFileName() + "/evil.txt")) {
			assertRefused(this.api.put("/files/archive?path=slip&format=zip", zip(entry)), 403, "path_not_allowed");
		}
		assertRefused(this.api.put("/files/archive?path=.execd-out&format=zip", zip("planted.json")), 403,
				"path_not_allowed");
		assertRefused(this.api.put("/files/archive?path=x&format=zip", "not a zip".getBytes(StandardCharsets.UTF_8)),
				400, "invalid_request");
		assertRefused(this.api.put("/files/archive?path=x", "not a tar".getBytes(StandardCharsets.UTF_8)), 400,
				"invalid_request");
		assertRefused(this.api.get("/files/archive?path=.&format=rar"), 400, "invalid_request");
		try (Stream<Path> outside = Files.list(OUTSIDE)) {
			assertThat(outside).isEmpty();
		}
		assertThat(ROOT.getParent().resolve("evil.txt")).doesNotExist();
	}

	@Test
	void aBodyThatIsNoArchiveLeavesNoDirectoryItMade() throws IOException {
		for (String format : List.of("zip", "tar.gz")) {
			String made = "fresh-" + format;
			assertRefused(this.api.put("/files/archive?path=" + made + "&format=" + format,
					"no archive".getBytes(StandardCharsets.UTF_8)), 400, "invalid_request");
			assertThat(ROOT.resolve(made)).doesNotExist();
			// A directory that was there stays, empty or not.
			Path kept = Files.createDirectories(ROOT.resolve("kept-" + format));
			assertRefused(this.api.put("/files/archive?path=kept-" + format + "&format=" + format,
					"no archive".getBytes(StandardCharsets.UTF_8)), 400, "invalid_request");
			assertThat(kept).isEmptyDirectory();
		}
		// One that got an entry before the refusal keeps it.
		ByteArrayOutputStream twoEntries = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(twoEntries)) {
			zip.putNextEntry(new ZipEntry("first.txt"));
			zip.write("first".getBytes(StandardCharsets.UTF_8));
			zip.putNextEntry(new ZipEntry("../evil.txt"));
		}
		assertRefused(this.api.put("/files/archive?path=partly&format=zip", twoEntries.toByteArray()), 403,
				"path_not_allowed");
		assertThat(ROOT.resolve("partly/first.txt")).hasContent("first");
	}

	@Test
	void refusesGnuSparseEntriesNamingThem() throws Exception {
		Path made = FilesFixtures.newRoot("files-archive-sparse");
		Files.writeString(made.resolve("first.txt"), "first");
		try (RandomAccessFile file = new RandomAccessFile(made.resolve("holes.bin").toFile(), "rw")) {
			file.setLength(10 * 1024 * 1024);
			file.seek(5 * 1024 * 1024);
			file.write('x');
		}
		List<List<String>> variants = List.of(List.of("--format=gnu"), List.of("--format=pax"),
				List.of("--format=pax", "--sparse-version=0.0"), List.of("--format=pax", "--sparse-version=0.1"),
				List.of("--format=pax", "--sparse-version=1.0"));
		for (List<String> variant : variants) {
			String name = "sparse-" + variants.indexOf(variant);
			Path archive = made.resolveSibling(name + ".tgz");
			List<String> argv = new ArrayList<>(List.of("tar", "--sparse"));
			argv.addAll(variant);
			argv.addAll(List.of("-czf", archive.toString(), "-C", made.toString(), "first.txt", "holes.bin"));
			Process tar = new ProcessBuilder(argv).inheritIO().start();
			assertThat(tar.waitFor(30, TimeUnit.SECONDS)).isTrue();
			assertThat(tar.exitValue()).isZero();
			TestClient.Response response = this.api.put("/files/archive?path=" + name, Files.readAllBytes(archive));
			assertRefused(response, 400, "invalid_request");
			assertThat(response.json().get("detail").asString()).as(variant.toString())
				.contains("'holes.bin' is a sparse file");
			// Entries before it stay, as before any refused entry; none of it is written.
			try (Stream<Path> extracted = Files.list(ROOT.resolve(name))) {
				assertThat(extracted.map((path) -> path.getFileName().toString())).as(variant.toString())
					.containsExactly("first.txt");
			}
		}
	}

	private static byte[] zip(String entry) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
			zip.putNextEntry(new ZipEntry("fine.txt"));
			zip.write("fine".getBytes(StandardCharsets.UTF_8));
			zip.putNextEntry(new ZipEntry(entry));
			zip.write("evil".getBytes(StandardCharsets.UTF_8));
		}
		return bytes.toByteArray();
	}

	/** A tree with modes, an empty directory, a long name and a link inside it. */
	private static Path tree(String name) throws IOException {
		Path src = Files.createDirectories(ROOT.resolve(name));
		Path deep = Files.createDirectories(src.resolve("a/b"));
		Files.createDirectories(src.resolve("empty"));
		Files.writeString(src.resolve("run.sh"), "#!/bin/sh\necho hi\n");
		Files.setPosixFilePermissions(src.resolve("run.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
		Files.writeString(deep.resolve("private.txt"), "secret-ish");
		Files.setPosixFilePermissions(deep.resolve("private.txt"), PosixFilePermissions.fromString("rw-------"));
		Files.write(src.resolve("n".repeat(150) + ".bin"), new byte[] { 0, 1, 2, (byte) 255 });
		Files.createSymbolicLink(src.resolve("link"), Path.of("a/b/private.txt"));
		Files.setPosixFilePermissions(src.resolve("a"), PosixFilePermissions.fromString("rwxr-x---"));
		return src;
	}

	/** Every entry below a directory: path, type, mode, and content or link target. */
	private static List<String> describe(Path dir) throws IOException {
		List<String> lines = new ArrayList<>();
		try (Stream<Path> paths = Files.walk(dir)) {
			for (Path path : paths.sorted().toList()) {
				if (path.equals(dir)) {
					continue;
				}
				String rel = dir.relativize(path).toString();
				if (Files.isSymbolicLink(path)) {
					lines.add(rel + " -> " + Files.readSymbolicLink(path));
					continue;
				}
				String mode = PosixFilePermissions
					.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
				lines.add(rel + (Files.isDirectory(path) ? "/" : "") + " 0" + octal(mode) + (Files.isRegularFile(path)
						? " " + java.util.HexFormat.of().formatHex(Files.readAllBytes(path)) : ""));
			}
		}
		return lines;
	}

	private static String octal(String rwx) {
		int mode = 0;
		for (int i = 0; i < 9; i++) {
			if (rwx.charAt(i) != '-') {
				mode |= 1 << (8 - i);
			}
		}
		return String.format("%03o", mode);
	}

}
