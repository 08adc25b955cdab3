package dev.execd;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The MCP tools over real Streamable HTTP with the official SDK's client: a REPL in a
 * terminal, Ctrl-C, a job polled to its exit, reads by offset, kill with a background
 * grandchild. The client sends this test's conversation, so REST sees the same sessions.
 */
class McpToolsTests extends McpEndToEndTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
	};

	@Test
	void listsTheToolsWithDescriptionsAndSchemas() {
		List<McpSchema.Tool> tools = this.mcp.tools();
		assertThat(tools).extracting(McpSchema.Tool::name)
			.containsExactlyInAnyOrder("exec_command", "write_stdin", "read_output", "read_screen", "kill_session",
					"list_sessions", "run_in_shell", "list_processes", "search_output", "read_file", "write_file",
					"list_dir");
		assertThat(tools).allSatisfy((tool) -> {
			assertThat(tool.description()).hasSizeGreaterThan(100);
			assertThat(tool.inputSchema()).containsEntry("type", "object").containsKey("properties");
			assertThat(tool.outputSchema()).containsEntry("type", "object").containsKey("properties");
		});
		// Every field of the REST bodies and queries the contract lists (SPEC 2.1-2.7).
		assertThat(properties(tools, "exec_command")).containsOnlyKeys("cmd", "argv", "workdir", "shell", "login",
				"tty", "cols", "rows", "yield_time_ms", "wait_for", "wait_for_screen", "settle_ms", "input_quiet_ms",
				"max_output_bytes", "truncation", "env", "max_runtime_ms", "idle_timeout_ms", "view", "strip_ansi",
				"stdin", "name", "request_id");
		assertThat(tools.stream().filter((t) -> t.name().equals("exec_command")).findFirst().get().inputSchema())
			.doesNotContainKey("required");
		assertThat(properties(tools, "write_stdin")).containsOnlyKeys("session_id", "chars", "chars_b64", "keys",
				"parts", "eof", "yield_time_ms", "wait_for", "wait_for_screen", "settle_ms", "input_quiet_ms",
				"max_output_bytes", "truncation", "request_id", "view", "strip_ansi");
		assertThat(properties(tools, "read_output")).containsOnlyKeys("session_id", "offset", "max_bytes", "wait_ms",
				"wait_for", "encoding", "wait_for_screen", "settle_ms", "input_quiet_ms", "view", "framing",
				"strip_ansi");
		assertThat(properties(tools, "read_screen")).containsOnlyKeys("session_id", "scrollback");
		assertThat(properties(tools, "kill_session")).containsOnlyKeys("session_id", "signal", "grace_ms");
		assertThat(properties(tools, "list_processes")).containsOnlyKeys("session_id");
		assertThat(properties(tools, "run_in_shell")).containsOnlyKeys("cmd", "session_id", "tty", "workdir",
				"yield_time_ms", "timeout_ms", "wait_for", "max_output_bytes");
		assertThat(properties(tools, "search_output")).containsOnlyKeys("session_id", "pattern", "literal",
				"ignore_case", "context", "max_matches", "from_offset", "to_offset");
		assertThat(properties(tools, "read_file")).containsOnlyKeys("path", "offset_lines", "offset_chars",
				"max_lines");
		assertThat(properties(tools, "write_file")).containsOnlyKeys("path", "content", "content_b64", "mkdirs", "mode",
				"if_match", "if_none_match");
		assertThat(properties(tools, "list_dir")).containsOnlyKeys("path", "depth", "max_entries");
		McpSchema.Tool writeStdin = tools.stream().filter((t) -> t.name().equals("write_stdin")).findFirst().get();
		assertThat(writeStdin.description()).contains("poll", "\"\\x03\"", "C-c", "\"\\r\"", "\"\\n\"");
	}

	@Test
	void drivesAPythonReplInATerminal() {
		McpTestClient.Result started = this.mcp.ok("exec_command",
				Map.of("cmd", "python3 -q", "tty", true, "wait_for", ">>> "));
		String id = started.sessionId();
		assertThat(started.text()).startsWith("[still running]\nsession_id: " + id + "\n").endsWith(">>> ");
		assertThat(started.structured()).containsEntry("matched", true);

		McpTestClient.Result answer = this.mcp.ok("write_stdin",
				Map.of("session_id", id, "chars", "print(7*6)\\r", "wait_for", "42"));
		assertThat(answer.head()).matches("\\[still running\\]\nsession_id: " + id + "\nwall_time_ms: \\d+\n"
				+ "ended_by: match\nlog_url: /sessions/" + id + "/log\\?conversation_id=" + this.api.conversation()
				+ "\n");
		assertThat(answer.output()).contains("42");

		McpTestClient.Result exit = this.mcp.ok("write_stdin",
				Map.of("session_id", id, "chars", "exit()\r", "yield_time_ms", 10000));
		assertThat(exit.head()).startsWith("[exited]\nsession_id: " + id + "\nexit_code: 0\nwall_time_ms: ");
		assertThat(exit.header("signal")).isNull();
	}

	@Test
	void ctrlCInterruptsTheCommand() {
		McpTestClient.Result pipe = this.mcp.ok("exec_command", Map.of("cmd", "sleep 100", "yield_time_ms", 100));
		assertThat(pipe.text()).startsWith("[still running]\n");
		McpTestClient.Result interrupted = this.mcp.ok("write_stdin",
				Map.of("session_id", pipe.sessionId(), "chars", "\\x03", "yield_time_ms", 10000));
		assertThat(interrupted.head()).startsWith("[exited]\n")
			.contains("\nexit_code: 130\nsignal: SIGINT\nwall_time_ms: ");
		assertThat(interrupted.session()).containsEntry("end_reason", "signal");

		McpTestClient.Result tty = this.mcp.ok("exec_command",
				Map.of("cmd", "sleep 100", "tty", true, "yield_time_ms", 100));
		McpTestClient.Result key = this.mcp.ok("write_stdin",
				Map.of("session_id", tty.sessionId(), "keys", List.of("C-c"), "yield_time_ms", 10000));
		assertThat(key.head()).startsWith("[exited]\n").contains("\nexit_code: 130\nsignal: SIGINT\n");
	}

	@Test
	void typesPartsInOrder() {
		String id = this.mcp.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 0)).sessionId();
		McpTestClient.Result typed = this.mcp.ok("write_stdin",
				Map.of("session_id", id, "parts",
						List.of(Map.of("chars", "ab"), Map.of("keys", List.of("c", "Enter")),
								Map.of("chars_b64", "ZA=="), Map.of("keys", List.of("Enter"))),
						// The newline itself: "$" would also match before it arrives.
						"wait_for", "^d\\n", "yield_time_ms", 10000));
		assertThat(typed.output()).isEqualTo("abc\nd\n");
	}

	@Test
	void pollsALongJobUntilItExits() {
		McpTestClient.Result result = this.mcp.ok("exec_command",
				Map.of("cmd", "seq 1 3; sleep 1; echo done", "yield_time_ms", 300));
		assertThat(result.text()).startsWith("[still running]\n");
		StringBuilder output = new StringBuilder(result.output());
		long deadline = System.nanoTime() + 20_000_000_000L;
		while (!result.exited() && System.nanoTime() < deadline) {
			result = this.mcp.ok("write_stdin", Map.of("session_id", result.sessionId(), "yield_time_ms", 500));
			output.append(result.output());
		}
		assertThat(output).hasToString("1\n2\n3\ndone\n");
		assertThat(result.head()).startsWith("[exited]\n").contains("\nexit_code: 0\n").doesNotContain("signal:");
		assertThat(result.structured()).containsEntry("next_offset", 11);
	}

	@Test
	void readsOutputAsRecordsWithFraming() {
		McpTestClient.Result done = this.mcp.ok("exec_command", Map.of("cmd",
				"echo '{\"type\":\"agent_start\"}'; sleep 0.2; echo log >&2; sleep 0.2; echo 'nope'; printf '[1,2]'",
				"yield_time_ms", 10000));
		assertThat(done.exited()).isTrue();
		McpTestClient.Result read = this.mcp.ok("read_output",
				Map.of("session_id", done.sessionId(), "framing", "jsonl"));
		List<Map<String, Object>> lines = read.output().lines().map((line) -> JSON.readValue(line, MAP)).toList();
		assertThat(lines).hasSize(4);
		assertThat(lines.get(0)).containsEntry("offset", 0).containsEntry("record", Map.of("type", "agent_start"));
		assertThat(lines.get(1)).containsEntry("stream", "stderr").containsEntry("text", "log");
		assertThat(lines.get(2)).containsEntry("error", "invalid_json").containsEntry("text", "nope");
		assertThat(lines.get(3)).containsEntry("record", List.of(1, 2));
		assertThat(read.structured()).containsEntry("eof", true).containsEntry("next_offset", 37);
		McpTestClient.Result bad = this.mcp.call("read_output",
				Map.of("session_id", done.sessionId(), "framing", "xml"));
		assertThat(bad.error()).isTrue();
	}

	@Test
	void readsOutputByOffsetAndLongPolls() {
		McpTestClient.Result done = this.mcp.ok("exec_command",
				Map.of("cmd", "printf 'hello world'", "yield_time_ms", 10000));
		assertThat(done.exited()).isTrue();
		McpTestClient.Result tail = this.mcp.ok("read_output", Map.of("session_id", done.sessionId(), "offset", 6));
		assertThat(tail.output()).isEqualTo("world");
		assertThat(tail.header("next_offset")).isEqualTo("11");
		assertThat(tail.structured()).doesNotContainKey("output")
			.containsEntry("output_offset", 6)
			.containsEntry("next_offset", 11)
			.containsEntry("eof", true)
			.containsKeys("matched", "session");

		McpTestClient.Result later = this.mcp.ok("exec_command",
				Map.of("cmd", "sleep 0.5; echo late; sleep 100", "yield_time_ms", 0));
		long started = System.nanoTime();
		McpTestClient.Result waited = this.mcp.ok("read_output",
				Map.of("session_id", later.sessionId(), "offset", 0, "wait_ms", 20000));
		assertThat(waited.output()).isEqualTo("late\n");
		assertThat(waited.header("ended_by")).isEqualTo("output");
		assertThat(waited.text()).startsWith("[still running]\n");
		assertThat(System.nanoTime() - started).isLessThan(10_000_000_000L);
	}

	@Test
	void aPromptEndsTheWaitWithEndedByInput() {
		long started = System.nanoTime();
		McpTestClient.Result prompt = this.mcp.ok("exec_command",
				Map.of("cmd", "python3 -c 'input(\"Continue? [y/N] \")'", "tty", true, "yield_time_ms", 10000));
		assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
		assertThat(prompt.header("ended_by")).isEqualTo("input");
		assertThat(prompt.output()).endsWith("Continue? [y/N] ");
		assertThat(prompt.structured()).containsEntry("ended_by", "input");
		assertThat(prompt.session()).containsEntry("waiting_for_input", true);
		McpTestClient.Result read = this.mcp.ok("read_output",
				Map.of("session_id", prompt.sessionId(), "wait_ms", 10000, "input_quiet_ms", 100));
		assertThat(read.header("ended_by")).isEqualTo("input");
	}

	@Test
	void killsASessionWithItsBackgroundGrandchild() {
		McpTestClient.Result started = this.mcp.ok("exec_command",
				Map.of("cmd", "sleep 1000 & echo $!; wait", "wait_for", "^\\d+\\s*$"));
		long pid = Long.parseLong(started.output().strip());
		assertThat(Procs.alive(pid)).isTrue();
		McpTestClient.Result killed = this.mcp.ok("kill_session", Map.of("session_id", started.sessionId()));
		assertThat(killed.text()).startsWith("[exited]\nsession_id: " + started.sessionId() + "\n").endsWith("---\n");
		assertThat(killed.structured()).containsEntry("session_id", started.sessionId())
			.containsEntry("status", "exited")
			.containsEntry("end_reason", "killed");
		assertThat(Procs.alive(pid)).isFalse();
		assertThat(this.mcp.call("write_stdin", Map.of("session_id", started.sessionId())).text())
			.startsWith("session_not_found: ");
	}

	@Test
	void structuredContentIsTheRestBody() {
		McpTestClient.Result result = this.mcp.ok("exec_command", Map.of("cmd", "echo hi", "yield_time_ms", 10000));
		assertThat(result.structured()).containsOnlyKeys("output_offset", "next_offset", "omitted_bytes",
				"original_token_count", "wall_time_ms", "matched", "ended_by", "session", "screen");
		assertThat(result.output()).isEqualTo("hi\n");
		assertThat(result.structured()).containsEntry("matched", null)
			.containsEntry("ended_by", "exit")
			.containsEntry("screen", null);
		Map<String, Object> rest = JSON.convertValue(this.api.get("/sessions/" + result.sessionId()).json(), MAP);
		assertThat(result.session()).containsOnlyKeys(rest.keySet());
		assertThat(result.session()).containsEntry("exit_code", 0)
			.containsEntry("signal", null)
			.containsEntry("conversation_id", this.api.conversation())
			.containsEntry("started_at", rest.get("started_at"));

		McpTestClient.Result list = this.mcp.ok("list_sessions", Map.of());
		assertThat(list.text())
			.startsWith("sessions: 1\n---\n" + result.sessionId() + " [exited] exit_code: 0 echo hi");
		assertThat(list.structured()).containsOnlyKeys("sessions");
	}

	@Test
	@SuppressWarnings("unchecked")
	void listsAServersPortAndProcesses() {
		McpTestClient.Result started = this.mcp.ok("exec_command",
				Map.of("cmd", "exec python3 -u -m http.server 0", "wait_for", "Serving HTTP"));
		String id = started.sessionId();
		String port = started.output().replaceAll("(?s).*port (\\d+).*", "$1");
		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.mcp.ok("list_sessions", Map.of())
				.text()
				.contains(id + " [still running] ports: " + port));
		McpTestClient.Result processes = this.mcp.ok("list_processes", Map.of("session_id", id));
		assertThat(processes.text()).startsWith("processes: 1\n---\npid ")
			.contains(":" + port)
			.contains("python3 -u -m http.server 0");
		List<Map<String, Object>> listed = (List<Map<String, Object>>) processes.structured().get("processes");
		assertThat(listed).singleElement().satisfies((p) -> assertThat(p.get("listening").toString()).contains(port));
		assertThat(this.mcp.call("list_processes", Map.of("session_id", "nope")).text())
			.startsWith("session_not_found");
	}

	@Test
	@SuppressWarnings("unchecked")
	void execCommandTakesArgvWithoutAShell() {
		McpTestClient.Result result = this.mcp.ok("exec_command",
				Map.of("argv", List.of("printf", "%s|", "a b", "$HOME", "*"), "yield_time_ms", 10000));
		assertThat(result.exited()).isTrue();
		assertThat(result.output()).isEqualTo("a b|$HOME|*|");
		assertThat(result.session()).containsEntry("cmd", null).containsEntry("exit_code", 0);
		assertThat((List<String>) result.session().get("argv")).containsExactly("printf", "%s|", "a b", "$HOME", "*");
		assertThat(this.mcp.call("exec_command", Map.of("argv", List.of("no-such-program-of-execd"))).text())
			.startsWith("command_not_found: ");
	}

	@Test
	void execCommandKeepsTheTailWithTruncationTail() {
		McpTestClient.Result tail = this.mcp.ok("exec_command",
				Map.of("cmd", "seq 1 3000", "yield_time_ms", 10000, "max_output_bytes", 256, "truncation", "tail"));
		assertThat(tail.exited()).isTrue();
		assertThat(tail.header("omitted_bytes")).isNotNull();
		assertThat(tail.output()).endsWith("2999\n3000\n").doesNotStartWith("1\n2\n").contains("[... omitted ");
	}

	@Test
	void execCommandWritesStdinRightAfterTheStart() {
		McpTestClient.Result result = this.mcp.ok("exec_command",
				Map.of("cmd", "head -n 1", "stdin", "hello\\x21\\n", "yield_time_ms", 10000));
		assertThat(result.exited()).isTrue();
		assertThat(result.output()).isEqualTo("hello!\n");
	}

	@Test
	void execCommandEndsAnIdleProcessAfterIdleTimeoutMs() {
		long started = System.nanoTime();
		McpTestClient.Result result = this.mcp.ok("exec_command",
				Map.of("cmd", "sleep 100", "idle_timeout_ms", 300, "yield_time_ms", 20000));
		assertThat(result.exited()).as(result.text()).isTrue();
		assertThat(result.session()).containsEntry("end_reason", "idle_timeout");
		assertThat(System.nanoTime() - started).isLessThan(15_000_000_000L);
	}

	@Test
	@SuppressWarnings("unchecked")
	void execCommandNamesTheSessionForTheList() {
		String id = this.mcp.ok("exec_command", Map.of("cmd", "sleep 100", "name", "dev server", "yield_time_ms", 0))
			.sessionId();
		McpTestClient.Result list = this.mcp.ok("list_sessions", Map.of("status", "running"));
		assertThat((List<Map<String, Object>>) list.structured().get("sessions")).singleElement()
			.satisfies((session) -> assertThat(session).containsEntry("session_id", id)
				.containsEntry("name", "dev server"));
	}

	@Test
	@SuppressWarnings("unchecked")
	void aRetryOfExecCommandWithItsRequestIdStartsNothing() {
		McpTestClient.Result first = this.mcp.ok("exec_command",
				Map.of("cmd", "echo one; sleep 100", "request_id", "build-42", "wait_for", "one"));
		assertThat(first.output()).isEqualTo("one\n");
		// Whatever the rest says, as REST's 200: the existing session, output since its
		// last result.
		McpTestClient.Result retry = this.mcp.ok("exec_command",
				Map.of("cmd", "echo two", "request_id", "build-42", "yield_time_ms", 0));
		assertThat(retry.sessionId()).isEqualTo(first.sessionId());
		assertThat(retry.text()).startsWith("[still running]\nsession_id: " + first.sessionId() + "\n");
		assertThat(retry.output()).isEmpty();
		assertThat(retry.session()).containsEntry("cmd", "echo one; sleep 100");
		assertThat((List<Object>) this.mcp.ok("list_sessions", Map.of()).structured().get("sessions")).hasSize(1);
	}

	@Test
	void writeStdinKeepsTheHeadWithTruncationHead() {
		String id = this.mcp.ok("exec_command", Map.of("cmd", "sleep 0.3; seq 1 3000; sleep 100", "yield_time_ms", 0))
			.sessionId();
		McpTestClient.Result head = this.mcp.ok("write_stdin", Map.of("session_id", id, "wait_for", "^3000$",
				"yield_time_ms", 20000, "max_output_bytes", 256, "truncation", "head"));
		assertThat(head.structured()).containsEntry("matched", true);
		assertThat(head.header("omitted_bytes")).isNotNull();
		assertThat(head.output()).startsWith("1\n2\n3\n").doesNotContain("3000\n");
	}

	@Test
	void aRetriedWriteWithItsRequestIdIsNotWrittenTwice() {
		String id = this.mcp.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 0)).sessionId();
		McpTestClient.Result first = this.mcp.ok("write_stdin",
				Map.of("session_id", id, "chars", "x\\n", "request_id", "type-7", "wait_for", "x\n"));
		assertThat(first.output()).isEqualTo("x\n");
		this.mcp.ok("write_stdin", Map.of("session_id", id, "chars", "x\\n", "request_id", "type-7"));
		this.mcp.ok("write_stdin", Map.of("session_id", id, "chars", "y\\n", "wait_for", "y\n"));
		assertThat(this.mcp.ok("read_output", Map.of("session_id", id, "offset", 0)).output()).isEqualTo("x\ny\n");
	}

	@Test
	void readOutputReturnsBase64OfTheBytes() {
		String id = this.mcp.ok("exec_command", Map.of("cmd", "printf '\\377\\000ab'", "yield_time_ms", 10000))
			.sessionId();
		McpTestClient.Result read = this.mcp.ok("read_output",
				Map.of("session_id", id, "offset", 0, "encoding", "base64"));
		assertThat(read.output()).isEqualTo("/wBhYg==");
		assertThat(read.structured()).containsEntry("next_offset", 4);
		assertThat(this.mcp.ok("read_output", Map.of("session_id", id, "offset", 0)).output())
			.isEqualTo("\uFFFD\u0000ab");
	}

	@Test
	void readOutputWaitsForAMatch() {
		String id = this.mcp
			.ok("exec_command", Map.of("cmd", "echo one; sleep 0.5; echo two; sleep 100", "yield_time_ms", 0))
			.sessionId();
		McpTestClient.Result read = this.mcp.ok("read_output",
				Map.of("session_id", id, "offset", 0, "wait_ms", 20000, "wait_for", "^two$"));
		// Without wait_for the first byte would end the wait.
		assertThat(read.output()).isEqualTo("one\ntwo\n");
		assertThat(read.header("ended_by")).isEqualTo("match");
		assertThat(read.structured()).containsEntry("matched", true);
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> properties(List<McpSchema.Tool> tools, String name) {
		McpSchema.Tool tool = tools.stream().filter((t) -> t.name().equals(name)).findFirst().orElseThrow();
		return (Map<String, Object>) tool.inputSchema().get("properties");
	}

}
