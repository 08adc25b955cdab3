package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every refusal: the status, the problem+json body with its {@code code}, and a session
 * that is unharmed afterwards.
 */
class SessionErrorTests extends EndToEndTest {

	private String running;

	@BeforeEach
	void startVictim() {
		this.running = id(start(Map.of("cmd", "cat", "yield_time_ms", 0)));
	}

	@Test
	void refusesBothCmdAndArgv() {
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "argv", List.of("true"))), 400,
				"invalid_request");
		assertProblem(this.api.post("/sessions", Map.of("yield_time_ms", 0)), 400, "invalid_request");
	}

	@Test
	void refusesUnknownFieldsWrongTypesAndNegativeNumbers() {
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "colour", "red")), 400, "invalid_request");
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "tty", "maybe")), 400, "invalid_request");
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "yield_time_ms", -1)), 400, "invalid_request");
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "max_runtime_ms", 999_999_999_999L)), 400,
				"invalid_request");
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "wait_for", "(")), 400, "invalid_request");
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "truncation", "middle")), 400,
				"invalid_request");
		assertProblem(this.api.send("POST", "/sessions", "application/json", "{not json"), 400, "invalid_request");
		assertProblem(this.api.get("/sessions/" + this.running + "/output?offset=-1"), 400, "invalid_request");
		assertProblem(this.api.get("/sessions/" + this.running + "/output?offset=abc"), 400, "invalid_request");
		assertProblem(this.api.get("/sessions?status=sleeping"), 400, "invalid_request");
		assertProblem(this.api.post("/sessions/" + this.running + "/stdin",
				Map.of("parts", List.of(Map.of("chars", "a")), "keys", List.of("a"))), 400, "invalid_request");
		assertUnharmed();
	}

	@Test
	void refusesInvalidBase64() {
		assertProblem(this.api.post("/sessions/" + this.running + "/stdin", Map.of("chars_b64", "!!!")), 400,
				"invalid_base64");
		assertUnharmed();
	}

	@Test
	void refusesUnknownKey() {
		assertProblem(this.api.post("/sessions/" + this.running + "/stdin", Map.of("keys", List.of("Enter", "Hyper"))),
				400, "unknown_key");
		assertUnharmed();
	}

	@Test
	void refusesUnknownSignal() {
		assertProblem(this.api.post("/sessions/" + this.running + "/signal", Map.of("signal", "SIGFOO")), 400,
				"unknown_signal");
		assertProblem(this.api.delete("/sessions/" + this.running + "?signal=NOPE"), 400, "unknown_signal");
		assertUnharmed();
	}

	@Test
	void refusesInvalidConversationId() {
		assertProblem(new TestClient(this.port).get("/sessions", "X-Conversation-Id", "has space"), 400,
				"invalid_conversation_id");
		assertProblem(new TestClient(this.port).get("/sessions?conversation_id=" + "x".repeat(129)), 400,
				"invalid_conversation_id");
	}

	@Test
	void unknownSessionAndRoutesAndMethods() {
		assertProblem(this.api.get("/sessions/AAAAAAAAAAAAAAAAAAAAA"), 404, "session_not_found");
		assertProblem(this.api.get("/nowhere"), 404, "not_found");
		assertProblem(this.api.send("PUT", "/sessions", "application/json", "{}"), 405, "method_not_allowed");
		assertUnharmed();
	}

	@Test
	void refusesWrongContentType() {
		assertProblem(this.api.send("POST", "/sessions", "text/plain", "cmd=true"), 415, "unsupported_media_type");
	}

	@Test
	void refusesABodyInAContentCoding() throws IOException {
		String json = "{\"cmd\": \"true\", \"name\": \"encoded\"}";
		ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(gzipped)) {
			gzip.write(json.getBytes(StandardCharsets.UTF_8));
		}
		assertProblem(
				this.api.send("POST", "/sessions", "application/json",
						HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray()), "Content-Encoding", "gzip"),
				415, "unsupported_media_type");
		// Read as plain JSON until now, whatever the header said.
		assertProblem(this.api.send("POST", "/sessions", "application/json", json, "Content-Encoding", "gzip"), 415,
				"unsupported_media_type");
		assertProblem(this.api.send("POST", "/sessions/" + this.running + "/stdin", "application/json",
				"{\"chars\": \"x\"}", "Content-Encoding", "identity, br"), 415, "unsupported_media_type");
		assertThat(this.api.get("/sessions").json().get("sessions").valueStream().map((v) -> v.get("name").asString()))
			.doesNotContain("encoded");
		assertThat(
				this.api.send("POST", "/sessions", "application/json", json, "Content-Encoding", "Identity").status())
			.isEqualTo(201);
	}

	@Test
	void refusesWritesToEndedSessionAndClosedStdin() {
		String ended = id(start(Map.of("cmd", "exit 0", "yield_time_ms", 10000)));
		TestClient.Response exited = this.api.post("/sessions/" + ended + "/stdin", Map.of("chars", "x"));
		assertProblem(exited, 409, "session_exited");
		assertThat(exited.json().get("session").get("session_id").asString()).isEqualTo(ended);
		assertProblem(this.api.post("/sessions/" + ended + "/signal", Map.of("signal", "INT")), 409, "session_exited");
		assertThat(this.api.post("/sessions/" + ended + "/stdin", Map.of()).status()).isEqualTo(200);

		String closed = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		this.api.post("/sessions/" + closed + "/stdin", Map.of("eof", true, "yield_time_ms", 0));
		assertProblem(this.api.post("/sessions/" + closed + "/stdin", Map.of("chars", "x")), 409, "stdin_closed");
	}

	@Test
	void refusesResizeOfPipeAndOutOfRange() {
		assertProblem(this.api.post("/sessions/" + this.running + "/resize", Map.of("cols", 100, "rows", 30)), 409,
				"not_a_tty");
		assertProblem(this.api.post("/sessions/" + this.running + "/resize", Map.of("cols", 10, "rows", 30)), 400,
				"invalid_request");
		assertUnharmed();
	}

	@Test
	void refusesOffsetPastTheEnd() {
		assertProblem(this.api.get("/sessions/" + this.running + "/output?offset=1000"), 416, "offset_out_of_range");
		JsonNode atEnd = this.api.get("/sessions/" + this.running + "/output?offset=0").json();
		assertThat(atEnd.get("output").asString()).isEmpty();
		assertUnharmed();
	}

	@Test
	void refusesMissingWorkdirShellAndCommand() {
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "workdir", "/no/such/dir")), 422,
				"workdir_not_found");
		assertProblem(this.api.post("/sessions", Map.of("cmd", "true", "shell", "/no/such/shell")), 422,
				"shell_not_found");
		assertProblem(this.api.post("/sessions", Map.of("argv", List.of("no-such-command-xyz"))), 422,
				"command_not_found");
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isOne();
	}

	@Test
	void refusesStdinBeyondTheQueue() {
		String blocked = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		// Two writes of 700 KiB fit in request bodies (1 MB) but not together in the
		// queue (1 MiB) of a process that never reads.
		String chunk = java.util.Base64.getEncoder().encodeToString(new byte[700 * 1024]);
		TestClient.Response first = this.api.post("/sessions/" + blocked + "/stdin",
				Map.of("chars_b64", chunk, "yield_time_ms", 0));
		assertThat(first.status()).isEqualTo(200);
		assertProblem(this.api.post("/sessions/" + blocked + "/stdin", Map.of("chars_b64", chunk)), 429,
				"stdin_queue_full");
		assertThat(this.api.get("/sessions/" + blocked).json().get("status").asString()).isEqualTo("running");
	}

	private void assertUnharmed() {
		JsonNode result = this.api
			.post("/sessions/" + this.running + "/stdin",
					Map.of("chars", "still here\\n", "wait_for", "still here", "yield_time_ms", 10000))
			.json();
		assertThat(result.get("matched").asBoolean()).isTrue();
		assertThat(result.get("session").get("status").asString()).isEqualTo("running");
	}

	private static void assertProblem(TestClient.Response response, int status, String code) {
		assertThat(response.status()).as(response.text()).isEqualTo(status);
		assertThat(response.header("Content-Type")).startsWith("application/problem+json");
		JsonNode body = response.json();
		assertThat(body.get("status").asInt()).isEqualTo(status);
		assertThat(body.get("title").asString()).isNotBlank();
		assertThat(body.get("type").asString()).startsWith("https://");
		assertThat(body.get("detail").asString()).isNotBlank().doesNotContain("Exception");
		if (code != null) {
			assertThat(body.get("code").asString()).isEqualTo(code);
		}
	}

}
