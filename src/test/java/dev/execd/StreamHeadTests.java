package dev.execd;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HEAD requests of the event streams: the stream's headers alone, with no subscription
 * left behind (the cap is 2 here, as in {@link AttachTests}) and the connection free for
 * the next request. HEAD requests of the polls: their GET's status and headers, with no
 * output taken from the delivery cursor and no wait.
 */
@TestPropertySource(properties = "execd.limits.max-subscribers-per-session=2")
class StreamHeadTests extends EndToEndTest {

	@Test
	void headOfAStreamIsItsHeadersAndHoldsNoSubscription() throws IOException {
		String id = id(start(Map.of("cmd", "echo hi; sleep 100", "tty", true, "wait_for", "hi")));
		for (String path : List.of("/sessions/" + id + "/stream", "/sessions/" + id + "/stream?framing=lines",
				"/sessions/" + id + "/screen/stream", "/events")) {
			for (int i = 0; i < 3; i++) {
				TestClient.RawAnswer answer = this.api.head(path);
				assertThat(answer.head()).as(path)
					.startsWith("HTTP/1.1 200")
					.containsIgnoringCase("Content-Type: text/event-stream");
				assertThat(answer.bytesAfterHead()).as(path).isZero();
			}
		}
		// A HEAD answers as its GET would.
		assertThat(this.api.head("/sessions/nosuchsession000000000/stream").head()).startsWith("HTTP/1.1 404");
		// Both subscriptions the cap allows are still free.
		SseClient sse = new SseClient(this.port);
		for (String path : List.of("/sessions/" + id + "/stream", "/sessions/" + id + "/screen/stream")) {
			ServerSentEvent<String> first = sse.events(path, "X-Conversation-Id", this.api.conversation())
				.next()
				.block(Duration.ofSeconds(20));
			assertThat(first).as(path).isNotNull();
		}
	}

	@Test
	void theConnectionOfAHeadOfAStreamServesTheNextRequest() throws IOException {
		String id = id(start(Map.of("cmd", "echo hi; sleep 100", "wait_for", "hi")));
		for (String path : List.of("/sessions/" + id + "/stream", "/events")) {
			String conversation = "X-Conversation-Id: " + this.api.conversation() + "\r\n";
			String requests = "HEAD " + path + " HTTP/1.1\r\nHost: localhost\r\n" + conversation + "\r\n"
					+ "GET /sessions/" + id + " HTTP/1.1\r\nHost: localhost\r\n" + conversation
					+ "Connection: close\r\n\r\n";
			try (Socket socket = new Socket("127.0.0.1", this.port)) {
				socket.setSoTimeout(10_000);
				socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
				String answers = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
				assertThat(Pattern.compile("^HTTP/1.1 200", Pattern.MULTILINE).matcher(answers).results().count())
					.as(answers)
					.isEqualTo(2);
				assertThat(answers).contains("\"session_id\":\"" + id + "\"");
			}
		}
	}

	@Test
	void headOfAReadTakesNoOutputFromTheCursor() throws IOException {
		String id = id(start(Map.of("cmd", "sleep 0.5; echo hello-world; sleep 30", "yield_time_ms", 0)));
		// By offset: a read that moves no cursor.
		JsonNode seen = this.api.get("/sessions/" + id + "/output?offset=0&wait_ms=10000&wait_for=hello-world").json();
		assertThat(seen.get("matched").asBoolean()).as(seen.toString()).isTrue();
		for (String path : List.of("/sessions/" + id + "/output", "/sessions/" + id + "/output?wait_ms=3000")) {
			TestClient.RawAnswer answer = this.api.head(path);
			assertThat(answer.head()).as(path)
				.startsWith("HTTP/1.1 200")
				.containsIgnoringCase("Content-Type: application/json");
			assertThat(answer.bytesAfterHead()).as(path).isZero();
		}
		JsonNode poll = this.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 0)).json();
		assertThat(poll.get("output").asString()).as(poll.toString()).isEqualTo("hello-world\n");
		assertThat(poll.get("output_offset").asLong()).isZero();
	}

	@Test
	void headOfAWaitingPollAnswersAtOnce() throws IOException {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		String shell = id(start(Map.of("shell", true, "yield_time_ms", 0)));
		TestClient.Response queued = this.api.post("/sessions/" + shell + "/commands",
				Map.of("cmd", "sleep 100", "yield_time_ms", 0));
		assertThat(queued.status()).as(queued.text()).isEqualTo(201);
		String command = "/sessions/" + shell + "/commands/" + queued.json().get("command_id").asString();
		// Each GET would wait the 20 s out: no output comes, nothing matches, nothing
		// ends.
		for (String path : List.of("/sessions/" + id + "/output?wait_ms=20000",
				"/sessions/" + id + "/output?offset=0&wait_ms=20000&wait_for=never",
				"/sessions/" + id + "/records?wait_ms=20000", command + "?wait_ms=20000")) {
			long began = System.nanoTime();
			TestClient.RawAnswer answer = this.api.head(path);
			assertThat(answer.head()).as(path).startsWith("HTTP/1.1 200");
			assertThat(Duration.ofNanos(System.nanoTime() - began)).as(path).isLessThan(Duration.ofSeconds(10));
		}
	}

	@Test
	void headOfAPollIsRefusedAsItsGetWouldBe() throws IOException {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		String unknown = "/sessions/nosuchsession000000000";
		for (String path : List.of(unknown + "/output", unknown + "/output?wait_ms=20000", unknown + "/records",
				unknown + "/commands/cmd_1?wait_ms=20000")) {
			assertThat(this.api.head(path).head()).as(path).startsWith("HTTP/1.1 404");
		}
		for (String path : List.of("/sessions/" + id + "/output?wait_ms=-1", "/sessions/" + id + "/output?max_bytes=-1",
				"/sessions/" + id + "/records?wait_ms=-1", "/sessions/" + id + "/output?offset=99")) {
			TestClient.RawAnswer answer = this.api.head(path);
			assertThat(answer.head()).as(path)
				.matches("(?s)HTTP/1.1 4(00|16) .*")
				.containsIgnoringCase("Content-Type: application/problem+json");
		}
	}

}
