package dev.execd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Output framed into records: a fake agent CLI's NDJSON events over SSE and as a poll,
 * whole and parsed, with stderr apart.
 */
class RecordStreamTests extends EndToEndTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int BIG = 8 * 1024 * 1024;

	private static final List<String> STDERR = List.of("[info] model loaded", "[debug] token 0", "[debug] token 1",
			"[debug] token 2", "[debug] token 3", "[debug] token 4", "[warn] tool output truncated", "[info] done");

	private String fixture() throws Exception {
		Path script = Path.of(getClass().getResource("/records/agent-cli.py").toURI());
		return "python3 " + script;
	}

	private String runFixture() throws Exception {
		String id = id(start(Map.of("cmd", fixture(), "yield_time_ms", 0)));
		pollUntilExited(id);
		return id;
	}

	private List<ServerSentEvent<String>> stream(String id, String query, String... headers) {
		String[] all = Arrays.copyOf(headers, headers.length + 2);
		all[headers.length] = "X-Conversation-Id";
		all[headers.length + 1] = this.api.conversation();
		return new SseClient(this.port).until(SseClient::isExit, "/sessions/" + id + "/stream?" + query, all);
	}

	@Test
	void jsonlStreamDeliversWholeParsedRecordsAndStderrApart() throws Exception {
		String id = runFixture();
		byte[] log = this.api.get("/sessions/" + id + "/log").body();
		List<ServerSentEvent<String>> events = stream(id, "framing=jsonl");
		List<ServerSentEvent<String>> records = events.stream().filter((e) -> e.event().startsWith("record")).toList();
		assertThat(records).extracting(ServerSentEvent::event)
			.containsExactly("record", "record", "record", "record", "record", "record", "record", "record", "record",
					"record", "record_error", "record");
		List<JsonNode> values = records.stream().map(SseClient::data).toList();
		assertThat(values.get(0).get("record").get("type").asString()).isEqualTo("session");
		assertThat(values.get(6).get("record").get("text").asString())
			.isEqualTo("Reading the files \u00e9t\u00e9 \u2713");
		assertThat(values.get(8).get("record").get("exit_code").asInt()).isZero();
		JsonNode big = values.get(9).get("record");
		assertThat(big.get("delta").asString()).hasSize(BIG).matches("x+");
		JsonNode bad = values.get(10);
		assertThat(bad.get("error").asString()).isEqualTo("invalid_json");
		assertThat(bad.get("text").asString()).isEqualTo("not json {");
		assertThat(values.get(11).get("record").get("type").asString()).isEqualTo("agent_end");
		// Each id is the offset after the line: the next line starts there, the last ends
		// the log.
		for (int i = 0; i < records.size(); i++) {
			long offset = values.get(i).get("offset").asLong();
			long next = Long.parseLong(records.get(i).id());
			String line = new String(log, (int) offset, (int) (next - offset), StandardCharsets.UTF_8);
			for (String err : STDERR) {
				line = line.replace(err + "\n", "");
			}
			if (i < records.size() - 1) {
				assertThat(line).endsWith("\n");
			}
			else {
				assertThat(next).isEqualTo(log.length);
			}
			if (i != 10) {
				assertThat(JSON.readTree(line)).isEqualTo(values.get(i).get("record"));
			}
		}
		assertThat(events.stream()
			.filter((e) -> "stderr".equals(e.event()))
			.map((e) -> SseClient.data(e).get("text").asString())).containsExactlyElementsOf(STDERR);
		assertThat(SseClient.isExit(events.get(events.size() - 1))).isTrue();
	}

	@Test
	void resumingWithLastEventIdContinuesAtTheNextLine() throws Exception {
		String id = runFixture();
		List<JsonNode> all = recordsOf(stream(id, "framing=jsonl"));
		List<ServerSentEvent<String>> first = new SseClient(this.port)
			.events("/sessions/" + id + "/stream?framing=jsonl", "X-Conversation-Id", this.api.conversation())
			.filter((e) -> "record".equals(e.event()))
			.take(4)
			.collectList()
			.block();
		String lastId = first.get(3).id();
		List<JsonNode> rest = recordsOf(stream(id, "framing=jsonl", "Last-Event-ID", lastId));
		assertThat(rest).isEqualTo(all.subList(4, all.size()));
	}

	@Test
	void pollReturnsTheSameRecordsPageByPage() throws Exception {
		String id = runFixture();
		List<JsonNode> streamed = recordsOf(stream(id, "framing=jsonl"));
		List<JsonNode> polled = new ArrayList<>();
		List<String> stderr = new ArrayList<>();
		long offset = 0;
		for (int page = 0; page < 50; page++) {
			JsonNode result = this.api.get("/sessions/" + id + "/records?max_records=3&offset=" + offset).json();
			result.get("records").forEach(polled::add);
			result.get("stderr").forEach((s) -> stderr.add(s.get("text").asString()));
			offset = result.get("next_offset").asLong();
			if (result.get("eof").asBoolean()) {
				break;
			}
		}
		assertThat(polled).extracting((r) -> r.get("offset").asLong())
			.containsExactlyElementsOf(streamed.stream().map((r) -> r.get("offset").asLong()).toList());
		for (int i = 0; i < streamed.size(); i++) {
			assertThat(polled.get(i)).as("record %d", i).isEqualTo(streamed.get(i));
		}
		assertThat(stderr).containsAll(STDERR);
		assertThat(offset).isEqualTo(this.api.get("/sessions/" + id + "/log").body().length);
	}

	@Test
	void pollWaitsForTheFirstRecord() {
		String id = id(start(Map.of("cmd", "sleep 1; echo '{\"a\":1}'; sleep 30", "yield_time_ms", 0)));
		JsonNode result = this.api.get("/sessions/" + id + "/records?wait_ms=20000").json();
		assertThat(result.get("records").get(0).get("record").get("a").asInt()).isEqualTo(1);
		assertThat(result.get("eof").asBoolean()).isFalse();
		assertThat(result.get("next_offset").asLong()).isEqualTo(8);
	}

	@Test
	void aTooLongLineIsSkippedAndTheStreamGoesOn() throws Exception {
		String id = runFixture();
		List<ServerSentEvent<String>> events = stream(id, "framing=jsonl&max_record_bytes=1048576");
		List<ServerSentEvent<String>> errors = events.stream().filter((e) -> "record_error".equals(e.event())).toList();
		assertThat(errors).hasSize(2);
		JsonNode tooLong = SseClient.data(errors.get(0));
		assertThat(tooLong.get("error").asString()).isEqualTo("too_long");
		assertThat(tooLong.get("end").asLong() - tooLong.get("offset").asLong()).isGreaterThan(BIG);
		assertThat(errors.get(0).id()).isEqualTo(tooLong.get("end").asString());
		assertThat(SseClient.data(errors.get(1)).get("error").asString()).isEqualTo("invalid_json");
		assertThat(events.stream().filter((e) -> "record".equals(e.event()))).hasSize(10);
	}

	@Test
	void linesFramingOnATerminalStripsCarriageReturns() {
		String id = id(start(Map.of("cmd", "stty -echo; printf 'one\\ntwo\\nthree'", "tty", true, "yield_time_ms", 0)));
		List<ServerSentEvent<String>> events = stream(id, "framing=lines");
		assertThat(recordsOf(events)).extracting((r) -> r.get("line").asString()).endsWith("one", "two", "three");
		assertThat(events).noneMatch((e) -> "stderr".equals(e.event()));
	}

	@Test
	void linesFramingOnATerminalDropsEveryCarriageReturnOfACrlfLine() {
		// The terminal's onlcr turns a program's \r\n into \r\r\n.
		String id = id(
				start(Map.of("cmd", "printf 'HTTP/1.1 200 OK\\r\\nServer: x\\r\\n'", "tty", true, "yield_time_ms", 0)));
		assertThat(recordsOf(stream(id, "framing=lines"))).extracting((r) -> r.get("line").asString())
			.containsExactly("HTTP/1.1 200 OK", "Server: x");
		JsonNode polled = this.api.get("/sessions/" + id + "/records?framing=lines").json();
		assertThat(polled.get("records").valueStream().map((r) -> r.get("line").asString()))
			.containsExactly("HTTP/1.1 200 OK", "Server: x");
	}

	@Test
	void stdoutAndStderrStayApartOverManyAlternations() {
		String script = "python3 -c \"import os\nfor i in range(40000):\n os.write(1, b'o%d\\n' % i)\n"
				+ " os.write(2, b'e%d\\n' % i)\"";
		String id = id(start(Map.of("cmd", script, "yield_time_ms", 0)));
		pollUntilExited(id);
		List<ServerSentEvent<String>> events = stream(id, "framing=lines");
		List<String> lines = recordsOf(events).stream().map((r) -> r.get("line").asString()).toList();
		assertThat(lines).hasSize(40000).allMatch((l) -> l.startsWith("o"));
		assertThat(lines.get(39999)).isEqualTo("o39999");
		assertThat(events.stream().filter((e) -> "stderr".equals(e.event())).count()).isEqualTo(40000);
	}

	@Test
	void anotherConversationCannotReadRecords() throws Exception {
		String id = runFixture();
		TestClient other = new TestClient(this.port).inConversation("other-" + id);
		assertThat(other.get("/sessions/" + id + "/records").status()).isEqualTo(404);
		assertThat(other.get("/sessions/" + id + "/stream?framing=jsonl").status()).isEqualTo(404);
	}

	@Test
	void badFramingParametersAreRefused() {
		String id = id(start(Map.of("cmd", "echo hi", "yield_time_ms", 2000)));
		for (String query : List.of("stream?framing=xml", "stream?framing=jsonl&max_record_bytes=0",
				"stream?framing=jsonl&max_record_bytes=67108865", "stream?framing=jsonl&encoding=base64",
				"stream?max_record_bytes=10", "records?framing=csv")) {
			TestClient.Response response = this.api.get("/sessions/" + id + "/" + query);
			assertThat(response.status()).as(query).isEqualTo(400);
			assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
		}
	}

	@Test
	void aPollPastTheEndIsRefusedAsTheOutputIs() {
		String id = id(start(Map.of("cmd", "echo hi", "yield_time_ms", 10000)));
		for (String query : List.of("records?offset=4", "records?offset=4&framing=jsonl")) {
			TestClient.Response response = this.api.get("/sessions/" + id + "/" + query);
			assertThat(response.status()).as(query).isEqualTo(416);
			assertThat(response.json().get("code").asString()).isEqualTo("offset_out_of_range");
		}
		assertThat(this.api.get("/sessions/" + id + "/records?offset=3").status()).isEqualTo(200);
	}

	@Test
	void anOffsetInsideACharacterResumesAtTheNextLine() {
		// {"e":"😀"}\n is 13 bytes, the emoji at 6 to 9; {"b":2}\n follows at 13.
		String id = id(
				start(Map.of("cmd", "printf '{\"e\":\"\\360\\237\\230\\200\"}\\n{\"b\":2}\\n'", "yield_time_ms", 0)));
		pollUntilExited(id);
		for (int inside = 7; inside <= 9; inside++) {
			JsonNode jsonl = this.api.get("/sessions/" + id + "/records?offset=" + inside).json();
			assertThat(jsonl.get("records").toString()).as("offset %d", inside)
				.isEqualTo("[{\"offset\":13,\"record\":{\"b\":2}}]");
			assertThat(jsonl.get("next_offset").asLong()).isEqualTo(21);
			assertThat(jsonl.get("eof").asBoolean()).isTrue();
			JsonNode lines = this.api.get("/sessions/" + id + "/records?framing=lines&offset=" + inside).json();
			assertThat(lines.get("records").toString()).isEqualTo("[{\"offset\":13,\"line\":\"{\\\"b\\\":2}\"}]");
			assertThat(recordsOf(stream(id, "framing=jsonl", "Last-Event-ID", Integer.toString(inside))))
				.extracting((r) -> r.get("offset").asLong())
				.containsExactly(13L);
		}
		// At a character boundary the offset is still taken as the start of a line.
		JsonNode boundary = this.api.get("/sessions/" + id + "/records?offset=6").json().get("records");
		assertThat(boundary.get(0).get("error").asString()).isEqualTo("invalid_json");
		assertThat(boundary.get(0).get("text").asString()).isEqualTo("😀\"}");
		assertThat(boundary.get(1).get("offset").asLong()).isEqualTo(13);
	}

	@Test
	void anOffsetInsideACharacterOfStderrSkipsThatStderrLine() {
		String id = id(start(
				Map.of("cmd", "printf '\\303\\251rr\\n' >&2; sleep 0.5; printf '{\"c\":3}\\n'", "yield_time_ms", 0)));
		pollUntilExited(id);
		JsonNode page = this.api.get("/sessions/" + id + "/records?offset=1").json();
		assertThat(page.get("stderr")).isEmpty();
		assertThat(page.get("records").toString()).isEqualTo("[{\"offset\":5,\"record\":{\"c\":3}}]");
	}

	private static List<JsonNode> recordsOf(List<ServerSentEvent<String>> events) {
		return events.stream().filter((e) -> e.event().startsWith("record")).map(SseClient::data).toList();
	}

}
