package dev.execd;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code GET /sessions/{id}/processes}, the session's {@code usage} and {@code ports},
 * and the monitor's events: ports opened and closed, prompts waiting for input. Its
 * server is its own (the property below), so it runs beside the other classes.
 */
@OwnServer
@TestPropertySource(properties = "processes-and-ports.context=own")
class ProcessesAndPortsTests extends EndToEndTest {

	private final List<ServerSentEvent<String>> events = new CopyOnWriteArrayList<>();

	private Disposable stream;

	@BeforeEach
	void followEvents() {
		// Last-Event-ID 0 replays the fresh conversation from its start: nothing is
		// missed.
		this.stream = new SseClient(this.port)
			.events("/events?conversation_id=" + this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.subscribe(this.events::add);
	}

	@AfterEach
	void stopFollowing() {
		this.stream.dispose();
	}

	@Test
	void aServersPortIsAnnouncedListedAndClosedBeforeTheRemoval() {
		JsonNode started = start(Map.of("argv", List.of("python3", "-u", "-m", "http.server", "0"), "wait_for",
				"Serving HTTP on .* port \\d+", "yield_time_ms", 15000));
		String id = id(started);
		Matcher matcher = Pattern.compile("port (\\d+)").matcher(started.get("output").asString());
		assertThat(matcher.find()).as(started.toString()).isTrue();
		int port = Integer.parseInt(matcher.group(1));

		ServerSentEvent<String> opened = await().atMost(Duration.ofSeconds(5))
			.until(() -> first("session_port_opened"), (e) -> e != null);
		JsonNode detail = SseClient.data(opened);
		assertThat(detail.get("session_id").asString()).isEqualTo(id);
		assertThat(detail.get("port").asInt()).isEqualTo(port);
		assertThat(detail.get("protocol").asString()).isIn("tcp", "tcp6");
		long serverPid = detail.get("pid").asLong();

		JsonNode session = this.api.get("/sessions/" + id).json();
		assertThat(session.get("ports")).extracting(JsonNode::asInt).containsExactly(port);
		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.api.get("/sessions/" + id).json().get("usage").get("processes").asInt() >= 1);
		JsonNode usage = this.api.get("/sessions/" + id).json().get("usage");
		assertThat(usage.get("rss_bytes").asLong()).isPositive();
		assertThat(usage.get("max_rss_bytes").asLong()).isGreaterThanOrEqualTo(usage.get("rss_bytes").asLong());

		JsonNode processes = this.api.get("/sessions/" + id + "/processes").json().get("processes");
		JsonNode python = find(processes, serverPid);
		assertThat(python).as(processes.toString()).isNotNull();
		assertThat(python.get("argv").toString()).contains("http.server");
		assertThat(python.get("rss_bytes").asLong()).isPositive();
		assertThat(python.get("state").asString()).isIn("S", "R");
		assertThat(python.get("listening")).anySatisfy((socket) -> {
			assertThat(socket.get("port").asInt()).isEqualTo(port);
			assertThat(socket.get("protocol").asString()).isIn("tcp", "tcp6");
		});

		assertThat(this.api.delete("/sessions/" + id).status()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(10)).until(() -> first("session_removed") != null);
		List<String> order = types();
		assertThat(order).contains("session_port_closed");
		assertThat(order.indexOf("session_port_closed")).isLessThan(order.indexOf("session_removed"))
			.isLessThan(order.indexOf("session_exited"));
		assertThat(SseClient.data(first("session_port_closed")).get("port").asInt()).isEqualTo(port);
	}

	@Test
	void listsEveryProcessOfTheTreeWithItsParentAndGroup() {
		String id = id(start(Map.of("argv", List.of("bash", "-c", "sleep 100 & sleep 100"), "yield_time_ms", 0)));
		long leader = this.api.get("/sessions/" + id).json().get("pid").asLong();
		JsonNode processes = await().atMost(Duration.ofSeconds(5))
			.until(() -> this.api.get("/sessions/" + id + "/processes").json().get("processes"),
					(list) -> list.size() == 3);
		assertThat(find(processes, leader).get("argv").get(0).asString()).isEqualTo("bash");
		List<JsonNode> sleeps = new ArrayList<>();
		processes.forEach((p) -> {
			if (p.get("pid").asLong() != leader) {
				sleeps.add(p);
			}
		});
		assertThat(sleeps).hasSize(2).allSatisfy((p) -> {
			assertThat(p.get("ppid").asLong()).isEqualTo(leader);
			assertThat(p.get("pgid").asLong()).isEqualTo(leader);
			assertThat(p.get("argv").get(0).asString()).isEqualTo("sleep");
			assertThat(p.get("tty_foreground").asBoolean()).isFalse();
			assertThat(p.get("listening")).isEmpty();
			assertThat(p.get("started_at").asString()).isNotBlank();
		});
		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.api.get("/sessions/" + id).json().get("usage").get("processes").asInt() == 3);
		assertThat(this.api.get("/sessions/" + id).json().get("ports")).isEmpty();
	}

	@Test
	void anExitedSessionHasNoProcesses() {
		String id = id(start(Map.of("cmd", "true", "yield_time_ms", 10000)));
		JsonNode answer = this.api.get("/sessions/" + id + "/processes").json();
		assertThat(answer.get("processes")).isEmpty();
		assertThat(this.api.get("/sessions/" + id).json().get("ports")).isEmpty();
	}

	@Test
	void anotherConversationSeesNoProcesses() {
		String id = id(start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		TestClient other = new TestClient(this.port).inConversation("other-" + UUID.randomUUID());
		TestClient.Response answer = other.get("/sessions/" + id + "/processes");
		assertThat(answer.status()).isEqualTo(404);
		assertThat(answer.json().get("code").asString()).isEqualTo("session_not_found");
	}

	@Test
	void aPromptOnATerminalIsAnnouncedOncePerWait() throws Exception {
		promptsAreAnnouncedOncePerWait(true, "read -p '[y/N] ' a; read -p 'again? ' b; sleep 100");
	}

	@Test
	void aPromptOnAPipeIsAnnouncedOncePerWait() throws Exception {
		promptsAreAnnouncedOncePerWait(false, "printf '[y/N] '; read a; printf 'again? '; read b; sleep 100");
	}

	private void promptsAreAnnouncedOncePerWait(boolean tty, String cmd) throws Exception {
		String id = id(start(Map.of("cmd", cmd, "tty", tty, "wait_for", "\\[y/N\\] ", "yield_time_ms", 10000)));
		ServerSentEvent<String> waiting = await().atMost(Duration.ofSeconds(5))
			.until(() -> first("session_waiting_for_input"), (e) -> e != null);
		JsonNode detail = SseClient.data(waiting);
		assertThat(detail.get("session_id").asString()).isEqualTo(id);
		long offset = detail.get("offset").asLong();
		assertThat(offset).isPositive();
		assertThat(this.api.get("/sessions/" + id).json().get("waiting_for_input").asBoolean()).isTrue();
		// Still waiting at the same prompt: no second event.
		Thread.sleep(2500);
		assertThat(count("session_waiting_for_input")).isEqualTo(1);
		this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "y\\n", "wait_for", "again\\? ", "yield_time_ms", 10000));
		await().atMost(Duration.ofSeconds(5)).until(() -> count("session_waiting_for_input") == 2);
		long second = SseClient.data(all("session_waiting_for_input").get(1)).get("offset").asLong();
		assertThat(second).isGreaterThan(offset);
		Thread.sleep(2000);
		assertThat(count("session_waiting_for_input")).isEqualTo(2);
	}

	private static JsonNode find(JsonNode processes, long pid) {
		for (JsonNode process : processes) {
			if (process.get("pid").asLong() == pid) {
				return process;
			}
		}
		return null;
	}

	private List<String> types() {
		return this.events.stream().map(ServerSentEvent::event).toList();
	}

	private List<ServerSentEvent<String>> all(String type) {
		return this.events.stream().filter((e) -> type.equals(e.event())).toList();
	}

	private long count(String type) {
		return all(type).size();
	}

	private ServerSentEvent<String> first(String type) {
		List<ServerSentEvent<String>> matching = all(type);
		return matching.isEmpty() ? null : matching.get(0);
	}

}
