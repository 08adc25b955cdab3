package dev.execd;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code EXECD_TOKENS}, the variable the contract names, configures tokens as
 * {@code EXECD_SECURITY_TOKENS} does: a loopback server given only it does not run open.
 * The clients' {@code EXECD_TOKEN} sets nothing, and a server given only it says so. Each
 * takes a server process of its own, since the environment is the process's.
 */
class TokensFromEnvironmentTests {

	@Test
	void execdTokensAloneRequiresTheToken(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(), Map.of("EXECD_TOKENS", "ci:env-secret-1"))) {
			TestClient.Response refused = server.api.get("/sessions");
			assertThat(refused.status()).isEqualTo(401);
			assertThat(refused.json().get("code").asString()).isEqualTo("unauthorized");
			assertThat(server.api.withHeader("Authorization", "Bearer env-secret-1").get("/sessions").status())
				.isEqualTo(200);
			assertThat(server.output()).doesNotContain("env-secret-1")
				.doesNotContain("Tokens were given on the command line");
		}
	}

	@Test
	void theClientsVariableAloneStartsOpenWithAWarning(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(), Map.of("EXECD_TOKEN", "client-secret-1"))) {
			assertThat(server.api.get("/sessions").status()).isEqualTo(200);
			assertThat(server.output()).containsPattern("WARN .*EXECD_TOKEN, the clients' variable.*EXECD_TOKENS=")
				.doesNotContain("client-secret-1");
		}
	}

	@Test
	void theClientsVariableBesideTokensIsQuiet(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(),
				Map.of("EXECD_TOKENS", "ci:env-secret-1", "EXECD_TOKEN", "env-secret-1"))) {
			assertThat(server.api.withHeader("Authorization", "Bearer env-secret-1").get("/sessions").status())
				.isEqualTo(200);
			assertThat(server.output()).contains("Started ExecdApplication").doesNotContain("the clients' variable");
		}
	}

}
