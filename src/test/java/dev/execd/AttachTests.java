package dev.execd;

import java.io.ByteArrayOutputStream;
import java.net.Socket;
import java.net.http.WebSocketHandshakeException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.TestPropertySource;

import static dev.execd.AttachClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The attach channel over real WebSockets (the JDK's client): typing and echo, offsets
 * that are the log's, resumption, resize, signals, the exit, refusals before the upgrade
 * and the subscriber cap it shares with SSE (set to 2 here).
 */
@TestPropertySource(properties = "execd.limits.max-subscribers-per-session=2")
class AttachTests extends EndToEndTest {

	private static final String MULTIBYTE = "h\u00e9llo w\u00f6rld \u2713 \u65e5\u672c\u8a9e \ud83d\ude00";

	@Test
	void typedBytesComeBackAsTheTerminalsEcho() throws Exception {
		String id = id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			attach.sendBytes("hello");
			assertThat(attach.outputUntil("hello")).isEqualTo("hello");
			attach.sendText("{\"type\": \"input\", \"chars\": \"x\\\\ty\", \"keys\": [\"Enter\"]}");
			assertThat(attach.outputUntil("x\ty\r\n")).endsWith("x\ty\r\n");
		}
	}

	@Test
	void offsetsAreTheLogsAndAResumeGetsExactlyTheRest() throws Exception {
		String line = MULTIBYTE + "\n";
		String id = id(start(Map.of("cmd", "for i in $(seq 1 2000); do printf '%d " + line
				+ "' $i; done; read x; printf 'after %s\\n' \"$x\"; exit 3", "yield_time_ms", 0)));
		long before;
		try (AttachClient first = attach(id, "?offset=0")) {
			ByteArrayOutputStream received = new ByteArrayOutputStream();
			long expected = 0;
			while (!received.toString(StandardCharsets.UTF_8).endsWith("2000 " + line)) {
				JsonNode output = first.next();
				assertThat(output.get("type").asString()).isEqualTo("output");
				assertThat(output.get("offset").asLong()).isEqualTo(expected);
				byte[] bytes = output.get("text").asString().getBytes(StandardCharsets.UTF_8);
				assertThat(output.get("next").asLong()).isEqualTo(expected + bytes.length);
				received.writeBytes(bytes);
				expected += bytes.length;
			}
			before = expected;
			assertThat(received.toByteArray()).isEqualTo(log(id));
		}
		// Resume in the middle, at a frame's end; the rest comes exactly once.
		long middle = before / 2;
		String startsAt = new String(Arrays.copyOfRange(log(id), 0, (int) middle), StandardCharsets.UTF_8);
		long resume = startsAt.lastIndexOf('\n') + 1 == 0 ? 0
				: startsAt.substring(0, startsAt.lastIndexOf('\n') + 1).getBytes(StandardCharsets.UTF_8).length;
		// Exact bytes this time.
		try (AttachClient second = attach(id, "?encoding=base64&offset=" + resume)) {
			second.sendBytes("go\n");
			List<JsonNode> messages = second.until(AttachClient::isExit);
			ByteArrayOutputStream rest = new ByteArrayOutputStream();
			long expected = resume;
			for (JsonNode output : messages.subList(0, messages.size() - 1)) {
				assertThat(output.get("offset").asLong()).isEqualTo(expected);
				rest.writeBytes(Base64.getDecoder().decode(output.get("data_b64").asString()));
				expected = output.get("next").asLong();
			}
			byte[] log = log(id);
			assertThat(rest.toByteArray()).isEqualTo(Arrays.copyOfRange(log, (int) resume, log.length));
			assertThat(rest.toString(StandardCharsets.UTF_8)).endsWith("after go\n");
			JsonNode exit = messages.get(messages.size() - 1);
			assertThat(exit.get("session").get("exit_code").asInt()).isEqualTo(3);
			assertThat(second.closed()).isEqualTo(new AttachClient.Close(1000, "session ended"));
		}
	}

	@Test
	void aSlowClientNeitherHoldsUpTheSessionNorLosesBytes() throws Exception {
		int size = 20_000_000;
		String id = id(start(
				Map.of("cmd", "read x; head -c " + size + " /dev/zero | tr '\\0' a; read y", "yield_time_ms", 0)));
		try (AttachClient slow = AttachClient.connectPaused(this.port, "/sessions/" + id + "/attach?offset=0",
				"X-Conversation-Id", this.api.conversation())) {
			this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "go\n", "yield_time_ms", 0));
			// The reader goes on while the client reads nothing.
			await().atMost(Duration.ofSeconds(15))
				.until(() -> this.api.get("/sessions/" + id).json().get("output_bytes_total").asLong() >= size);
			slow.resume();
			long expected = 0;
			while (expected < size) {
				JsonNode output = slow.next();
				assertThat(output.get("offset").asLong()).isEqualTo(expected);
				expected += output.get("text").asString().length();
				assertThat(output.get("next").asLong()).isEqualTo(expected);
			}
			assertThat(expected).isEqualTo(size);
		}
	}

	@Test
	void burstsBetweenKeystrokesAndRefusalsArriveOnceAndInOrder() throws Exception {
		// Small echoes leave from the output reader's thread, bursts from the pump, and
		// refusals between them: offsets stay contiguous and the bytes are the log's.
		String id = id(start(Map.of("cmd", "while read n; do head -c \"$n\" /dev/zero | tr '\\0' x; echo; done",
				"yield_time_ms", 0)));
		int[] sizes = { 1, 3, 70_000, 10, 5_000, 2, 200_000, 1 };
		int refusals = 0;
		long total = 0;
		try (AttachClient attach = attach(id, "?offset=0")) {
			for (int i = 0; i < 120; i++) {
				int size = sizes[i % sizes.length];
				attach.sendBytes(size + "\n");
				total += size + 1;
				if (i % 7 == 0) {
					attach.sendText("{\"type\": \"dance\"}");
					refusals++;
				}
				if (i % 3 == 0) {
					Thread.sleep(2);
				}
			}
			ByteArrayOutputStream received = new ByteArrayOutputStream();
			int errors = 0;
			long expected = 0;
			while (expected < total || errors < refusals) {
				JsonNode message = attach.next();
				if (message.get("type").asString().equals("error")) {
					assertThat(message.get("code").asString()).isEqualTo("invalid_request");
					errors++;
					continue;
				}
				assertThat(message.get("offset").asLong()).isEqualTo(expected);
				byte[] bytes = message.get("text").asString().getBytes(StandardCharsets.UTF_8);
				assertThat(message.get("next").asLong()).isEqualTo(expected + bytes.length);
				received.writeBytes(bytes);
				expected += bytes.length;
			}
			assertThat(expected).isEqualTo(total);
			assertThat(errors).isEqualTo(refusals);
			assertThat(received.toByteArray()).isEqualTo(log(id));
		}
	}

	@Test
	void resizeIsWhatSttyReports() throws Exception {
		String id = id(start(Map.of("cmd", "read x; stty size; read y", "tty", true, "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			attach.sendText("{\"type\": \"resize\", \"cols\": 101, \"rows\": 33}");
			attach.sendBytes("\r");
			assertThat(attach.outputUntil("33 101")).contains("33 101");
		}
	}

	@Test
	void signalInterruptsAndTheExitEndsTheConnection() throws Exception {
		String id = id(start(Map.of("argv", List.of("sleep", "60"), "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			attach.sendText("{\"type\": \"signal\", \"signal\": \"INT\"}");
			JsonNode exit = attach.next();
			assertThat(exit.get("type").asString()).isEqualTo("exit");
			assertThat(exit.get("session").get("signal").asString()).isEqualTo("SIGINT");
			assertThat(attach.closed().code()).isEqualTo(1000);
		}
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void messagesThatArriveAfterTheExitClosedTheConnectionAreDroppedQuietly(CapturedOutput log) throws Exception {
		String id = id(start(Map.of("argv", List.of("sleep", "60"), "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			attach.holdCloseReply();
			attach.sendText("{\"type\": \"signal\", \"signal\": \"KILL\"}");
			assertThat(attach.next().get("type").asString()).isEqualTo("exit");
			assertThat(attach.closed().code()).isEqualTo(1000);
			// execd has closed its side; these reach it before the client's close does.
			for (int i = 0; i < 5; i++) {
				attach.sendText("{\"type\": \"input\", \"chars\": \"x\"}");
			}
			attach.replyToClose();
			// Each refusal that could not be sent logged an ERROR at once. A DEBUG line
			// for each would show them handled, but another context starting in this JVM
			// resets the log levels, so the test watches for errors a while instead.
			await().during(Duration.ofSeconds(3))
				.atMost(Duration.ofSeconds(5))
				.until(() -> attachErrors(log).isEmpty());
		}
		assertThat(attachErrors(log)).isEmpty();
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aClientLeavingWhileOutputFlowsLogsNoError(CapturedOutput log) throws Exception {
		String id = id(
				start(Map.of("cmd", "yes | head -c 50000000; sleep 60", "yield_time_ms", 0, "max_output_bytes", 256)));
		for (int i = 0; i < 40; i++) {
			// The cap of 2 subscribers: the last connection may not have been let go yet.
			AttachClient attach = await().atMost(Duration.ofSeconds(20))
				.ignoreExceptionsInstanceOf(CompletionException.class)
				.until(() -> attach(id, "?offset=0"), (client) -> true);
			JsonNode first = attach.next();
			assertThat(first.get("type").asString()).as(first.toString()).isEqualTo("output");
			attach.close();
		}
		// The pump that found its connection closed under a send logged an ERROR.
		await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> attachErrors(log).isEmpty());
		assertThat(this.api.delete("/sessions/" + id).status()).isEqualTo(200);
	}

	private static List<String> attachErrors(CapturedOutput log) {
		return log.toString()
			.lines()
			.filter((line) -> line.contains(" ERROR ") && (line.contains("WebSocket") || line.contains("ttach")))
			.toList();
	}

	@Test
	void badMessagesAreRefusedAndTheConnectionStays() throws Exception {
		String id = id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			Map<String, String> refusals = Map.of("not json", "invalid_request", "null", "invalid_request",
					"{\"type\": \"dance\"}", "invalid_request", "{\"type\": \"input\", \"keys\": [\"Nope\"]}",
					"unknown_key", "{\"type\": \"input\", \"chars_b64\": \"%%\"}", "invalid_base64",
					"{\"type\": \"resize\", \"cols\": 1, \"rows\": 1}", "invalid_request",
					"{\"type\": \"signal\", \"signal\": \"SIGNOPE\"}", "unknown_signal",
					"{\"type\": \"input\", \"colour\": 1}", "invalid_request", "{\"type\": \"input\"}",
					"invalid_request");
			for (Map.Entry<String, String> refusal : refusals.entrySet()) {
				attach.sendText(refusal.getKey());
				JsonNode error = attach.next();
				assertThat(error.get("type").asString()).as(refusal.getKey()).isEqualTo("error");
				assertThat(error.get("code").asString()).as(refusal.getKey()).isEqualTo(refusal.getValue());
			}
			attach.sendBytes("still here");
			assertThat(attach.outputUntil("still here")).isEqualTo("still here");
		}
		assertThat(this.api.get("/sessions/" + id).json().get("status").asString()).isEqualTo("running");
	}

	@Test
	void largeBinaryMessagesReachASlowReaderWholeAndInOrder(@TempDir Path dir) throws Exception {
		Path received = dir.resolve("received.bin");
		String id = id(start(Map.of("cmd", "python3 -c \"import sys,time\nf=open('" + received
				+ "','wb')\nwhile True:\n  b=sys.stdin.buffer.read1(65536)\n  if not b: break\n  f.write(b); time.sleep(0.01)\n\"",
				"yield_time_ms", 0)));
		// 900 KiB each: the second arrives while most of the first still waits in the
		// queue, so it is refused as a whole (and sent again) until the reader caught up.
		int counters = 900 * 1024 / 4;
		ByteArrayOutputStream sent = new ByteArrayOutputStream();
		try (AttachClient attach = attach(id, "")) {
			for (int i = 0; i < 4; i++) {
				byte[] message = counters(i * counters, counters);
				sendUntilAccepted(attach, message);
				sent.writeBytes(message);
			}
			attach.sendText("{\"type\": \"input\", \"eof\": true}");
			List<JsonNode> messages = attach.until(AttachClient::isExit);
			assertThat(messages.getLast().get("session").get("exit_code").asInt()).isZero();
		}
		byte[] written = Files.readAllBytes(received);
		assertThat(written).hasSize(sent.size());
		assertThat(sha256(written)).isEqualTo(sha256(sent.toByteArray()));
	}

	@Test
	void aBinaryMessageOverTheLimitIsRefusedWholeAndTheNextArrives() throws Exception {
		String id = id(start(Map.of("cmd", "wc -c", "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			assertThat(sendAndSettle(attach, counters(0, 1024 * 1024 / 4 + 1))).containsExactly("payload_too_large");
			assertThat(sendAndSettle(attach, counters(0, 3 * 1024 * 1024 / 4))).containsExactly("payload_too_large");
			// What comes after a refusal arrives, and the limit itself is allowed (once
			// the queue is empty again).
			assertThat(sendAndSettle(attach, "hello\n".getBytes(StandardCharsets.UTF_8))).isEmpty();
			sendUntilAccepted(attach, counters(0, 1024 * 1024 / 4));
			attach.sendText("{\"type\": \"input\", \"eof\": true}");
			attach.until(AttachClient::isExit);
		}
		assertThat(new String(log(id), StandardCharsets.UTF_8).strip()).isEqualTo(String.valueOf(1024 * 1024 + 6));
	}

	@Test
	void aBinaryMessageRefusedForAFullQueueLeavesNothingOfItBehind() throws Exception {
		// Nothing is read for 3 s: the pipe and then the queue fill up.
		String id = id(start(Map.of("cmd", "sleep 3; wc -c", "yield_time_ms", 0)));
		int size = 300_000;
		int accepted = 0;
		try (AttachClient attach = attach(id, "")) {
			List<String> refusals;
			while ((refusals = sendAndSettle(attach, counters(accepted * size / 4, size / 4))).isEmpty()) {
				accepted++;
				assertThat(accepted).as("messages accepted before the queue is full").isLessThan(5);
			}
			assertThat(refusals).containsExactly("stdin_queue_full");
			attach.sendText("{\"type\": \"input\", \"eof\": true}");
			attach.until(AttachClient::isExit);
		}
		assertThat(accepted).isPositive();
		assertThat(new String(log(id), StandardCharsets.UTF_8).strip()).isEqualTo(String.valueOf(accepted * size));
	}

	/**
	 * Sends one binary message and then a text message that is always refused: messages
	 * are done in order, so the errors before that one's are the binary message's.
	 * @return the codes of those errors
	 */
	private static List<String> sendAndSettle(AttachClient attach, byte[] message) throws InterruptedException {
		attach.sendBytes(message);
		attach.sendText("{\"type\": \"marker\"}");
		List<String> codes = new ArrayList<>();
		while (true) {
			JsonNode reply = attach.next();
			if (!reply.get("type").asString().equals("error")) {
				continue;
			}
			String code = reply.get("code").asString();
			if (code.equals("invalid_request")) {
				return codes;
			}
			codes.add(code);
		}
	}

	/** Sends a binary message again while the queue refuses it as a whole. */
	private static void sendUntilAccepted(AttachClient attach, byte[] message) throws InterruptedException {
		List<String> refusals;
		while (!(refusals = sendAndSettle(attach, message)).isEmpty()) {
			assertThat(refusals).containsExactly("stdin_queue_full");
			Thread.sleep(50);
		}
	}

	/**
	 * {@code count} big-endian ints counting up from {@code from}: a hole or a repeat
	 * shows.
	 */
	private static byte[] counters(int from, int count) {
		ByteBuffer bytes = ByteBuffer.allocate(count * 4);
		for (int i = 0; i < count; i++) {
			bytes.putInt(from + i);
		}
		return bytes.array();
	}

	private static String sha256(byte[] bytes) throws Exception {
		return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
	}

	@Test
	void anIdleConnectionOutlivesTheRequestReadDeadline() throws Exception {
		String id = id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		try (AttachClient attach = attach(id, "")) {
			// The read deadline cuts a connection reading one request for 10 s.
			await().pollDelay(Duration.ofSeconds(12)).atMost(Duration.ofSeconds(20)).until(() -> true);
			attach.sendBytes("awake");
			assertThat(attach.outputUntil("awake")).isEqualTo("awake");
		}
	}

	@Test
	void refusalsComeBeforeTheUpgradeAsProblems() throws Exception {
		String running = id(start(Map.of("argv", List.of("cat"), "yield_time_ms", 0)));
		String ended = id(start(Map.of("cmd", "true", "yield_time_ms", 5000)));
		assertProblem(handshake("/sessions/nope/attach"), 404, "session_not_found");
		assertProblem(handshake("/sessions/" + ended + "/attach"), 409, "session_exited");
		assertProblem(handshake("/sessions/" + running + "/attach", "Origin: http://evil.example"), 403, "forbidden");
		assertProblem(handshake("/sessions/" + running + "/attach?offset=999999"), 416, "offset_out_of_range");
		assertProblem(RawHttp.send(this.port, "GET", "/sessions/" + running + "/attach", "Host: 127.0.0.1",
				"X-Conversation-Id: " + this.api.conversation()), 400, "invalid_request");
		// Connection: close instead of Upgrade.
		assertProblem(handshake("/sessions/" + running + "/attach"), 400, "invalid_request");
		assertThatThrownBy(() -> attach("nope", "")).isInstanceOf(CompletionException.class)
			.cause()
			.isInstanceOfSatisfying(WebSocketHandshakeException.class,
					(refused) -> assertThat(refused.getResponse().statusCode()).isEqualTo(404));
		try (AttachClient same = attach(running, "", "Origin", "http://127.0.0.1:" + this.port)) {
			same.sendBytes("ok\n");
			assertThat(same.outputUntil("ok")).startsWith("ok");
		}
	}

	@Test
	void attachConnectionsShareTheSubscriberCapWithStreams() throws Exception {
		String id = id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		try (Socket sse = new Socket("127.0.0.1", this.port); AttachClient first = attach(id, "")) {
			sse.getOutputStream()
				.write(("GET /sessions/" + id + "/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Conversation-Id: "
						+ this.api.conversation() + "\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			assertThat(new String(sse.getInputStream().readNBytes(12), StandardCharsets.US_ASCII))
				.isEqualTo("HTTP/1.1 200");
			assertProblem(handshake("/sessions/" + id + "/attach"), 429, "too_many_subscribers");
			TestClient.Response stream = this.api.get("/sessions/" + id + "/stream");
			assertThat(stream.status()).isEqualTo(429);
			first.close();
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
				try (AttachClient again = attach(id, "")) {
					again.sendBytes("in");
					assertThat(again.outputUntil("in")).isEqualTo("in");
				}
			});
		}
	}

	private AttachClient attach(String id, String query, String... headers) {
		String[] all = Arrays.copyOf(headers, headers.length + 2);
		all[headers.length] = "X-Conversation-Id";
		all[headers.length + 1] = this.api.conversation();
		return AttachClient.connect(this.port, "/sessions/" + id + "/attach" + query, all);
	}

	private String handshake(String path, String... extra) {
		return AttachClient.handshake(this.port, this.api.conversation(), path, extra);
	}

	private byte[] log(String id) {
		return this.api.get("/sessions/" + id + "/log").body();
	}

	@Test
	void anOffsetInsideACharacterStartsAtTheNextBoundary() throws Exception {
		// "a", "é" at 1 and 2, "b", "€" at 4 to 6, "c".
		String id = id(start(Map.of("cmd", "printf 'a\\303\\251b\\342\\202\\254c'; sleep 100", "wait_for", "c",
				"yield_time_ms", 10000)));
		try (AttachClient attach = attach(id, "?offset=2")) {
			JsonNode output = attach.next();
			assertThat(output.get("offset").asLong()).isEqualTo(3);
			assertThat(output.get("next").asLong()).isEqualTo(8);
			assertThat(output.get("text").asString()).isEqualTo("b\u20acc");
		}
		try (AttachClient attach = attach(id, "?offset=5")) {
			JsonNode output = attach.next();
			assertThat(output.get("offset").asLong()).isEqualTo(7);
			assertThat(output.get("text").asString()).isEqualTo("c");
		}
		// Exact bytes keep the exact offset.
		try (AttachClient attach = attach(id, "?offset=2&encoding=base64")) {
			JsonNode output = attach.next();
			assertThat(output.get("offset").asLong()).isEqualTo(2);
			assertThat(Base64.getDecoder().decode(output.get("data_b64").asString())).hasSize(6);
		}
	}

}
