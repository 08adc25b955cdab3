package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP refusals are tool errors whose text starts with the contract's code, validated as
 * REST validates.
 */
class McpErrorTests extends McpEndToEndTest {

	@Test
	void refusesInvalidArgumentsWithInvalidRequest() {
		// As REST: exactly one of cmd and argv.
		assertError("exec_command", Map.of("tty", true), "invalid_request: give exactly one of cmd and argv");
		assertError("exec_command", Map.of("cmd", "true", "argv", List.of("true")),
				"invalid_request: give exactly one of cmd and argv");
		assertError("exec_command", Map.of("cmd", "true", "yield_time_ms", -1),
				"invalid_request: yield_time_ms must not be negative");
		assertError("exec_command", Map.of("cmd", "true", "tty", "maybe"), "invalid_request: field 'tty'");
		assertError("exec_command", Map.of("cmd", "true", "wait_for", "("), "invalid_request: wait_for is not");
		assertError("exec_command", Map.of("cmd", 5), "invalid_request: field 'cmd'");
		assertError("exec_command", Map.of("cmd", "true", "tty", 2), "invalid_request: field 'tty'");
		assertError("exec_command", Map.of("cmd", "true", "yield_time_ms", 1.5),
				"invalid_request: field 'yield_time_ms'");
		assertError("exec_command", Map.of("cmd", "true", "yield_time_ms", "100"),
				"invalid_request: field 'yield_time_ms'");
		assertError("write_stdin", Map.of("session_id", 12), "invalid_request: session_id must be a string");
		assertError("list_sessions", Map.of("status", "sleeping"), "invalid_request: status must be");
	}

	@Test
	void mapsSessionRefusalsToTheirCodes() {
		assertError("write_stdin", Map.of("session_id", "no-such-session"), "session_not_found: ");
		assertError("read_output", Map.of("session_id", "no-such-session"), "session_not_found: ");
		assertError("kill_session", Map.of("session_id", "no-such-session"), "session_not_found: ");
		assertError("exec_command", Map.of("cmd", "true", "workdir", "/no/such/dir"), "workdir_not_found: ");

		String cat = this.mcp.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 0)).sessionId();
		assertError("write_stdin", Map.of("session_id", cat, "keys", List.of("Hyper-x")), "unknown_key: ");
		assertError("write_stdin", Map.of("session_id", cat, "chars_b64", "***"), "invalid_base64: ");
		assertError("write_stdin",
				Map.of("session_id", cat, "chars", "a", "parts", List.of(Map.of("keys", List.of("Enter")))),
				"invalid_request: ");
		assertError("write_stdin", Map.of("session_id", cat, "parts", List.of(Map.of())), "invalid_request: ");
		assertError("write_stdin", Map.of("session_id", cat, "parts", List.of(Map.of("keys", List.of("Hyper-x")))),
				"unknown_key: ");
		assertError("kill_session", Map.of("session_id", cat, "signal", "SIGNOPE"), "unknown_signal: ");
		assertError("read_output", Map.of("session_id", cat, "offset", 1000), "offset_out_of_range: ");
		assertError("read_output", Map.of("session_id", cat, "offset", 1000, "framing", "lines"),
				"offset_out_of_range: ");

		String done = this.mcp.ok("exec_command", Map.of("cmd", "true", "yield_time_ms", 10000)).sessionId();
		assertError("write_stdin", Map.of("session_id", done, "chars", "x"), "session_exited: ");
	}

	@Test
	void refusesNumbersOutsideTheirRangesUnlessTheToolClampsThem() {
		String done = this.mcp.ok("exec_command", Map.of("cmd", "echo '{}'", "yield_time_ms", 10000)).sessionId();
		assertError("search_output", Map.of("pattern", "x", "context", 11),
				"invalid_request: context must be between 0 and 10");
		assertError("search_output", Map.of("session_id", done, "pattern", "x", "max_matches", 0),
				"invalid_request: max_matches must be between 1 and 1000");
		assertError("read_output", Map.of("session_id", done, "settle_ms", 30001),
				"invalid_request: settle_ms must be between 0 and 30000");
		assertError("exec_command", Map.of("cmd", "true", "input_quiet_ms", 60001),
				"invalid_request: input_quiet_ms must be between 0 and 60000");
		// read_output's wait_ms is clamped, with framing to a records poll's 30000.
		McpTestClient.Result framed = this.mcp.ok("read_output",
				Map.of("session_id", done, "framing", "jsonl", "wait_ms", 60000));
		assertThat(framed.structured()).containsEntry("eof", true);
	}

	@Test
	void refusesBadValuesOfTheRestFieldsAsRestDoes() {
		String long129 = "x".repeat(129);
		assertError("exec_command", Map.of("cmd", "true", "truncation", "middle"),
				"invalid_request: truncation must be head_tail, tail or head");
		assertError("exec_command", Map.of("argv", List.of()), "invalid_request: argv needs a program in argv[0]");
		assertError("exec_command", Map.of("argv", "true"), "invalid_request: field 'argv'");
		assertError("exec_command", Map.of("cmd", "true", "idle_timeout_ms", -1),
				"invalid_request: idle_timeout_ms must not be negative");
		assertError("exec_command", Map.of("cmd", "true", "name", long129),
				"invalid_request: name is longer than 128 characters");
		assertError("exec_command", Map.of("cmd", "true", "request_id", long129),
				"invalid_request: request_id is longer than 128 characters");
		assertError("exec_command", Map.of("cmd", "true", "stdin", 5), "invalid_request: field 'stdin'");
		String cat = this.mcp.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 0)).sessionId();
		assertError("write_stdin", Map.of("session_id", cat, "truncation", "middle"),
				"invalid_request: truncation must be head_tail, tail or head");
		assertError("write_stdin", Map.of("session_id", cat, "chars", "a", "request_id", long129),
				"invalid_request: request_id is longer than 128 characters");
		assertError("read_output", Map.of("session_id", cat, "encoding", "hex"),
				"invalid_request: encoding must be utf8 or base64");
		assertError("read_output", Map.of("session_id", cat, "wait_for", "("),
				"invalid_request: wait_for is not a valid regular expression");
		// Refused before anything is written.
		assertThat(this.mcp.ok("read_output", Map.of("session_id", cat, "offset", 0)).output()).isEmpty();
	}

	/**
	 * A {@code tools/call} whose params are not the shape the SDK deserializes is
	 * JSON-RPC's invalid params, not a 500 with half a response; as a notification it
	 * gets no answer at all.
	 */
	@Test
	void aToolCallWithMalformedParamsIsInvalidParamsButANotificationGetsNoAnswer() {
		TestClient http = new TestClient(this.port);
		String accept = "application/json, text/event-stream";
		TestClient.Response initialized = http.send("POST", "/mcp", "application/json", """
				{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
				"capabilities":{},"clientInfo":{"name":"test","version":"1"}}}""", "Accept", accept);
		String session = initialized.header("Mcp-Session-Id");
		assertThat(session).as(initialized.text()).isNotNull();
		http.send("POST", "/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
				"Accept", accept, "Mcp-Session-Id", session);
		for (String params : List.of(",\"params\":{\"name\":\"list_sessions\",\"arguments\":[]}",
				",\"params\":{\"name\":\"list_sessions\",\"arguments\":\"echo\"}", "", ",\"params\":null",
				",\"params\":[]", ",\"params\":{\"arguments\":{}}", ",\"params\":{\"name\":7}")) {
			TestClient.Response response = http.send("POST", "/mcp", "application/json",
					"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\"" + params + "}", "Accept", accept,
					"Mcp-Session-Id", session);
			assertThat(response.status()).as(params + " " + response.text()).isEqualTo(200);
			assertThat(response.json().get("error").get("code").asInt()).as(params).isEqualTo(-32602);
			assertThat(response.json().get("id").asInt()).isEqualTo(2);
		}
		// Notifications get no JSON-RPC answer, an error included: 202 and no body.
		for (String notification : List.of("{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":[]}",
				"{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\"}",
				"{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":{\"name\":\"list_sessions\",\"arguments\":1}}",
				"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":\"x\"}")) {
			TestClient.Response response = http.send("POST", "/mcp", "application/json", notification, "Accept", accept,
					"Mcp-Session-Id", session);
			assertThat(response.status()).as(notification + " " + response.text()).isEqualTo(202);
			assertThat(response.text()).as(notification).isEmpty();
		}
		// A key given twice would let the last one win: refused before the transport.
		TestClient.Response twice = http.send("POST", "/mcp", "application/json",
				"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"start\","
						+ "\"arguments\":{\"cmd\":\"echo first\",\"cmd\":\"echo second\"}}}",
				"Accept", accept, "Mcp-Session-Id", session);
		assertThat(twice.status()).as(twice.text()).isEqualTo(400);
		assertThat(twice.header("Content-Type")).startsWith("application/problem+json");
		assertThat(twice.json().get("code").asString()).isEqualTo("invalid_request");
		assertThat(twice.json().get("detail").asString()).contains("key twice");
		TestClient.Response listed = http.send("POST", "/mcp", "application/json",
				"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_sessions\"}}",
				"Accept", accept, "Mcp-Session-Id", session);
		assertThat(listed.status()).isEqualTo(200);
		assertThat(listed.text()).contains("\"result\"").doesNotContain("\"error\"");
	}

	/**
	 * A body that is not a JSON-RPC message is the client's mistake: a problem for the
	 * client, not an error in execd's log.
	 */
	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aBodyThatIsNotJsonRpcIsAProblemAndNoErrorInTheLog(CapturedOutput log) {
		TestClient http = new TestClient(this.port);
		String accept = "application/json, text/event-stream";
		String session = http.send("POST", "/mcp", "application/json", """
				{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
				"capabilities":{},"clientInfo":{"name":"test","version":"1"}}}""", "Accept", accept)
			.header("Mcp-Session-Id");
		for (String body : List.of("not json", "{}", "[]", "7", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":[1]}",
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"", "{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":7}")) {
			for (String id : new String[] { session, "no-such-session" }) {
				TestClient.Response response = http.send("POST", "/mcp", "application/json", body, "Accept", accept,
						"Mcp-Session-Id", id);
				assertThat(response.status()).as(body + " " + response.text()).isEqualTo(400);
				assertThat(response.header("Content-Type")).as(body).startsWith("application/problem+json");
				assertThat(response.json().get("code").asString()).as(body).isEqualTo("invalid_request");
			}
		}
		assertThat(log.toString().lines().filter((line) -> line.contains(" ERROR ")).toList()).isEmpty();
		assertThat(log.toString()).doesNotContain("\tat io.modelcontextprotocol");
	}

	@Test
	void refusesAMalformedConversationHeader() {
		try (McpTestClient client = McpTestClient.connect(this.port, "X-Conversation-Id", "no/slashes")) {
			McpTestClient.Result result = client.call("list_sessions", Map.of());
			assertThat(result.error()).isTrue();
			assertThat(result.text()).startsWith("invalid_conversation_id: ");
		}
	}

	private void assertError(String tool, Map<String, ?> arguments, String prefix) {
		McpTestClient.Result result = this.mcp.call(tool, arguments);
		assertThat(result.error()).as(tool + " " + arguments).isTrue();
		assertThat(result.text()).as(tool + " " + arguments).startsWith(prefix);
	}

}
