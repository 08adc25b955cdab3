package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;

import static dev.execd.FilesApiTests.assertRefused;
import static dev.execd.FilesApiTests.q;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An {@code execd.*} property that sets nothing refuses the start, naming it and the
 * property it likely meant: ignored, a tenant's root would leave every tenant's files
 * open to the others. The environment's variables take a server process of their own.
 */
class UnknownSettingsTests {

	@Test
	void refusesATenantRootVariableWithTheDashAsAnUnderscore(@TempDir Path dir) throws Exception {
		Files.createDirectories(dir.resolve("roots/alice"));
		String output = ChildServer.refusal(dir, Map.of("EXECD_TOKENS", "alice:atok-1,bob:btok-2",
				"EXECD_FILES_TENANT_ROOTS_ALICE", dir.resolve("roots/alice").toString()));
		assertThat(output).contains("EXECD_FILES_TENANT_ROOTS_ALICE sets no execd property")
			.contains("did you mean execd.files.tenant-roots.alice, in the environment EXECD_FILES_TENANTROOTS_ALICE?")
			.doesNotContain("Tomcat started");
	}

	@Test
	void theDocumentedVariablesStartAndConfineEachTenant(@TempDir Path dir) throws Exception {
		Path roots = Files.createDirectories(dir.resolve("roots"));
		Files.createDirectories(roots.resolve("alice"));
		Files.writeString(Files.createDirectories(roots.resolve("bob")).resolve("secret.txt"), "bob's");
		Map<String, String> environment = Map.of("EXECD_TOKENS", "alice:atok-1,bob:btok-2",
				"EXECD_PROCESS_WORKDIR_ROOTS", roots.toString(), "EXECD_FILES_TENANTROOTS_ALICE",
				roots.resolve("alice").toString(), "EXECD_FILES_TENANTROOTS_BOB", roots.resolve("bob").toString(),
				"EXECD_URL", "http://127.0.0.1:1", "EXECD_SESSION_ID", "s_0123", "EXECD_SERVICE_HOST", "10.0.0.1",
				"EXECD_PORT_8080_TCP_ADDR", "10.0.0.1");
		try (ChildServer server = ChildServer.start(dir, List.of(), environment)) {
			TestClient alice = server.api.withHeader("Authorization", "Bearer atok-1");
			assertRefused(alice.get("/files/list?path=" + q(roots.resolve("bob").toString())), 403, "path_not_allowed");
			assertRefused(alice.get("/files?path=" + q(roots.resolve("bob/secret.txt").toString())), 403,
					"path_not_allowed");
			assertThat(alice.get("/files/list?path=.").status()).isEqualTo(200);
		}
	}

	@Test
	void refusesAMisspeltPropertyNamingTheOneMeant(@TempDir Path dir) {
		assertThatThrownBy(() -> new SpringApplicationBuilder(ExecdApplication.class).run("--server.port=0",
				"--execd.output.dir=" + dir, "--execd.limits.max-sesions=5", "--execd.heap.native-trim=0s"))
			.rootCause()
			.hasMessageContaining("execd.limits.max-sesions")
			.hasMessageContaining("is no execd property: did you mean execd.limits.max-sessions?");
	}

}
