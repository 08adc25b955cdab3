package dev.execd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.assertj.core.api.InstanceOfAssertFactories;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code run_in_shell} tool through the SDK's client: the conversation's shell is
 * started once and keeps its state, each command has its own result.
 */
class McpShellTests extends McpEndToEndTest {

	private McpTestClient.Result run(Map<String, ?> arguments) {
		return this.mcp.ok("run_in_shell", arguments);
	}

	@Test
	void stateCarriesOverInTheConversationsShell() {
		McpTestClient.Result cd = run(Map.of("cmd", "cd /tmp"));
		String id = cd.sessionId();
		assertThat(cd.text()).matches("\\[exited\\]\nsession_id: " + id + "\ncommand_id: \\S+\nexit_code: 0\n"
				+ "pipe_status: \\[0\\]\nend: exit\nwall_time_ms: \\d+\nlog_url: /sessions/" + id
				+ "/log\\?conversation_id=" + this.api.conversation() + "\n---\n");
		McpTestClient.Result pwd = run(Map.of("cmd", "pwd"));
		assertThat(pwd.sessionId()).isEqualTo(id);
		assertThat(pwd.output()).isEqualTo("/tmp\n");
		assertThat(pwd.header("command_id")).isNotEqualTo(cd.header("command_id"));
		assertThat(pwd.structured()).containsEntry("session_id", id)
			.containsEntry("status", "exited")
			.containsEntry("exit_code", 0)
			.doesNotContainKey("output")
			.containsEntry("end", "exit")
			.containsKeys("command_id", "seq", "output_offset", "next_offset", "duration_ms");

		McpTestClient.Result sessions = this.mcp.ok("list_sessions", Map.of("status", "running"));
		// The shell printed /tmp, so the line ends with when it last printed.
		assertThat(sessions.text()).matches("sessions: 1\n---\n" + java.util.regex.Pattern.quote(id)
				+ " \\[still running\\] \\(shell mcp-shell\\) last_output_at: \\S+Z\n");
		assertThat(sessions.structured().get("sessions")).asInstanceOf(InstanceOfAssertFactories.LIST)
			.singleElement()
			.asInstanceOf(InstanceOfAssertFactories.MAP)
			.containsEntry("session_id", id)
			.containsEntry("kind", "shell")
			.containsEntry("name", "mcp-shell");
	}

	@Test
	void reportsEachCommandsExitCodeAndPipeStatus() {
		McpTestClient.Result failed = run(Map.of("cmd", "false"));
		assertThat(failed.header("exit_code")).isEqualTo("1");
		assertThat(run(Map.of("cmd", "(exit 3)")).header("exit_code")).isEqualTo("3");
		McpTestClient.Result pipe = run(Map.of("cmd", "true | false"));
		assertThat(pipe.header("exit_code")).isEqualTo("1");
		assertThat(pipe.header("pipe_status")).isEqualTo("[0, 1]");
		assertThat(pipe.structured()).containsEntry("pipe_status", List.of(0, 1));
		McpTestClient.Result syntax = run(Map.of("cmd", "if then"));
		assertThat(syntax.header("exit_code")).isEqualTo("2");
		assertThat(run(Map.of("cmd", "printf abc")).output()).isEqualTo("abc");
	}

	@Test
	void runsInAShellNamedBySessionIdAndStartsTheConversationsShellWithItsSettings() {
		String rest = id(start(Map.of("shell", true, "yield_time_ms", 0)));
		run(Map.of("cmd", "export MARK=rest", "session_id", rest));
		McpTestClient.Result named = run(Map.of("cmd", "echo $MARK", "session_id", rest));
		assertThat(named.sessionId()).isEqualTo(rest);
		assertThat(named.output()).isEqualTo("rest\n");

		// A shell started over REST is not the conversation's: the first call without an
		// id starts that one, in the call's workdir and terminal.
		McpTestClient.Result own = run(
				Map.of("cmd", "pwd; [ -t 1 ] && echo tty; echo \"[$MARK]\"", "workdir", "/tmp", "tty", true));
		assertThat(own.sessionId()).isNotEqualTo(rest);
		assertThat(own.output()).isEqualTo("/tmp\r\ntty\r\n[]\r\n");
		assertThat(run(Map.of("cmd", "true", "tty", true)).sessionId()).isEqualTo(own.sessionId());

		assertThat(this.mcp.call("run_in_shell", Map.of("cmd", "pwd", "workdir", "/")).text())
			.startsWith("invalid_request: workdir applies only when run_in_shell starts the shell");
		assertThat(this.mcp.call("run_in_shell", Map.of("cmd", "pwd", "tty", false)).text())
			.startsWith("invalid_request: ");
		String command = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		assertThat(this.mcp.call("run_in_shell", Map.of("cmd", "pwd", "session_id", command)).text())
			.startsWith("not_a_shell: ");
		assertThat(this.mcp.call("run_in_shell", Map.of("cmd", "pwd", "session_id", "nope")).text())
			.startsWith("session_not_found: ");
		assertThat(this.mcp.call("run_in_shell", Map.of("session_id", rest)).text())
			.startsWith("invalid_request: argument 'cmd' is required");
	}

	@Test
	void aTimeoutEndsTheCommandAndNotTheShell() {
		long started = System.nanoTime();
		McpTestClient.Result slow = run(Map.of("cmd", "sleep 100", "timeout_ms", 500, "yield_time_ms", 10000));
		assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
		assertThat(slow.head()).startsWith("[exited]\n").contains("\nend: timeout\n");
		McpTestClient.Result next = run(Map.of("cmd", "echo after"));
		assertThat(next.sessionId()).isEqualTo(slow.sessionId());
		assertThat(next.output()).isEqualTo("after\n");

		McpTestClient.Result running = run(Map.of("cmd", "sleep 0.5; echo late", "yield_time_ms", 0));
		assertThat(running.head()).startsWith("[still running]\n").doesNotContain("exit_code:");
		assertThat(run(Map.of("cmd", "echo queued-after")).output()).isEqualTo("queued-after\n");
	}

	@Test
	void theNextCallStartsANewShellWhenTheConversationsShellExited() {
		McpTestClient.Result first = run(Map.of("cmd", "true"));
		McpTestClient.Result exit = run(Map.of("cmd", "exit 7"));
		assertThat(exit.head()).contains("\nend: shell_exited\n");
		McpTestClient.Result again = run(Map.of("cmd", "echo new"));
		assertThat(again.sessionId()).isNotEqualTo(first.sessionId());
		assertThat(again.output()).isEqualTo("new\n");
	}

	@Test
	void concurrentFirstCallsShareOneShell() throws Exception {
		List<Future<McpTestClient.Result>> calls = new ArrayList<>();
		try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
			for (int i = 0; i < 4; i++) {
				calls.add(pool.submit(() -> run(Map.of("cmd", "echo $$"))));
			}
		}
		List<String> shells = new ArrayList<>();
		List<String> outputs = new ArrayList<>();
		for (Future<McpTestClient.Result> call : calls) {
			shells.add(call.get().sessionId());
			outputs.add(call.get().output());
		}
		assertThat(shells).hasSize(4).containsOnly(shells.get(0));
		assertThat(outputs).containsOnly(outputs.get(0));
	}

}
