package dev.execd;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Text a shell cannot run as one whole command: a command left open, input typed between
 * commands without its Enter. Neither ever reaches into the next command, and how a shell
 * session ends.
 */
class ShellTextTests extends EndToEndTest {

	private String shell(boolean tty) {
		return id(start(Map.of("shell", true, "tty", tty, "yield_time_ms", 0)));
	}

	private JsonNode run(String id, String cmd) {
		TestClient.Response response = this.api.post("/sessions/" + id + "/commands",
				Map.of("cmd", cmd, "yield_time_ms", 20000));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		JsonNode command = response.json();
		assertThat(command.get("status").asString()).as(cmd).isEqualTo("exited");
		return command;
	}

	private static String out(JsonNode command) {
		return command.get("output").asString();
	}

	private String log(String id) {
		return new String(this.api.get("/sessions/" + id + "/log").body(), StandardCharsets.UTF_8);
	}

	/**
	 * A command whose line finds the shell's stdin queue full ends unbegun: before, the
	 * refusal escaped on the thread that reads the shell's output, which stopped reading
	 * it, and every command after stayed running.
	 */
	@Test
	void aCommandWhoseLineFindsStdinFullEndsAndTheShellGoesOn() {
		String id = shell(false);
		TestClient.Response sleeping = this.api.post("/sessions/" + id + "/commands",
				Map.of("cmd", "sleep 3", "yield_time_ms", 0));
		assertThat(sleeping.status()).as(sleeping.text()).isEqualTo(201);
		// A comment bash reads once sleep is done; until then it fills the queue to the
		// last byte.
		for (int size = 700 * 1024; size > 0;) {
			String chunk = Base64.getEncoder().encodeToString("#".repeat(size).getBytes(StandardCharsets.US_ASCII));
			TestClient.Response typed = this.api.post("/sessions/" + id + "/stdin",
					Map.of("chars_b64", chunk, "yield_time_ms", 0));
			if (typed.status() == 429) {
				size /= 2;
			}
			else {
				assertThat(typed.status()).as(typed.text()).isEqualTo(200);
			}
		}
		TestClient.Response after = this.api.post("/sessions/" + id + "/commands",
				Map.of("cmd", "echo after", "yield_time_ms", 20000));
		assertThat(after.status()).as(after.text()).isEqualTo(201);
		assertThat(after.json().get("status").asString()).isEqualTo("exited");
		assertThat(after.json().get("end").asString()).isEqualTo("interrupted");
		// Once bash has read the comment, commands run again, with their own output.
		await().atMost(Duration.ofSeconds(30)).until(() -> {
			JsonNode last = run(id, "echo final");
			return "exit".equals(last.get("end").asString()) && "final\n".equals(out(last));
		});
	}

	/**
	 * A command left open (a quote, an expansion, a compound command, a trailing
	 * operator) is bash's syntax error, exit 2 (as bash reports it), with bash's message
	 * as its output; the command after it has exactly its own output and nothing lands
	 * between commands.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void anOpenCommandFailsAloneAndTheNextIsExact(boolean tty) {
		String id = shell(tty);
		String nl = tty ? "\r\n" : "\n";
		List<String> open = List.of("echo ${", "echo 'x", "echo \"x", "echo \"unterminated", "echo $(", "echo `x",
				"echo $((1 +", "if true; then", "case x in", "f() {", "x=(a b", "echo a |", "true &&", "false ||",
				"echo a | # a comment\n");
		int n = 0;
		for (String text : open) {
			JsonNode failed = run(id, text);
			// bash's own status: 2, or 1 for an open command substitution.
			assertThat(failed.get("exit_code").asInt()).as(text).isBetween(1, 2);
			assertThat(out(failed)).as(text).contains("bash: ").doesNotContain("__execd");
			JsonNode next = run(id, "echo next" + n);
			assertThat(out(next)).as(text).isEqualTo("next" + n + nl);
			assertThat(next.get("exit_code").asInt()).isZero();
			JsonNode pipe = run(id, "true | false");
			assertThat(pipe.get("pipe_status").toString()).as(text).isEqualTo("[0,1]");
			assertThat(out(pipe)).as(text).isEmpty();
			n++;
		}
		JsonNode listing = this.api.get("/sessions/" + id + "/commands").json();
		assertThat(listing.get("unclaimed_bytes").asLong()).isZero();
		assertThat(log(id)).doesNotContain("__execd").doesNotContain("printf").doesNotContain("\uFFFD");
	}

	/**
	 * A here-document left open reads to the end of the text, as bash reads it to the end
	 * of a script: its body is the rest of the text, never the line that records the
	 * status.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void anOpenHereDocumentEndsWithTheText(boolean tty) {
		String id = shell(tty);
		String nl = tty ? "\r\n" : "\n";
		JsonNode heredoc = run(id, "cat <<EOF\nbody");
		assertThat(heredoc.get("exit_code").asInt()).isZero();
		assertThat(out(heredoc)).contains("body" + nl).contains("here-document").doesNotContain("__execd");
		assertThat(out(run(id, "echo next"))).isEqualTo("next" + nl);
		JsonNode closed = run(id, "cat <<'EOF' | grep -c x\nx\nEOF");
		assertThat(out(closed)).isEqualTo("1" + nl);
		assertThat(closed.get("exit_code").asInt()).isZero();
	}

	/**
	 * Input typed while no command runs, without its Enter, is ended by the newline
	 * before the next command's line: it runs as a line of its own, untracked, and the
	 * command after it runs as sent.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void inputTypedWithoutEnterBetweenCommandsIsALineOfItsOwn(boolean tty) {
		String id = shell(tty);
		String nl = tty ? "\r\n" : "\n";
		assertThat(out(run(id, "echo first"))).isEqualTo("first" + nl);
		type(id, "#");
		JsonNode second = run(id, "echo second");
		assertThat(out(second)).isEqualTo("second" + nl);
		type(id, "echo partial");
		JsonNode third = run(id, "echo third");
		assertThat(out(third)).isEqualTo("third" + nl);
		assertThat(third.get("exit_code").asInt()).isZero();
		assertThat(log(id)).isEqualTo("first" + nl + "second" + nl + "partial" + nl + "third" + nl);
		JsonNode listing = this.api.get("/sessions/" + id + "/commands").json();
		assertThat(listing.get("unclaimed_bytes").asLong()).isEqualTo(("partial" + nl).length());
	}

	/**
	 * Typed text that leaves a quote open keeps bash reading: the next command waits
	 * unbegun, and its cancel drops the open text with it; the queue then moves on.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aCommandAfterAnOpenQuoteTypedWaitsAndItsCancelDropsBoth(boolean tty) {
		String id = shell(tty);
		String nl = tty ? "\r\n" : "\n";
		run(id, "true");
		type(id, "echo 'open");
		String waiting = this.api
			.post("/sessions/" + id + "/commands", Map.of("cmd", "echo after", "yield_time_ms", 500))
			.json()
			.get("command_id")
			.asString();
		String path = "/sessions/" + id + "/commands/" + waiting;
		assertThat(this.api.get(path).json().get("status").asString()).isEqualTo("running");
		JsonNode cancelled = this.api.post(path + "/cancel", Map.of()).json();
		assertThat(cancelled.get("command_id").asString()).isEqualTo(waiting);
		JsonNode ended = this.api.get(path + "?wait_ms=20000").json();
		assertThat(ended.get("status").asString()).isEqualTo("exited");
		assertThat(ended.get("end").asString()).isEqualTo("interrupted");
		assertThat(out(ended)).isEmpty();
		assertThat(out(run(id, "echo next"))).isEqualTo("next" + nl);
		assertThat(log(id)).doesNotContain("open").doesNotContain("after");
	}

	private void type(String id, String chars) {
		TestClient.Response typed = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", chars, "yield_time_ms", 300));
		assertThat(typed.status()).as(typed.text()).isEqualTo(200);
	}

	/**
	 * An idle shell on pipes ends on the hang-up, as one on a terminal does, not after
	 * the grace by SIGKILL: an interactive bash ignores SIGTERM.
	 */
	@Test
	void deletingAnIdleShellOnPipesEndsItOnTheHangUp() {
		String id = shell(false);
		run(id, "true");
		long started = System.nanoTime();
		JsonNode removed = this.api.delete("/sessions/" + id).json();
		long millis = (System.nanoTime() - started) / 1_000_000;
		assertThat(removed.get("escalated").asBoolean()).isFalse();
		assertThat(removed.get("signal").asString()).isEqualTo("SIGHUP");
		// The test server's grace is 1 s.
		assertThat(millis).isLessThan(900);
	}

}
