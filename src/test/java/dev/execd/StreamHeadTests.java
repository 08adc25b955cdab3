package dev.execd;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HEAD requests of the event streams: the stream's headers alone, with no subscription
 * left behind (the cap is 2 here, as in {@link AttachTests}) and the connection free for
 * the next request.
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

}
