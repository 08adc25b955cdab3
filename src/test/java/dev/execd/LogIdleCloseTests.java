package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * An idle session holds no descriptor for its log: the server closes the log file after
 * {@code execd.output.log-idle-close} without a read or write, and output that comes
 * later lands at the right offsets, served by the log download, reads and the stream. The
 * memory window is small, so the older bytes come from the reopened file.
 */
@TestPropertySource(properties = { "execd.output.log-idle-close=200ms", "execd.output.memory-window=4KB" })
class LogIdleCloseTests extends EndToEndTest {

	@Test
	void anIdleSessionsLogIsClosedAndLaterOutputIsServedFromTheRightOffsets() throws IOException {
		String early = lines(1, 2000);
		String late = lines(2001, 4000);
		String id = id(start(Map.of("argv", List.of("cat"), "yield_time_ms", 100)));
		TestClient.Response first = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", early, "wait_for", "line 2000\\n", "yield_time_ms", 10000));
		assertThat(first.json().get("matched").asBoolean()).as(first.text()).isTrue();
		await().atMost(Duration.ofSeconds(20)).until(() -> descriptors(id) == 0);

		TestClient.Response second = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", late, "eof", true, "wait_for", "line 4000\\n", "yield_time_ms", 10000));
		assertThat(second.json().get("matched").asBoolean()).as(second.text()).isTrue();
		pollUntilExited(id);

		String all = early + late;
		assertThat(this.api.get("/sessions/" + id + "/log").text()).isEqualTo(all);
		JsonNode read = this.api.get("/sessions/" + id + "/output?offset=100&max_bytes=8000").json();
		assertThat(read.get("output").asString()).isEqualTo(all.substring(100, 8100));
		String path = "/sessions/" + id + "/stream?conversation_id=" + this.api.conversation();
		List<ServerSentEvent<String>> events = new SseClient(this.port).until(SseClient::isExit, path);
		String streamed = events.stream()
			.filter((event) -> "output".equals(event.event()))
			.map((event) -> SseClient.data(event).get("text").asString())
			.collect(Collectors.joining());
		assertThat(streamed).isEqualTo(all);
		List<ServerSentEvent<String>> resumed = new SseClient(this.port).until(SseClient::isExit, path, "Last-Event-ID",
				Integer.toString(early.length() - 10));
		assertThat(resumed.stream()
			.filter((event) -> "output".equals(event.event()))
			.map((event) -> SseClient.data(event).get("text").asString())
			.collect(Collectors.joining())).isEqualTo(all.substring(early.length() - 10));
	}

	@Test
	void aTerminalTypedIntoAfterIdlePausesReopensItsLogOnceEachTime() throws IOException {
		String id = id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 100)));
		StringBuilder typed = new StringBuilder();
		for (int i = 0; i < 3; i++) {
			await().atMost(Duration.ofSeconds(20)).until(() -> descriptors(id) == 0);
			String line = "typed " + i + "\n";
			TestClient.Response echo = this.api.post("/sessions/" + id + "/stdin",
					Map.of("chars", line, "wait_for", "typed " + i + "\\r\\n.*typed " + i, "yield_time_ms", 10000));
			assertThat(echo.json().get("matched").asBoolean()).as(echo.text()).isTrue();
			assertThat(descriptors(id)).as("at most one, never a leaked one").isLessThanOrEqualTo(1);
			typed.append("typed ").append(i).append("\r\ntyped ").append(i).append("\r\n");
		}
		// Every reopened descriptor is closed again: none leaked.
		await().atMost(Duration.ofSeconds(20)).until(() -> descriptors(id) == 0);
		assertThat(this.api.get("/sessions/" + id + "/log").text()).isEqualTo(typed.toString());
	}

	@Test
	void refusesAnIdlePeriodThatIsNotPositive() {
		for (Duration idle : new Duration[] { Duration.ZERO, Duration.ofSeconds(-1) }) {
			assertThatThrownBy(() -> new ExecdProperties.Output(null, DataSize.ofKilobytes(256),
					DataSize.ofGigabytes(1), DataSize.ofGigabytes(10), idle))
				.hasMessage("execd.output.log-idle-close must be positive");
		}
	}

	private static String lines(int from, int to) {
		return IntStream.rangeClosed(from, to).mapToObj((i) -> "line " + i + "\n").collect(Collectors.joining());
	}

	/** The server's descriptors open on the session's log. */
	static long descriptors(String id) throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.filter((fd) -> {
				try {
					return Files.readSymbolicLink(fd).getFileName().toString().equals(id + ".log");
				}
				catch (IOException ex) {
					// Closed meanwhile.
					return false;
				}
			}).count();
		}
	}

}
