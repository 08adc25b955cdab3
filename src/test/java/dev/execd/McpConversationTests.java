package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An MCP session is a conversation of its own unless the client sends
 * {@code X-Conversation-Id}.
 */
class McpConversationTests extends EndToEndTest {

	@Test
	void twoMcpSessionsDoNotSeeEachOthersSessions() {
		try (McpTestClient first = McpTestClient.connect(this.port);
				McpTestClient second = McpTestClient.connect(this.port)) {
			McpTestClient.Result started = first.ok("exec_command", Map.of("cmd", "sleep 100", "yield_time_ms", 0));
			String id = started.sessionId();
			String conversation = (String) started.session().get("conversation_id");
			assertThat(conversation).isNotEqualTo("default");

			assertThat(first.ok("list_sessions", Map.of()).text()).contains(id);
			McpTestClient.Result others = second.ok("list_sessions", Map.of());
			assertThat(others.structured()).isEqualTo(Map.of("sessions", List.of()));
			assertThat(others.text()).isEqualTo("sessions: 0\n---\n");
			assertThat(second.call("write_stdin", Map.of("session_id", id, "chars", "x")).text())
				.startsWith("session_not_found: ");
			assertThat(second.call("kill_session", Map.of("session_id", id)).text()).startsWith("session_not_found: ");

			// The same session over REST: in the MCP session's conversation, and only
			// there.
			assertThat(new TestClient(this.port).get("/sessions/" + id).status()).isEqualTo(404);
			assertThat(new TestClient(this.port).inConversation(conversation).get("/sessions/" + id).status())
				.isEqualTo(200);
			assertThat(first.ok("kill_session", Map.of("session_id", id, "signal", "SIGKILL")).text())
				.startsWith("[exited]\n");
		}
	}

	@Test
	void endingAnMcpSessionEndsTheSessionsOfItsConversationAndOnlyThose() {
		String named = this.api.conversation();
		McpTestClient client = McpTestClient.connect(this.port);
		McpTestClient.Result started = client.ok("exec_command",
				Map.of("cmd", "sleep 1000 & echo child=$!; wait", "wait_for", "child=\\d+\\n"));
		String conversation = (String) started.session().get("conversation_id");
		long leader = ((Number) started.session().get("pid")).longValue();
		long child = Long.parseLong(started.output().replaceAll("(?s).*child=(\\d+).*", "$1"));
		assertThat(Procs.alive(child)).isTrue();
		String kept;
		try (McpTestClient naming = McpTestClient.connect(this.port, "X-Conversation-Id", named)) {
			kept = naming.ok("exec_command", Map.of("cmd", "sleep 1000", "yield_time_ms", 0)).sessionId();
		}

		// closeGracefully sends DELETE /mcp with the session id; the removal completes
		// within that request.
		client.close();
		assertThat(new TestClient(this.port).inConversation(conversation).get("/sessions").json().get("sessions"))
			.isEmpty();
		assertThat(Procs.alive(leader)).isFalse();
		assertThat(Procs.alive(child)).isFalse();
		// A conversation named with X-Conversation-Id may be shared: it stays.
		assertThat(this.api.get("/sessions/" + kept).json().get("status").asString()).isEqualTo("running");
	}

	@Test
	void clientsSendingTheSameConversationShareSessions() {
		String conversation = this.api.conversation();
		try (McpTestClient first = McpTestClient.connect(this.port, "X-Conversation-Id", conversation);
				McpTestClient second = McpTestClient.connect(this.port, "X-Conversation-Id", conversation)) {
			String id = first.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 0)).sessionId();
			McpTestClient.Result echoed = second.ok("write_stdin",
					Map.of("session_id", id, "chars", "shared\\n", "wait_for", "shared"));
			assertThat(echoed.output()).isEqualTo("shared\n");
			assertThat(this.api.get("/sessions/" + id).status()).isEqualTo(200);
		}
	}

}
