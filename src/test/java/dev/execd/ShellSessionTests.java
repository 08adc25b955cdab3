package dev.execd;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.awaitility.Awaitility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Persistent shells: state carries over, each command has its own exact output and
 * status.
 */
class ShellSessionTests extends EndToEndTest {

	private String shell(boolean tty) {
		JsonNode started = start(Map.of("shell", true, "tty", tty, "yield_time_ms", 0));
		assertThat(started.get("session").get("kind").asString()).isEqualTo("shell");
		return id(started);
	}

	private JsonNode run(String id, String cmd) {
		TestClient.Response response = this.api.post("/sessions/" + id + "/commands",
				Map.of("cmd", cmd, "yield_time_ms", 20000));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		return response.json();
	}

	private static String out(JsonNode command) {
		return command.get("output").asString();
	}

	private String nl(boolean tty) {
		return tty ? "\r\n" : "\n";
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void stateCarriesOverAndEachCommandHasItsOwnResult(boolean tty) {
		String id = shell(tty);
		String nl = nl(tty);
		assertThat(out(run(id, "cd /tmp"))).isEmpty();
		assertThat(out(run(id, "pwd"))).isEqualTo("/tmp" + nl);
		run(id, "export A=1");
		assertThat(out(run(id, "echo $A"))).isEqualTo("1" + nl);
		assertThat(run(id, "false").get("exit_code").asInt()).isEqualTo(1);
		assertThat(run(id, "(exit 3)").get("exit_code").asInt()).isEqualTo(3);
		JsonNode pipe = run(id, "true | false");
		assertThat(pipe.get("exit_code").asInt()).isEqualTo(1);
		assertThat(pipe.get("pipe_status").toString()).isEqualTo("[0,1]");
		assertThat(out(run(id, "cat <<'EOF'\nhello $A\n  there\nEOF"))).isEqualTo("hello $A" + nl + "  there" + nl);
		assertThat(out(run(id, "for i in 1 2\ndo\n  echo \"n$i\"\ndone"))).isEqualTo("n1" + nl + "n2" + nl);
		assertThat(out(run(id, "echo $'a\\tb' \"q'uote\" 'd\"q'"))).isEqualTo("a\tb q'uote d\"q" + nl);
		// A backslash continues the line inside the text; at its very end it meets the
		// Enter that submits the command, as typed.
		assertThat(out(run(id, "echo a \\\nb"))).isEqualTo("a b" + nl);
		assertThat(out(run(id, "echo a \\"))).isEqualTo("a" + nl);
		JsonNode syntax = run(id, "if then");
		assertThat(syntax.get("exit_code").asInt()).isEqualTo(2);
		assertThat(out(run(id, "echo alive"))).isEqualTo("alive" + nl);
		assertThat(out(run(id, "echo err >&2"))).isEqualTo("err" + nl);
	}

	/**
	 * Every byte of the text reaches bash as sent, whether the text is short enough to be
	 * typed in the line (quoted) or long enough to go through the command file.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void commandTextArrivesExactlyShortOrLong(boolean tty) {
		String id = shell(tty);
		String tricky = "a'b\\c\"d $HOME `x` \\x41 \\n é€😀 \t\u0001\u007f %s \\' end";
		String heredoc = "cat <<'EOF' | od -v -An -tx1 | tr -d ' \\n'\n" + tricky + "\nEOF";
		String expected = java.util.HexFormat.of().formatHex((tricky + "\n").getBytes(StandardCharsets.UTF_8));
		assertThat(out(run(id, heredoc)).strip()).isEqualTo(expected);
		String padded = tricky + " " + "x".repeat(5000);
		String longHeredoc = "cat <<'EOF' | od -v -An -tx1 | tr -d ' \\n'\n" + padded + "\nEOF";
		String longExpected = java.util.HexFormat.of().formatHex((padded + "\n").getBytes(StandardCharsets.UTF_8));
		assertThat(out(run(id, longHeredoc)).strip()).isEqualTo(longExpected);
		assertThat(run(id, "(exit 7)").get("exit_code").asInt()).isEqualTo(7);
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void logIsExactlyTheConcatenationOfOutputs(boolean tty) {
		String id = shell(tty);
		JsonNode first = run(id, "printf abc");
		JsonNode second = run(id, "echo next");
		assertThat(out(first)).isEqualTo("abc");
		assertThat(out(second)).isEqualTo("next" + nl(tty));
		String log = new String(this.api.get("/sessions/" + id + "/log").body(), StandardCharsets.UTF_8);
		assertThat(log).isEqualTo("abcnext" + nl(tty));
		assertThat(second.get("output_offset").asLong()).isEqualTo(first.get("next_offset").asLong());
		String range = this.api
			.get("/sessions/" + id + "/log?offset=" + second.get("output_offset").asLong() + "&length="
					+ (second.get("next_offset").asLong() - second.get("output_offset").asLong()))
			.text();
		assertThat(range).isEqualTo(out(second));
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void readsInputSentToStdin(boolean tty) {
		String id = shell(tty);
		JsonNode queued = this.api
			.post("/sessions/" + id + "/commands", Map.of("cmd", "read x; echo got $x", "yield_time_ms", 0))
			.json();
		// Typed only once the command runs: before that, input goes to the shell itself,
		// as at a prompt.
		String command = "/sessions/" + id + "/commands/" + queued.get("command_id").asString();
		Awaitility.await()
			.atMost(Duration.ofSeconds(10))
			.until(() -> "running".equals(this.api.get(command).json().get("status").asString()));
		this.api.post("/sessions/" + id + "/stdin", Map.of("chars", tty ? "hello\\r" : "hello\\n", "yield_time_ms", 0));
		JsonNode done = this.api
			.get("/sessions/" + id + "/commands/" + queued.get("command_id").asString() + "?wait_ms=10000")
			.json();
		assertThat(out(done)).isEqualTo("got hello" + nl(tty));
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void timeoutInterruptsTheCommandAndNotTheShell(boolean tty) {
		String id = shell(tty);
		long started = System.nanoTime();
		JsonNode slow = this.api
			.post("/sessions/" + id + "/commands",
					Map.of("cmd", "sleep 100", "timeout_ms", 500, "yield_time_ms", 10000))
			.json();
		assertThat(slow.get("end").asString()).isEqualTo("timeout");
		assertThat(System.nanoTime() - started).isLessThan(3_000_000_000L);
		assertThat(out(run(id, "echo after"))).isEqualTo("after" + nl(tty));
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void commandsFromManyThreadsRunInOrder(boolean tty) throws Exception {
		String id = shell(tty);
		List<String> ids = Collections.synchronizedList(new ArrayList<>());
		try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
			List<Future<?>> futures = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				int thread = t;
				futures.add(pool.submit(() -> {
					for (int i = 0; i < 5; i++) {
						JsonNode c = this.api
							.post("/sessions/" + id + "/commands",
									Map.of("cmd", "echo t" + thread + "-" + i, "yield_time_ms", 0))
							.json();
						ids.add(c.get("command_id").asString() + "=t" + thread + "-" + i);
					}
				}));
			}
			for (Future<?> f : futures) {
				f.get();
			}
		}
		long lastSeq = 0;
		for (int seq = 1; seq <= 20; seq++) {
			JsonNode c = this.api.get("/sessions/" + id + "/commands/cmd_" + seq + "?wait_ms=10000").json();
			assertThat(c.get("status").asString()).isEqualTo("exited");
			String expected = ids.stream()
				.filter((s) -> s.startsWith(c.get("command_id").asString() + "="))
				.findFirst()
				.orElseThrow()
				.split("=")[1];
			assertThat(out(c)).isEqualTo(expected + nl(tty));
			assertThat(c.get("seq").asLong()).isGreaterThan(lastSeq);
			lastSeq = c.get("seq").asLong();
		}
		assertThat(this.api.get("/sessions/" + id + "/commands").json().get("commands").size()).isEqualTo(20);
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void exitEndsTheShellAndTheCommand(boolean tty) {
		String id = shell(tty);
		JsonNode exit = run(id, "exit 7");
		assertThat(exit.get("end").asString()).isEqualTo("shell_exited");
		assertThat(exit.get("exit_code").asInt()).isEqualTo(7);
		assertThat(this.api.post("/sessions/" + id + "/commands", Map.of("cmd", "true")).status()).isEqualTo(409);
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void theShellsOwnExitNoticeIsInNoCommandsOutput(boolean tty) {
		String nl = nl(tty);
		String id = shell(tty);
		// In a subshell or a script, exit prints nothing of bash's: what they print
		// stays.
		JsonNode subshell = run(id, "(echo exit; exit 3)");
		assertThat(List.of(out(subshell), subshell.get("exit_code").asInt())).isEqualTo(List.of("exit" + nl, 3));
		JsonNode script = run(id, "bash -c 'echo exit >&2; exit 5'");
		assertThat(List.of(out(script), script.get("exit_code").asInt())).isEqualTo(List.of("exit" + nl, 5));
		JsonNode exit = run(id, "exit 4");
		assertThat(List.of(out(exit), exit.get("exit_code").asInt(), exit.get("end").asString()))
			.isEqualTo(List.of("", 4, "shell_exited"));
		assertThat(exit.get("next_offset").asLong()).isEqualTo(exit.get("output_offset").asLong());
		JsonNode listed = this.api.get("/sessions/" + id + "/commands/" + exit.get("command_id").asString()).json();
		assertThat(out(listed)).isEmpty();
		String own = shell(tty);
		// The same bytes printed by the command itself stay its own (on stderr, which the
		// notice follows in order even on pipes).
		JsonNode echoed = run(own, "echo exit >&2; exit 6");
		assertThat(List.of(out(echoed), echoed.get("exit_code").asInt())).isEqualTo(List.of("exit" + nl, 6));
	}

	@Test
	void theExitNoticeOnPipesStaysOutOfOutputTheCommandWroteJustBefore() {
		// bash writes the command's stdout, then the notice on stderr: two pipes, which
		// were read in either order.
		Map<String, String> outputs = Map.of("echo hi; exit 4", "hi\n", "printf x; exit 4", "x", "echo exit; exit 4",
				"exit\n", "printf x; echo exit >&2; exit 4", "xexit\n");
		List<String> commands = List.copyOf(outputs.keySet());
		List<String> wrong = new ArrayList<>();
		for (int i = 0; i < 32; i++) {
			String cmd = commands.get(i % commands.size());
			JsonNode exit = run(shell(false), cmd);
			if (!out(exit).equals(outputs.get(cmd)) || exit.get("exit_code").asInt() != 4) {
				wrong.add(cmd + " -> " + out(exit) + " (" + exit.get("exit_code") + ")");
			}
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void backgroundOutputBelongsToNoCommand() {
		String id = shell(false);
		run(id, "(sleep 0.3; echo late) &");
		JsonNode quiet = run(id, "sleep 1; echo mine");
		assertThat(out(quiet)).contains("mine");
		run(id, "sleep 0.5");
		JsonNode next = run(id, "echo last");
		assertThat(out(next)).isEqualTo("last\n");
	}

	@Test
	void refusals() {
		assertThat(this.api.post("/sessions", Map.of("shell", true, "cmd", "ls")).json().get("code").asString())
			.isEqualTo("invalid_request");
		String plain = id(start(Map.of("cmd", "sleep 5", "yield_time_ms", 0)));
		TestClient.Response notShell = this.api.post("/sessions/" + plain + "/commands", Map.of("cmd", "true"));
		assertThat(notShell.status()).isEqualTo(409);
		assertThat(notShell.json().get("code").asString()).isEqualTo("not_a_shell");
		String id = shell(false);
		assertThat(this.api.get("/sessions/" + id + "/commands/cmd_99").json().get("code").asString())
			.isEqualTo("command_not_found");
	}

}
