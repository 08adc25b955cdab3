package dev.execd;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static dev.execd.FilesApiTests.assertRefused;
import static dev.execd.FilesApiTests.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Device nodes are never replaced, moved or removed through the files API: as root, a
 * {@code PUT} over {@code /dev/null} would damage the system. The nodes are made in a
 * root of the test's own, never in {@code /dev}.
 */
class FilesDeviceNodesTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-devices");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	private Path dir;

	@BeforeEach
	void devices() throws Exception {
		assumeTrue("root".equals(System.getProperty("user.name")), "mknod needs root");
		this.dir = Files.createTempDirectory(ROOT, "d");
		mknod(this.dir.resolve("nulldev"), "c");
		mknod(this.dir.resolve("loopdev"), "b");
	}

	@Test
	void aPutOrAPartOverADeviceIsRefused() throws Exception {
		String rel = ROOT.relativize(this.dir) + "/";
		for (String name : new String[] { "nulldev", "loopdev" }) {
			TestClient.Response put = this.api.put("/files?path=" + rel + name, bytes("x"));
			assertRefused(put, 403, "path_not_allowed");
			assertThat(put.json().get("detail").asString()).contains("is a device");
			String boundary = "dev-boundary";
			TestClient.Response posted = this.api.send("POST", "/files?path=" + rel,
					"multipart/form-data; boundary=" + boundary,
					"--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name
							+ "\"\r\n\r\nx\r\n--" + boundary + "--\r\n");
			assertRefused(posted, 403, "path_not_allowed");
			assertStillDevices();
		}
		// A FIFO is still replaced as itself.
		Process mkfifo = new ProcessBuilder("mkfifo", this.dir.resolve("pipe").toString()).inheritIO().start();
		assertThat(mkfifo.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(this.api.put("/files?path=" + rel + "pipe", bytes("x")).status()).isEqualTo(200);
		assertThat(this.dir.resolve("pipe")).hasContent("x");
	}

	@Test
	void aDeviceIsNeitherMovedNorMovedOverNorRemoved() throws Exception {
		String rel = ROOT.relativize(this.dir) + "/";
		Files.writeString(this.dir.resolve("plain"), "plain");
		for (boolean overwrite : new boolean[] { false, true }) {
			TestClient.Response over = this.api.post("/files/move",
					Map.of("from", rel + "plain", "to", rel + "nulldev", "overwrite", overwrite));
			assertRefused(over, 403, "path_not_allowed");
			assertThat(over.json().get("detail").asString()).contains("is a device");
			assertRefused(
					this.api.post("/files/move",
							Map.of("from", rel + "loopdev", "to", rel + "moved", "overwrite", overwrite)),
					403, "path_not_allowed");
		}
		assertRefused(this.api.delete("/files?path=" + rel + "nulldev"), 403, "path_not_allowed");
		assertRefused(this.api.delete("/files?path=" + rel + "&recursive=true"), 403, "path_not_allowed");
		assertThat(this.dir.resolve("plain")).hasContent("plain");
		assertThat(this.dir.resolve("moved")).doesNotExist();
		assertStillDevices();
	}

	@Test
	void anArchiveEntryOverADeviceIsRefused() throws Exception {
		ByteArrayOutputStream zip = new ByteArrayOutputStream();
		try (ZipOutputStream out = new ZipOutputStream(zip)) {
			out.putNextEntry(new ZipEntry("nulldev"));
			out.write(bytes("x"));
			out.closeEntry();
		}
		TestClient.Response put = this.api.put("/files/archive?format=zip&path=" + ROOT.relativize(this.dir),
				zip.toByteArray());
		assertRefused(put, 403, "path_not_allowed");
		assertThat(put.json().get("detail").asString()).contains("is a device");
		assertStillDevices();
	}

	private void assertStillDevices() throws Exception {
		assertThat(Files.getAttribute(this.dir.resolve("nulldev"), "unix:mode", LinkOption.NOFOLLOW_LINKS))
			.matches((mode) -> ((Integer) mode & 0170000) == 0020000);
		assertThat(Files.getAttribute(this.dir.resolve("loopdev"), "unix:mode", LinkOption.NOFOLLOW_LINKS))
			.matches((mode) -> ((Integer) mode & 0170000) == 0060000);
	}

	private static void mknod(Path path, String type) throws Exception {
		// 1,3 is the null device; 7,200 a loop device number no test opens.
		String[] numbers = type.equals("c") ? new String[] { "1", "3" } : new String[] { "7", "200" };
		Process mknod = new ProcessBuilder("mknod", path.toString(), type, numbers[0], numbers[1]).inheritIO().start();
		assertThat(mknod.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(mknod.exitValue()).isZero();
	}

}
