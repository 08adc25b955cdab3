package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Past the log cap the bytes between the file's end and the memory window are gone: the
 * delivery cursor moves past them with a marker saying which, so starts, writes, polls
 * and shell commands keep answering, and reads of what is kept agree with each other.
 */
@TestPropertySource(properties = { "execd.output.max-log-size=4KB", "execd.output.memory-window=2KB" })
class LogCapDeliveryTests extends EndToEndTest {

	private static final int CAP = 4096;

	private static final int WINDOW = 2048;

	private static final String ALL = StreamTests.seq(3000);

	private static final int TOTAL = ALL.length();

	private static final Pattern CUT = Pattern.compile(
			"\n\\[\\.\\.\\. omitted (\\d+) bytes \\(offsets (\\d+)-(\\d+)\\); full output: GET (\\S+) \\.\\.\\.]\n");

	@TempDir
	Path dir;

	private static String gap(long from, long to) {
		return "\n[... gap: " + (to - from) + " bytes (offsets " + from + "-" + to
				+ ") no longer kept, in neither the log file nor the memory window ...]\n";
	}

	/**
	 * What an answer from {@code from} to the end shows: the file, the gap, the window.
	 */
	private static String pastTheCap(int from) {
		return ALL.substring(from, CAP) + gap(CAP, TOTAL - WINDOW) + ALL.substring(TOTAL - WINDOW);
	}

	/** A session that prints once {@code trigger} exists, then sleeps. */
	private String printsWhenTold(Path trigger) {
		JsonNode started = start(Map.of("cmd",
				"while [ ! -e " + trigger + " ]; do sleep 0.05; done; seq 1 3000; sleep 60", "yield_time_ms", 0));
		assertThat(started.get("next_offset").asLong()).isZero();
		return id(started);
	}

	private void printAndWait(String id, Path trigger) throws IOException, InterruptedException {
		Files.createFile(trigger);
		long deadline = System.nanoTime() + 20_000_000_000L;
		while (this.api.get("/sessions/" + id).json().get("output_bytes_total").asLong() < TOTAL) {
			assertThat(System.nanoTime()).as("all output within 20 s").isLessThan(deadline);
			Thread.sleep(20);
		}
	}

	@Test
	void aStartPastTheCapAnswersWithTheGapMarkedAndKeepsItsSession() {
		TestClient.Response response = this.api.post("/sessions",
				Map.of("cmd", "seq 1 3000; sleep 60", "yield_time_ms", 20000, "wait_for", "^3000$"));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		JsonNode started = response.json();
		assertThat(started.get("matched").asBoolean()).as("wait_for matches in the window").isTrue();
		assertThat(started.get("output").asString()).isEqualTo(pastTheCap(0));
		assertThat(started.get("output_offset").asLong()).isZero();
		assertThat(started.get("next_offset").asLong()).isEqualTo(TOTAL);
		assertThat(started.get("omitted_bytes").asLong()).isZero();
		JsonNode session = this.api.get("/sessions/" + id(started)).json();
		assertThat(session.get("status").asString()).isEqualTo("running");
		assertThat(session.get("log_truncated").asBoolean()).isTrue();
	}

	@Test
	void aWriteAndThePollsAfterItGoPastTheGap() {
		JsonNode started = start(Map.of("cmd", "read x; seq 1 3000; sleep 60", "yield_time_ms", 0));
		String stdin = "/sessions/" + id(started) + "/stdin";
		TestClient.Response typed = this.api.post(stdin,
				Map.of("chars", "go\n", "yield_time_ms", 20000, "wait_for", "^3000$"));
		assertThat(typed.status()).as(typed.text()).isEqualTo(200);
		assertThat(typed.json().get("output").asString()).isEqualTo(pastTheCap(0));
		assertThat(typed.json().get("next_offset").asLong()).isEqualTo(TOTAL);
		for (int i = 0; i < 2; i++) {
			TestClient.Response poll = this.api.post(stdin, Map.of("yield_time_ms", 0));
			assertThat(poll.status()).as(poll.text()).isEqualTo(200);
			assertThat(poll.json().get("output").asString()).isEmpty();
			assertThat(poll.json().get("output_offset").asLong()).isEqualTo(TOTAL);
		}
	}

	@Test
	void aPollThatCrossesTheCapShowsTheGapOnce() throws Exception {
		Path trigger = this.dir.resolve("poll");
		String id = printsWhenTold(trigger);
		printAndWait(id, trigger);
		String stdin = "/sessions/" + id + "/stdin";
		TestClient.Response poll = this.api.post(stdin, Map.of("yield_time_ms", 0));
		assertThat(poll.status()).as(poll.text()).isEqualTo(200);
		assertThat(poll.json().get("output").asString()).isEqualTo(pastTheCap(0));
		TestClient.Response typed = this.api.post(stdin, Map.of("chars", "typed\n", "yield_time_ms", 0));
		assertThat(typed.status()).as(typed.text()).isEqualTo(200);
		assertThat(typed.json().get("output").asString()).isEmpty();
		assertThat(typed.json().get("output_offset").asLong()).isEqualTo(TOTAL);
	}

	@Test
	void cutsAroundAGapNameOnlyBytesTheLogStillHas() throws Exception {
		Path trigger = this.dir.resolve("cut");
		String id = printsWhenTold(trigger);
		printAndWait(id, trigger);
		JsonNode poll = this.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 0, "max_output_bytes", 256))
			.json();
		String output = poll.get("output").asString();
		assertThat(output).contains(gap(CAP, TOTAL - WINDOW));
		Matcher cut = CUT.matcher(output);
		long omitted = 0;
		int cuts = 0;
		while (cut.find()) {
			cuts++;
			long length = Long.parseLong(cut.group(1));
			omitted += length;
			int from = Integer.parseInt(cut.group(2));
			String url = cut.group(4);
			TestClient.Response fetched = this.api.get(url);
			assertThat(fetched.status()).as(url).isEqualTo(200);
			assertThat(fetched.text()).isEqualTo(ALL.substring(from, from + (int) length));
		}
		assertThat(cuts).as("one cut on each side of the gap").isEqualTo(2);
		assertThat(poll.get("omitted_bytes").asLong()).isEqualTo(omitted);
		assertThat(output).startsWith("1\n2\n").endsWith("2999\n3000\n");
	}

	@Test
	void readsFromTheCursorSkipTheGapAndSayWhere() throws Exception {
		Path trigger = this.dir.resolve("read");
		String id = printsWhenTold(trigger);
		printAndWait(id, trigger);
		String output = "/sessions/" + id + "/output";
		JsonNode first = this.api.get(output).json();
		assertThat(first.get("output").asString()).isEqualTo(ALL.substring(0, CAP));
		assertThat(first.get("next_offset").asLong()).isEqualTo(CAP);
		TestClient.Response second = this.api.get(output);
		assertThat(second.status()).as(second.text()).isEqualTo(200);
		assertThat(second.json().get("output_offset").asLong()).as("past the gap").isEqualTo(TOTAL - WINDOW);
		assertThat(second.json().get("output").asString()).isEqualTo(ALL.substring(TOTAL - WINDOW));
		for (int i = 0; i < 2; i++) {
			TestClient.Response again = this.api.get(output);
			assertThat(again.status()).as(again.text()).isEqualTo(200);
			assertThat(again.json().get("output_offset").asLong()).isEqualTo(TOTAL);
			assertThat(again.json().get("output").asString()).isEmpty();
		}
	}

	@Test
	void readsOfTheKeptBytesAgree() throws Exception {
		Path trigger = this.dir.resolve("agree");
		String id = printsWhenTold(trigger);
		printAndWait(id, trigger);
		String log = "/sessions/" + id + "/log";
		TestClient.Response whole = this.api.get(log);
		assertThat(whole.status()).isEqualTo(200);
		assertThat(whole.text()).isEqualTo(ALL.substring(0, CAP));
		TestClient.Response open = this.api.get(log, "Range", "bytes=0-");
		assertThat(open.status()).as(open.text()).isEqualTo(206);
		assertThat(open.header("Content-Range")).isEqualTo("bytes 0-" + (CAP - 1) + "/" + TOTAL);
		assertThat(open.text()).isEqualTo(ALL.substring(0, CAP));
		TestClient.Response tail = this.api.get(log + "?offset=4000");
		assertThat(tail.status()).as(tail.text()).isEqualTo(200);
		assertThat(tail.text()).isEqualTo(ALL.substring(4000, CAP));
		assertThat(this.api.get(log, "Range", "bytes=" + CAP + "-").status()).as("a range inside the gap")
			.isEqualTo(410);
		assertThat(this.api.get(log, "Range", "bytes=" + (TOTAL - 10) + "-").text())
			.isEqualTo(ALL.substring(TOTAL - 10));
	}

	@Test
	void oneStreamReadFromInsideTheFileEndsAtTheGap() throws Exception {
		Path trigger = this.dir.resolve("stdout");
		String id = printsWhenTold(trigger);
		printAndWait(id, trigger);
		TestClient.Response read = this.api.get("/sessions/" + id + "/output?offset=4000&stream=stdout");
		assertThat(read.status()).as(read.text()).isEqualTo(200);
		JsonNode stdout = read.json();
		assertThat(stdout.get("output").asString()).isEqualTo(ALL.substring(4000, CAP));
		assertThat(stdout.get("next_offset").asLong()).isEqualTo(CAP);
		TestClient.Response inGap = this.api.get("/sessions/" + id + "/output?offset=" + CAP + "&stream=stdout");
		assertThat(inGap.status()).isEqualTo(410);
		assertThat(inGap.json().get("code").asString()).isEqualTo("output_unavailable");
	}

	@Test
	void mcpCallsPastTheCapAnswerWithTheGapAndReadableCuts() {
		try (McpTestClient mcp = McpTestClient.connect(this.port, "X-Conversation-Id", this.api.conversation())) {
			McpTestClient.Result started = mcp.ok("exec_command",
					Map.of("cmd", "seq 1 3000; sleep 60", "yield_time_ms", 20000, "wait_for", "^3000$"));
			assertThat(started.output()).isEqualTo(pastTheCap(0));
			McpTestClient.Result waiting = mcp.ok("exec_command",
					Map.of("cmd", "read x; seq 1 3000; sleep 60", "yield_time_ms", 0));
			McpTestClient.Result typed = mcp.ok("write_stdin", Map.of("session_id", waiting.sessionId(), "chars",
					"go\n", "yield_time_ms", 20000, "wait_for", "^3000$", "max_output_bytes", 256));
			String output = typed.output();
			assertThat(output).startsWith("1\n").contains(gap(CAP, TOTAL - WINDOW)).endsWith("3000\n");
			assertThat(output.split("; full output: read_output with session_id \"" + waiting.sessionId() + "\"", -1))
				.as("both cuts name the tool call")
				.hasSize(3);
		}
	}

	@Test
	void aShellCommandPastTheCapAnswersWithItsId() {
		String id = id(start(Map.of("shell", true, "yield_time_ms", 0)));
		TestClient.Response response = this.api.post("/sessions/" + id + "/commands",
				Map.of("cmd", "seq 1 3000", "max_output_bytes", 1000000, "yield_time_ms", 20000));
		assertThat(response.status()).as(response.text()).isEqualTo(201);
		JsonNode command = response.json();
		assertThat(command.get("command_id").asString()).startsWith("cmd_");
		assertThat(command.get("status").asString()).isEqualTo("exited");
		long from = command.get("output_offset").asLong();
		long next = command.get("next_offset").asLong();
		assertThat(next - from).isEqualTo(TOTAL);
		String output = command.get("output").asString();
		assertThat(output).startsWith(ALL.substring(0, (int) (CAP - from)))
			.contains("\n[... gap: ")
			.endsWith("2999\n3000\n");
		JsonNode again = this.api.get("/sessions/" + id + "/commands/" + command.get("command_id").asString()).json();
		assertThat(again.get("output").asString()).isEqualTo(output);
	}

}
