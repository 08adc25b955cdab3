package dev.execd;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * With tokens, {@code /mcp} needs one as every other endpoint does, and the token's name
 * is the tenant of the sessions the tools start and of the MCP session itself.
 */
@TestPropertySource(properties = "execd.security.tokens=agent:mcp-secret,other:other-secret")
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

	@Test
	void anotherTenantNamingAnMcpSessionIsAnsweredAsForAnUnknownOne() {
		String accept = "application/json, text/event-stream";
		TestClient agent = new TestClient(this.port).withHeader("Authorization", "Bearer mcp-secret");
		TestClient other = new TestClient(this.port).withHeader("Authorization", "Bearer other-secret");
		TestClient.Response initialized = agent.send("POST", "/mcp", "application/json", INITIALIZE, "Accept", accept);
		String session = initialized.header("Mcp-Session-Id");
		assertThat(session).as(initialized.text()).isNotNull();
		agent.send("POST", "/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
				"Accept", accept, "Mcp-Session-Id", session);
		String started = agent.send("POST", "/mcp", "application/json", """
				{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"exec_command",
				"arguments":{"cmd":"sleep 1000","yield_time_ms":0}}}""", "Accept", accept, "Mcp-Session-Id", session)
			.text();
		String id = started.replaceAll("(?s).*session_id: ([A-Za-z0-9_-]+).*", "$1");
		assertThat(agent.inConversation(session).get("/sessions/" + id).status()).as(started).isEqualTo(200);

		String unknown = UUID.randomUUID().toString();
		String call = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_sessions\"}}";
		for (List<String> request : List.of(List.of("POST", call), List.of("DELETE", ""), List.of("GET", ""))) {
			String method = request.get(0);
			String body = request.get(1).isEmpty() ? null : request.get(1);
			TestClient.Response foreign = other.send(method, "/mcp", "application/json", body, "Accept", accept,
					"Mcp-Session-Id", session);
			TestClient.Response none = other.send(method, "/mcp", "application/json", body, "Accept", accept,
					"Mcp-Session-Id", unknown);
			assertThat(foreign.status()).as(method + " " + foreign.text()).isEqualTo(404);
			assertThat(foreign.text()).as(method).isEqualTo(none.text());
			assertThat(foreign.header("Content-Type")).as(method).isEqualTo(none.header("Content-Type"));
		}

		// The session and its conversation's sessions are still the agent's.
		assertThat(agent.inConversation(session).get("/sessions/" + id).json().get("status").asString())
			.isEqualTo("running");
		TestClient.Response listed = agent.send("POST", "/mcp", "application/json", call, "Accept", accept,
				"Mcp-Session-Id", session);
		assertThat(listed.status()).isEqualTo(200);
		assertThat(listed.text()).contains(id);
		assertThat(agent.delete("/mcp", "Mcp-Session-Id", session).status()).isEqualTo(200);
		assertThat(agent.inConversation(session).get("/sessions/" + id).status()).isEqualTo(404);
	}

}
