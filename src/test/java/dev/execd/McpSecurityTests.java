package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * With tokens, {@code /mcp} needs one as every other endpoint does, and the token's name
 * is the tenant of the sessions the tools start.
 */
@TestPropertySource(properties = "execd.security.tokens=agent:mcp-secret")
class McpSecurityTests extends EndToEndTest {

	private static final String INITIALIZE = """
			{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
			"capabilities":{},"clientInfo":{"name":"test","version":"1"}}}""";

	@Test
	void refusesAClientWithoutTheToken() {
		try (McpTestClient anonymous = McpTestClient.create(this.port);
				McpTestClient wrong = McpTestClient.create(this.port, "Authorization", "Bearer not-the-secret")) {
			assertThatThrownBy(() -> anonymous.sdk().initialize()).isInstanceOf(RuntimeException.class);
			assertThatThrownBy(() -> wrong.sdk().initialize()).isInstanceOf(RuntimeException.class);
		}
		TestClient.Response response = new TestClient(this.port).send("POST", "/mcp", "application/json", INITIALIZE,
				"Accept", "application/json, text/event-stream");
		assertThat(response.status()).isEqualTo(401);
		assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
		assertThat(response.json().get("code").asString()).isEqualTo("unauthorized");
	}

	@Test
	void acceptsAClientWithTheTokenAndScopesItsSessionsToTheTenant() {
		TestClient agent = this.api.withHeader("Authorization", "Bearer mcp-secret");
		try (McpTestClient client = McpTestClient.connect(this.port, "Authorization", "Bearer mcp-secret",
				"X-Conversation-Id", this.api.conversation())) {
			McpTestClient.Result result = client.ok("exec_command", Map.of("cmd", "echo hi", "yield_time_ms", 10000));
			assertThat(result.output()).isEqualTo("hi\n");
			assertThat(agent.get("/sessions/" + result.sessionId()).status()).isEqualTo(200);
			agent.delete("/sessions");
		}
	}

}
