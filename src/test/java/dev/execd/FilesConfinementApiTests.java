package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static dev.execd.FilesApiTests.assertRefused;
import static dev.execd.FilesApiTests.bytes;
import static dev.execd.FilesApiTests.q;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every way out of the roots over HTTP is refused with 403 {@code path_not_allowed}, and
 * nothing is ever read or written outside; execd's output directory, inside the root
 * here, stays unreachable.
 */
class FilesConfinementApiTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-confined");

	static final Path OUTSIDE = FilesFixtures.newRoot("files-outside");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
	}

	@BeforeEach
	void secretOutside() throws IOException {
		Files.writeString(OUTSIDE.resolve("secret"), "SECRET");
	}

	@Test
	void refusesDotDotAndAbsolutePathsOutside() throws IOException {
		for (String path : List.of("..", "../" + OUTSIDE.getFileName() + "/secret", "a/../../x", OUTSIDE + "/secret",
				"/etc/passwd", "/")) {
			assertRefused(this.api.get("/files?path=" + q(path)), 403, "path_not_allowed");
			assertRefused(this.api.get("/files/stat?path=" + q(path)), 403, "path_not_allowed");
		}
		assertRefused(this.api.put("/files?path=" + q("../escape.txt"), bytes("x")), 403, "path_not_allowed");
		assertRefused(this.api.put("/files?path=" + q(OUTSIDE + "/new.txt"), bytes("x")), 403, "path_not_allowed");
		assertRefused(this.api.delete("/files?path=" + q(OUTSIDE + "/secret")), 403, "path_not_allowed");
		assertRefused(this.api.post("/files/move", Map.of("from", OUTSIDE + "/secret", "to", "stolen")), 403,
				"path_not_allowed");
		assertRefused(this.api.post("/files/mkdir", Map.of("path", "../made", "parents", true)), 403,
				"path_not_allowed");
		assertThat(this.api.get("/files/list?path=" + q("sub/..")).status()).isEqualTo(200);
		assertThat(entries(OUTSIDE)).containsExactly("secret");
	}

	@Test
	void refusesALinkOnTheWayOrAtTheEnd() throws IOException {
		Path link = ROOT.resolve("out-link");
		Files.deleteIfExists(link);
		Files.createSymbolicLink(link, OUTSIDE);
		Files.deleteIfExists(ROOT.resolve("secret-link"));
		Files.createSymbolicLink(ROOT.resolve("secret-link"), OUTSIDE.resolve("secret"));
		assertRefused(this.api.get("/files?path=out-link/secret"), 403, "path_not_allowed");
		assertRefused(this.api.get("/files?path=secret-link"), 403, "path_not_allowed");
		assertRefused(this.api.get("/files?path=secret-link&encoding=utf8"), 403, "path_not_allowed");
		assertRefused(this.api.put("/files?path=out-link/new.txt", bytes("x")), 403, "path_not_allowed");
		assertRefused(this.api.put("/files?path=out-link/a/b.txt&mkdirs=true", bytes("x")), 403, "path_not_allowed");
		assertRefused(this.api.get("/files/list?path=out-link"), 403, "path_not_allowed");
		assertRefused(this.api.delete("/files?path=out-link/secret"), 403, "path_not_allowed");
		assertThat(this.api.get("/files/stat?path=secret-link").json().get("target").asString())
			.isEqualTo(OUTSIDE + "/secret");
		assertThat(entries(OUTSIDE)).containsExactly("secret");
	}

	/** A directory swapped for a link to outside (and back) while requests run. */
	@Test
	void aLinkSwappedInDuringRequestsNeverLeadsOutside() throws Exception {
		Path dir = Files.createDirectories(ROOT.resolve("swapped"));
		Files.writeString(dir.resolve("secret"), "inside");
		Path parked = ROOT.resolve("parked");
		Path link = Files.createSymbolicLink(ROOT.resolve("link-parked"), OUTSIDE);
		AtomicBoolean running = new AtomicBoolean(true);
		Thread swapper = Thread.ofPlatform().start(() -> {
			try {
				while (running.get()) {
					Files.move(dir, parked, StandardCopyOption.ATOMIC_MOVE);
					Files.move(link, dir, StandardCopyOption.ATOMIC_MOVE);
					Files.move(dir, link, StandardCopyOption.ATOMIC_MOVE);
					Files.move(parked, dir, StandardCopyOption.ATOMIC_MOVE);
					// Two cores: leave the server some of them.
					Thread.yield();
				}
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		});
		try {
			for (int i = 0; i < 200; i++) {
				TestClient.Response put = this.api.put("/files?path=swapped/new.txt", bytes("x"));
				assertThat(put.status()).as(put.text()).isIn(200, 201, 403, 404);
				TestClient.Response get = this.api.get("/files?path=swapped/secret");
				assertThat(get.status()).as(get.text()).isIn(200, 403, 404);
				if (get.status() == 200) {
					assertThat(get.text()).isEqualTo("inside");
				}
			}
		}
		finally {
			running.set(false);
			swapper.join();
		}
		assertThat(entries(OUTSIDE)).containsExactly("secret");
		assertThat(OUTSIDE.resolve("secret")).hasContent("SECRET");
	}

	@Test
	void neverReachesTheOutputDirectory() throws IOException {
		Path output = ROOT.resolve(".execd-out");
		assertThat(output).isDirectory();
		String absolute = output.toString();
		for (String path : List.of(".execd-out", ".execd-out/execd.lock", absolute, "x/../.execd-out")) {
			assertRefused(this.api.get("/files/stat?path=" + q(path)), 403, "path_not_allowed");
			assertRefused(this.api.get("/files/list?path=" + q(path)), 403, "path_not_allowed");
			assertRefused(this.api.put("/files?path=" + q(path + "/planted.json"), bytes("{}")), 403,
					"path_not_allowed");
		}
		assertRefused(this.api.delete("/files?path=" + q(absolute) + "&recursive=true"), 403, "path_not_allowed");
		assertRefused(this.api.post("/files/move", Map.of("from", ".execd-out", "to", "logs")), 403,
				"path_not_allowed");
		assertThat(this.api.get("/files/list?path=.&depth=4")
			.json()
			.get("entries")
			.valueStream()
			.map((e) -> e.get("name").asString())).doesNotContain(".execd-out");
		assertThat(output).isDirectory();
	}

	private static List<String> entries(Path dir) throws IOException {
		try (Stream<Path> files = Files.walk(dir)) {
			return files.filter((p) -> !p.equals(dir)).map((p) -> dir.relativize(p).toString()).toList();
		}
	}

}
