package dev.execd;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static dev.execd.FilesApiTests.assertRefused;
import static dev.execd.FilesApiTests.bytes;
import static dev.execd.FilesApiTests.q;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * With tokens and tenant roots each tenant reaches its own directory only: relative paths
 * resolve from it and no path names another tenant's files. Uploads are capped by
 * execd.files.max-upload-size.
 */
@TestPropertySource(properties = { "execd.security.tokens=alice:alice-secret-1,bob:bob-secret-2,carol:carol-3",
		"execd.files.max-upload-size=1KB" })
class FilesTenantTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-tenants");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) throws Exception {
		FilesFixtures.confineTo(registry, ROOT);
		Files.createDirectories(ROOT.resolve("alice"));
		Files.createDirectories(ROOT.resolve("bob"));
		registry.add("execd.files.tenant-roots.alice", () -> ROOT.resolve("alice").toString());
		registry.add("execd.files.tenant-roots.bob", () -> ROOT.resolve("bob").toString());
	}

	@Test
	void eachTenantReachesItsOwnRootOnly() {
		TestClient alice = this.api.withHeader("Authorization", "Bearer alice-secret-1");
		TestClient bob = this.api.withHeader("Authorization", "Bearer bob-secret-2");
		TestClient carol = this.api.withHeader("Authorization", "Bearer carol-3");
		assertThat(alice.put("/files?path=notes.txt", bytes("alice's")).status()).isEqualTo(201);
		assertThat(ROOT.resolve("alice/notes.txt")).hasContent("alice's");
		assertThat(alice.get("/files?path=" + q(ROOT + "/alice/notes.txt")).text()).isEqualTo("alice's");
		assertRefused(bob.get("/files?path=notes.txt"), 404, "file_not_found");
		for (String path : new String[] { "../alice/notes.txt", ROOT + "/alice/notes.txt", ROOT.toString() }) {
			assertRefused(bob.get("/files?path=" + q(path)), 403, "path_not_allowed");
			assertRefused(bob.put("/files?path=" + q(path), bytes("bob's")), 403, "path_not_allowed");
		}
		assertRefused(carol.get("/files/list?path=."), 403, "path_not_allowed");
		assertThat(bob.get("/files/list?path=.").json().get("entries")).isEmpty();
		assertThat(this.api.get("/files?path=notes.txt").status()).isEqualTo(401);
		assertThat(ROOT.resolve("alice/notes.txt")).hasContent("alice's");
	}

	@Test
	void refusesAnUploadOverTheCap() throws Exception {
		TestClient alice = this.api.withHeader("Authorization", "Bearer alice-secret-1");
		assertThat(alice.put("/files?path=small.bin", new byte[1024]).status()).isEqualTo(201);
		assertRefused(alice.put("/files?path=big.bin", new byte[1025]), 413, "payload_too_large");
		// Without a declared length the cap is found while streaming.
		HttpResponse<String> chunked = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/files?path=chunked.bin"))
				.header("Authorization", "Bearer alice-secret-1")
				.PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[4096])))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(chunked.statusCode()).isEqualTo(413);
		assertThat(chunked.body()).contains("payload_too_large");
		try (var names = Files.list(ROOT.resolve("alice"))) {
			assertThat(names.map((p) -> p.getFileName().toString())).doesNotContain("big.bin", "chunked.bin")
				.noneMatch((n) -> n.endsWith(".part"));
		}
	}

}
