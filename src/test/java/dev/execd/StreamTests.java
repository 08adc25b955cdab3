package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live output over SSE: exact resumption, many subscribers, slow subscribers, exit and
 * removal.
 */
class StreamTests extends EndToEndTest {

	@Test
	void resumedStreamDeliversEveryByteExactlyOnce(@TempDir Path dir) throws Exception {
		Path written = dir.resolve("written.bin");
		String id = id(start(Map.of("cmd", "head -c 5242880 /dev/urandom | tee " + written, "yield_time_ms", 0,
				"max_output_bytes", 256)));
		SseClient sse = new SseClient(this.port);
		String conversation = conversationHeader();
		List<ServerSentEvent<String>> first = sse
			.events("/sessions/" + id + "/stream?encoding=base64", "X-Conversation-Id", conversation)
			.take(40)
			.collectList()
			.block(Duration.ofSeconds(60));
		ByteArrayOutputStream received = new ByteArrayOutputStream();
		first.forEach((event) -> received.writeBytes(bytes(event)));
		String lastId = first.get(first.size() - 1).id();
		assertThat(Long.parseLong(lastId)).isEqualTo(received.size());
		List<ServerSentEvent<String>> rest = sse.until(SseClient::isExit, "/sessions/" + id + "/stream?encoding=base64",
				"X-Conversation-Id", conversation, "Last-Event-ID", lastId);
		rest.stream().filter((event) -> "output".equals(event.event())).forEach((e) -> received.writeBytes(bytes(e)));
		assertThat(SseClient.isExit(rest.get(rest.size() - 1))).isTrue();
		byte[] expected = Files.readAllBytes(written);
		assertThat(expected).hasSize(5 * 1024 * 1024);
		assertThat(sha256(received.toByteArray())).isEqualTo(sha256(expected));
		assertThat(sha256(this.api.get("/sessions/" + id + "/log").body())).isEqualTo(sha256(expected));
	}

	@Test
	void exitEventFollowsTheLastOutputAndEndsTheStream() {
		String id = id(start(Map.of("cmd", "seq 1 3000; echo oops >&2; exit 3", "yield_time_ms", 10000)));
		List<ServerSentEvent<String>> events = new SseClient(this.port).until((e) -> false,
				"/sessions/" + id + "/stream?conversation_id=" + conversationHeader());
		ServerSentEvent<String> exit = events.get(events.size() - 1);
		assertThat(exit.event()).isEqualTo("exit");
		assertThat(SseClient.data(exit).get("session").get("exit_code").asInt()).isEqualTo(3);
		List<ServerSentEvent<String>> outputs = events.subList(0, events.size() - 1);
		String stdout = outputs.stream()
			.map(SseClient::data)
			.filter((d) -> d.get("stream").asString().equals("stdout"))
			.map((d) -> d.get("text").asString())
			.collect(Collectors.joining());
		assertThat(stdout).isEqualTo(seq(3000));
		String stderr = outputs.stream()
			.map(SseClient::data)
			.filter((d) -> d.get("stream").asString().equals("stderr"))
			.map((d) -> d.get("text").asString())
			.collect(Collectors.joining());
		// stdout and stderr are separate pipes: their relative order is the order the
		// bytes reached execd, which the test does not fix.
		assertThat(stderr).isEqualTo("oops\n");
		assertThat(outputs.get(outputs.size() - 1).id()).isEqualTo(Long.toString(seq(3000).length() + 5));
	}

	@Test
	void fiftySubscribersReceiveTheSameFullStream() {
		String id = id(start(Map.of("cmd", "sleep 0.5; seq 1 100000", "yield_time_ms", 0)));
		SseClient sse = new SseClient(this.port);
		List<CompletableFuture<String>> streams = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			streams.add(sse.events("/sessions/" + id + "/stream", "X-Conversation-Id", conversationHeader())
				.takeUntil(SseClient::isExit)
				.filter((e) -> "output".equals(e.event()))
				.map((e) -> SseClient.data(e).get("text").asString())
				.collect(Collectors.joining())
				.toFuture());
		}
		String expected = seq(100000);
		for (CompletableFuture<String> stream : streams) {
			assertThat(stream.join()).isEqualTo(expected);
		}
	}

	@Test
	void stalledSubscriberDelaysNeitherOthersNorTheProcess() throws Exception {
		String id = id(start(Map.of("cmd", "sleep 0.5; head -c 67108864 /dev/zero", "yield_time_ms", 0)));
		try (Socket stalled = new Socket("127.0.0.1", this.port)) {
			OutputStream request = stalled.getOutputStream();
			request.write(("GET /sessions/" + id + "/stream?encoding=base64 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "X-Conversation-Id: " + conversationHeader() + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			request.flush();
			InputStream response = stalled.getInputStream();
			assertThat(new String(response.readNBytes(12), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
			long heapBefore = usedHeapAfterGc();
			long received = new SseClient(this.port)
				.events("/sessions/" + id + "/stream?encoding=base64", "X-Conversation-Id", conversationHeader())
				.takeUntil(SseClient::isExit)
				.filter((e) -> "output".equals(e.event()))
				.map((e) -> (long) Base64.getDecoder().decode(SseClient.data(e).get("data_b64").asString()).length)
				.reduce(0L, Long::sum)
				.block(Duration.ofSeconds(120));
			assertThat(received).isEqualTo(64L * 1024 * 1024);
			assertThat(this.api.get("/sessions/" + id).json().get("status").asString()).isEqualTo("exited");
			assertThat(usedHeapAfterGc() - heapBefore).as("heap growth while a subscriber stalls")
				.isLessThan(32L * 1024 * 1024);
		}
	}

	@Test
	void aFloodingTerminalLeavesInEventsOfManyReads() {
		// A read of a terminal gives at most 4,095 bytes, so one event per read would be
		// at least 977 events for these 4 MB. The server reads on while a terminal floods
		// and appends what it read at once, so an event carries several reads. On a
		// loaded machine the stream keeps up with more of the reads (523 events seen).
		int bytes = 4_000_000;
		String id = id(start(Map.of("cmd", "echo ready; read go; head -c " + bytes + " /dev/zero | tr '\\0' Z", "tty",
				true, "yield_time_ms", 0)));
		CompletableFuture<Void> subscribed = new CompletableFuture<>();
		CompletableFuture<List<ServerSentEvent<String>>> stream = new SseClient(this.port)
			.events("/sessions/" + id + "/stream", "X-Conversation-Id", conversationHeader())
			.doOnNext((event) -> subscribed.complete(null))
			.takeUntil(SseClient::isExit)
			.collectList()
			.toFuture();
		subscribed.orTimeout(30, TimeUnit.SECONDS).join();
		this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "\\r"));
		List<ServerSentEvent<String>> events = stream.orTimeout(120, TimeUnit.SECONDS).join();
		List<String> floods = events.stream()
			.filter((e) -> "output".equals(e.event()))
			.map((e) -> SseClient.data(e).get("text").asString())
			.filter((text) -> text.contains("Z"))
			.toList();
		assertThat(floods.stream().mapToLong((text) -> text.chars().filter((c) -> c == 'Z').count()).sum())
			.isEqualTo(bytes);
		assertThat(floods.size()).as("events carrying the flood").isLessThan(bytes / 4095 * 3 / 4);
	}

	@Test
	void removalEndsOpenStreamWithExit() {
		String id = id(start(Map.of("cmd", "echo started; sleep 100", "wait_for", "started")));
		CompletableFuture<Void> firstEvent = new CompletableFuture<>();
		CompletableFuture<List<ServerSentEvent<String>>> stream = new SseClient(this.port)
			.events("/sessions/" + id + "/stream", "X-Conversation-Id", conversationHeader())
			.doOnNext((event) -> firstEvent.complete(null))
			.collectList()
			.toFuture();
		firstEvent.orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).join();
		this.api.delete("/sessions/" + id);
		List<ServerSentEvent<String>> events = stream.join();
		assertThat(events.get(0).event()).isEqualTo("output");
		assertThat(events.get(events.size() - 1).event()).isEqualTo("exit");
		assertThat(SseClient.data(events.get(events.size() - 1)).get("session").get("end_reason").asString())
			.isEqualTo("killed");
	}

	@Test
	void refusesSubscribersBeyondTheCap() throws Exception {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		List<Socket> open = new ArrayList<>();
		try {
			for (int i = 0; i < 64; i++) {
				Socket socket = new Socket("127.0.0.1", this.port);
				socket.getOutputStream()
					.write(("GET /sessions/" + id + "/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Conversation-Id: "
							+ conversationHeader() + "\r\n\r\n")
						.getBytes(StandardCharsets.US_ASCII));
				assertThat(new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII))
					.isEqualTo("HTTP/1.1 200");
				open.add(socket);
			}
			TestClient.Response refused = this.api.get("/sessions/" + id + "/stream");
			assertThat(refused.status()).isEqualTo(429);
			assertThat(refused.json().get("code").asString()).isEqualTo("too_many_subscribers");
		}
		finally {
			for (Socket socket : open) {
				socket.close();
			}
		}
	}

	@Test
	void refusesStreamOffsetPastTheEndOfARunningSession() {
		String id = id(start(Map.of("cmd", "echo hi; sleep 30", "wait_for", "hi", "yield_time_ms", 10000)));
		TestClient.Response response = this.api.get("/sessions/" + id + "/stream?offset=100");
		assertThat(response.status()).isEqualTo(416);
		assertThat(response.json().get("code").asString()).isEqualTo("offset_out_of_range");
		assertThat(this.api.get("/sessions/" + id + "/stream", "Last-Event-ID", "x").status()).isEqualTo(400);
	}

	private String conversationHeader() {
		return this.api.conversation();
	}

	private static byte[] bytes(ServerSentEvent<String> event) {
		return Base64.getDecoder().decode(SseClient.data(event).get("data_b64").asString());
	}

	static String sha256(byte[] bytes) throws Exception {
		return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
	}

	private static long usedHeapAfterGc() {
		Runtime runtime = Runtime.getRuntime();
		System.gc();
		return runtime.totalMemory() - runtime.freeMemory();
	}

	static String seq(int to) {
		return IntStream.rangeClosed(1, to).mapToObj(Integer::toString).collect(Collectors.joining("\n", "", "\n"));
	}

	@Test
	void aReconnectAfterTheEndGets204() {
		String id = id(start(Map.of("cmd", "echo hi", "yield_time_ms", 10000)));
		pollUntilExited(id);
		String stream = "/sessions/" + id + "/stream";
		TestClient.Response whole = this.api.get(stream);
		assertThat(whole.status()).isEqualTo(200);
		// The first thing sent: come back after a second when the connection drops.
		assertThat(whole.text()).startsWith("retry: 1000\n\n").contains("event: exit");
		// EventSource reconnects with the id of the last output event: the end. Whether
		// that is use of the session: SessionRegistryTests.
		assertThat(this.api.get(stream, "Last-Event-ID", "3").status()).isEqualTo(204);
		assertThat(this.api.get(stream + "?offset=3").status()).isEqualTo(204);
		assertThat(this.api.get(stream + "?offset=99").status()).isEqualTo(204);
		assertThat(this.api.get(stream + "?offset=3&framing=lines").status()).isEqualTo(204);
		// Before the end there is still something to send.
		assertThat(this.api.get(stream, "Last-Event-ID", "1").text()).contains("\"text\":\"i\\n\"");
	}

	@Test
	void anOffsetInsideACharacterStartsAtTheNextBoundary() {
		// "a", "é" at 1 and 2, "€" at 3 to 5, the emoji at 6 to 9.
		String id = id(start(
				Map.of("cmd", "printf 'a\\303\\251\\342\\202\\254\\360\\237\\230\\200'", "yield_time_ms", 10000)));
		pollUntilExited(id);
		String stream = "/sessions/" + id + "/stream";
		for (TestClient.Response response : List.of(this.api.get(stream + "?offset=2"),
				this.api.get(stream, "Last-Event-ID", "2"), this.api.get(stream + "?offset=2&strip_ansi=true"))) {
			assertThat(response.text()).contains("\"offset\":3,").contains("\"text\":\"\u20ac\ud83d\ude00\"");
		}
		assertThat(this.api.get(stream + "?offset=7").text()).contains("event: exit").doesNotContain("event: output");
		// Exact bytes keep the exact offset.
		assertThat(this.api.get(stream + "?offset=2&encoding=base64").text()).contains("\"offset\":2,");
	}

	@Test
	void aResumeInsideAnEscapeSequenceStripsTheRestOfIt() {
		String id = id(
				start(Map.of("cmd", "printf 'A\\033]0;secret-title\\007B\\033[31mC\\n'", "yield_time_ms", 10000)));
		pollUntilExited(id);
		String stream = "/sessions/" + id + "/stream?strip_ansi=true";
		for (TestClient.Response response : List.of(this.api.get(stream, "Last-Event-ID", "4"),
				this.api.get(stream + "&offset=4"))) {
			assertThat(response.text()).contains("\"text\":\"BC\\n\"").doesNotContain("\"text\":\";secret");
		}
	}

	@Test
	void aResumeAtAStrayContinuationByteStartsThere() {
		String id = id(start(Map.of("cmd", "printf 'A\\200\\200\\200\\200\\200B\\342\\202C'", "yield_time_ms", 10000)));
		pollUntilExited(id);
		String stream = "/sessions/" + id + "/stream";
		for (TestClient.Response response : List.of(this.api.get(stream, "Last-Event-ID", "2"),
				this.api.get(stream + "?offset=2"))) {
			assertThat(response.text()).contains("\"offset\":2,")
				.contains("\"text\":\"\uFFFD\uFFFD\uFFFD\uFFFDB\uFFFDC\"");
		}
	}

	@Test
	void anOffsetInsideACharacterStillToBeWrittenStartsAfterIt() {
		// The stream starts inside the "é" before its second byte is written.
		String id = id(start(Map.of("cmd", "printf 'a\\303'; read x; printf '\\251b'; sleep 100", "wait_for", "a",
				"yield_time_ms", 10000)));
		CompletableFuture<ServerSentEvent<String>> first = new SseClient(this.port)
			.events("/sessions/" + id + "/stream?offset=2", "X-Conversation-Id", conversationHeader())
			.filter((event) -> "output".equals(event.event()))
			.next()
			.toFuture();
		this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "\\n", "yield_time_ms", 0));
		JsonNode output = SseClient.data(first.orTimeout(20, TimeUnit.SECONDS).join());
		assertThat(output.get("offset").asLong()).isEqualTo(3);
		assertThat(output.get("text").asString()).isEqualTo("b");
	}

}
