package dev.execd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Input that composes, end to end: text and keys in one call ({@code parts}), single
 * characters as keys, signal translation per part on a pipe, and the refusals.
 */
class ComposedInputTests extends EndToEndTest {

	@TempDir
	Path dir;

	@Test
	void editsAFileInVimWithOnePartsCall() throws IOException {
		Path file = Files.writeString(this.dir.resolve("notes.txt"), "x\n");
		String id = id(start(Map.of("argv", List.of("vim", "-u", "NONE", "-i", "NONE", "-n", "-N", file.toString()),
				"tty", true, "wait_for", "notes\\.txt", "yield_time_ms", 10000)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("parts",
							List.of(Map.of("chars", "a EDITED"), Map.of("keys", List.of("Escape")),
									Map.of("chars", ":wq"), Map.of("keys", List.of("Enter"))),
							"yield_time_ms", 10000))
			.json();
		assertThat(result.get("session").get("status").asString()).as(result.toString()).isEqualTo("exited");
		assertThat(result.get("session").get("exit_code").asInt()).isZero();
		assertThat(Files.readString(file)).isEqualTo("x EDITED\n");
	}

	@Test
	void singleCharacterKeyQuitsLess() throws IOException {
		Path file = Files.writeString(this.dir.resolve("long.txt"),
				IntStream.rangeClosed(1, 200).mapToObj((n) -> "row " + n).collect(Collectors.joining("\n", "", "\n")));
		String id = id(start(Map.of("argv", List.of("less", file.toString()), "tty", true, "wait_for", "row 20",
				"yield_time_ms", 10000)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin", Map.of("keys", List.of("q"), "yield_time_ms", 10000))
			.json();
		assertThat(result.get("session").get("status").asString()).as(result.toString()).isEqualTo("exited");
		assertThat(result.get("session").get("exit_code").asInt()).isZero();
	}

	@Test
	void typesCharsThenBytesThenKeysInOneCall() {
		String id = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "a\\t", "chars_b64", b64("b"), "keys",
					List.of("é", " ", "中", "Enter"), "wait_for", "中\\n", "yield_time_ms", 10000))
			.json();
		assertThat(result.get("output").asString()).isEqualTo("a\tbé 中\n");
	}

	@Test
	void charsPartStillDeliversCtrlCAsSigintNextToExactBytes() {
		String script = """
				import signal, sys
				signal.signal(signal.SIGINT, lambda s, f: sys.stdout.write("SIGINT\\n"))
				sys.stdout.write("ready\\n")
				for line in sys.stdin:
				    sys.stdout.write("line " + repr(line) + "\\n")
				""";
		String id = id(
				start(Map.of("argv", List.of("python3", "-c", script), "wait_for", "ready", "yield_time_ms", 10000)));
		JsonNode result = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("parts", List.of(Map.of("chars_b64", b64("a\u0003b\n")), Map.of("chars", "\\x03")),
							"wait_for", "(?s)(?=.*SIGINT\\n)(?=.*line [^\\n]*\\n)", "yield_time_ms", 10000))
			.json();
		assertThat(result.get("matched").asBoolean()).as(result.toString()).isTrue();
		assertThat(result.get("output").asString()).contains("line 'a\\x03b\\n'").contains("SIGINT");
		assertThat(result.get("session").get("status").asString()).isEqualTo("running");
	}

	@Test
	void refusesMalformedPartsAndWritesNothing() {
		String id = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
		String stdin = "/sessions/" + id + "/stdin";
		List<Map<String, Object>> refused = new ArrayList<>();
		refused.add(Map.of("parts", List.of(Map.of("chars", "x")), "chars", "y"));
		refused.add(Map.of("parts", List.of(Map.of("chars", "x")), "chars_b64", b64("y")));
		refused.add(Map.of("parts", List.of(Map.of("chars", "x")), "keys", List.of("y")));
		refused.add(Map.of("parts", List.of(Map.of("chars", "x"), Map.of())));
		refused.add(Map.of("parts", List.of(Map.of("chars", "x", "keys", List.of("Enter")))));
		refused.add(Map.of("parts", List.of(Map.of("chars", "x", "chars_b64", b64("y")))));
		refused.add(Map.of("parts", List.of(Map.of("chars", "x", "colour", "red"))));
		refused.add(Map.of("parts", List.of("x")));
		refused.add(Map.of("parts", "x"));
		Map<String, Object> nullPart = new HashMap<>();
		nullPart.put("parts", java.util.Arrays.asList(Map.of("chars", "x"), null));
		refused.add(nullPart);
		for (Map<String, Object> body : refused) {
			assertProblem(this.api.post(stdin, body), "invalid_request", body);
		}
		assertProblem(
				this.api.post(stdin, Map.of("parts", List.of(Map.of("chars", "x"), Map.of("keys", List.of("Hyper"))))),
				"unknown_key", "Hyper");
		assertProblem(this.api.post(stdin, Map.of("parts", List.of(Map.of("keys", List.of("\u0003"))))), "unknown_key",
				"Ctrl-C as a character");
		assertProblem(this.api.post(stdin, Map.of("keys", List.of("ab"))), "unknown_key", "two characters");
		assertProblem(this.api.post(stdin, Map.of("parts", List.of(Map.of("chars", "x"), Map.of("chars_b64", "!!!")))),
				"invalid_base64", "bad base64 part");
		this.api.post(stdin, Map.of("chars", "end\\n", "wait_for", "end", "yield_time_ms", 10000));
		assertThat(this.api.get("/sessions/" + id + "/output?offset=0").json().get("output").asString())
			.isEqualTo("end\n");
	}

	@Test
	void pythonOnAPipeIsUnbuffered() {
		// Without PYTHONUNBUFFERED the line would wait in the process's buffer while it
		// sleeps.
		JsonNode result = start(Map.of("argv", List.of("python3", "-c", "import time; print('up'); time.sleep(60)"),
				"wait_for", "up\\n", "yield_time_ms", 10000));
		assertThat(result.get("output").asString()).isEqualTo("up\n");
		assertThat(result.get("session").get("status").asString()).isEqualTo("running");
	}

	private static String b64(String text) {
		return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
	}

	private static void assertProblem(TestClient.Response response, String code, Object what) {
		assertThat(response.status()).as("%s: %s", what, response.text()).isEqualTo(400);
		assertThat(response.header("Content-Type")).startsWith("application/problem+json");
		assertThat(response.json().get("code").asString()).as("%s", what).isEqualTo(code);
	}

}
