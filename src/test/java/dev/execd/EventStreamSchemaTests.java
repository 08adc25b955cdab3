package dev.execd;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.execd.api.EventTypes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.codec.ServerSentEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real events of the three streams validate against the schemas the served contract names
 * for them: the stream's {@code text/event-stream} schema is a {@code oneOf} of event
 * objects discriminated on {@code event}, and each event read here is looked up in its
 * mapping and validated as {@code {event, id, data}} with a JSON Schema 2020-12
 * validator.
 */
class EventStreamSchemaTests extends EndToEndTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private ContractSchemas schemas;

	private JsonNode contract;

	@BeforeEach
	void readContract() {
		this.schemas = new ContractSchemas(this.port);
		this.contract = this.schemas.contract();
	}

	@Test
	void outputStreamEventsMatchTheirSchemas() {
		String id = id(start(Map.of("cmd", "echo out; echo err >&2; sleep 0.2; echo more", "yield_time_ms", 5000)));
		String path = "/sessions/" + id + "/stream?conversation_id=" + this.api.conversation();
		List<ServerSentEvent<String>> events = new ArrayList<>(read(path));
		events.addAll(read(path + "&encoding=base64"));
		assertThat(validated("/sessions/{id}/stream", events)).contains("output", "exit");
	}

	@Test
	void recordStreamEventsMatchTheirSchemas() {
		String id = id(start(Map.of("cmd", "echo '{\"a\": [1, null]}'; echo 'not json'; echo warn >&2; printf tail",
				"yield_time_ms", 5000)));
		String path = "/sessions/" + id + "/stream?conversation_id=" + this.api.conversation();
		List<ServerSentEvent<String>> events = new ArrayList<>(read(path + "&framing=jsonl"));
		events.addAll(read(path + "&framing=lines"));
		assertThat(validated("/sessions/{id}/stream", events)).contains("record", "record_error", "stderr", "exit");
	}

	@Test
	void screenStreamEventsMatchTheirSchemas() {
		String id = id(start(Map.of("cmd", "printf hello; sleep 0.5; printf ' world'; sleep 0.5", "tty", true, "cols",
				40, "rows", 5, "wait_for", "hello")));
		List<ServerSentEvent<String>> events = read(
				"/sessions/" + id + "/screen/stream?conversation_id=" + this.api.conversation());
		assertThat(validated("/sessions/{id}/screen/stream", events)).contains("frame", "frame_diff", "exit");
	}

	@Test
	void everySessionEventTypeMatchesItsSchema() {
		List<ServerSentEvent<String>> events = new CopyOnWriteArrayList<>();
		// Last-Event-ID 0 replays the fresh conversation from its start: nothing is
		// missed.
		Disposable stream = new SseClient(this.port)
			.events("/events?conversation_id=" + this.api.conversation(), "Last-Event-ID", "0")
			.filter((e) -> e.event() != null)
			.subscribe(events::add);
		try {
			String watched = id(start(Map.of("cmd", "seq 1 40 | sed 's/^/hit /'; sleep 0.2", "watches",
					List.of(Map.of("name", "hits", "pattern", "^hit (\\d+)$")), "yield_time_ms", 5000)));
			String shell = id(start(Map.of("shell", true, "yield_time_ms", 2000)));
			this.api.post("/sessions/" + shell + "/commands", Map.of("cmd", "echo hi", "yield_time_ms", 5000));
			String server = id(start(Map.of("argv", List.of("python3", "-u", "-m", "http.server", "0"), "wait_for",
					"Serving HTTP on .* port \\d+", "yield_time_ms", 15000)));
			String prompt = id(start(Map.of("cmd", "printf 'name? '; read name", "tty", true, "yield_time_ms", 0)));
			await().atMost(Duration.ofSeconds(15))
				.until(() -> types(events).containsAll(
						List.of("session_port_opened", "session_waiting_for_input", "session_matches_dropped")));
			for (String id : List.of(watched, shell, server, prompt)) {
				this.api.delete("/sessions/" + id);
			}
			await().atMost(Duration.ofSeconds(15)).until(() -> types(events).containsAll(EventTypes.ALL));
		}
		finally {
			stream.dispose();
		}
		assertThat(validated("/events", events)).containsExactlyInAnyOrderElementsOf(EventTypes.ALL);
	}

	@Test
	void aPollOfRecordsMatchesItsSchema() {
		String id = id(start(Map.of("cmd", "echo '{\"a\": [1, null]}'; echo 'not json'; echo warn >&2; printf tail",
				"yield_time_ms", 5000)));
		for (String framing : List.of("jsonl", "lines")) {
			JsonNode poll = this.api.get("/sessions/" + id + "/records?framing=" + framing).json();
			assertThat(poll.get("records").size()).as(framing).isEqualTo(3);
			assertThat(poll.get("stderr").size()).as(framing).isEqualTo(1);
			assertThat(this.schemas.schema("#/components/schemas/RecordsResult").validate(poll)).as(framing).isEmpty();
		}
		JsonNode wrong = JSON.readTree("""
				{"records": [{"offset": 0, "error": "invalid_json", "line": "x"}, {"offset": 1}],
				 "stderr": [{"offset": 2}], "stderr_dropped": 0, "next_offset": 3, "eof": true}""");
		assertThat(this.schemas.schema("#/components/schemas/RecordsResult").validate(wrong)).hasSizeGreaterThan(2);
	}

	/** The check itself: data that breaks its schema is caught through the references. */
	@Test
	void dataThatBreaksItsSchemaIsCaught() {
		ObjectNode wrong = JSON.createObjectNode().put("event", "output").put("id", "3");
		wrong.set("data", JSON.readTree("{\"offset\": \"0\", \"text\": \"x\"}"));
		assertThat(this.schemas.schema("#/components/schemas/OutputEvent").validate(wrong)).extracting(Object::toString)
			.anyMatch((error) -> error.contains("offset"))
			.anyMatch((error) -> error.contains("stream"));
		ObjectNode exit = JSON.createObjectNode().put("event", "exit");
		exit.set("data", JSON.readTree("{\"session\": {\"session_id\": \"x\"}}"));
		assertThat(this.schemas.schema("#/components/schemas/ExitEvent").validate(exit)).isNotEmpty();
		JsonNode matchedWithoutMatch = JSON.readTree("""
				{"id": "d1", "type": "session_matched", "seq": 1, "tenant": "t", "conversation_id": "c",
				 "at": "2026-01-05T10:15:30.123Z", "data": {"session_id": "s", "name": null}}""");
		assertThat(this.schemas.schema("#/components/schemas/WebhookEvent").validate(matchedWithoutMatch)).isNotEmpty();
	}

	private List<ServerSentEvent<String>> read(String path) {
		return new SseClient(this.port).until(SseClient::isExit, path);
	}

	private static Set<String> types(List<ServerSentEvent<String>> events) {
		Set<String> types = new HashSet<>();
		events.forEach((e) -> types.add(e.event()));
		return types;
	}

	/**
	 * Validates each event against the schema its stream's contract names for it; returns
	 * the event types seen.
	 */
	private Set<String> validated(String path, List<ServerSentEvent<String>> events) {
		JsonNode union = this.contract.at("/paths/" + path.replace("/", "~1") + "/get/responses/200/content")
			.get("text/event-stream")
			.get("schema");
		String ref = union.get("$ref").asString();
		JsonNode mapping = this.contract.at(ref.substring(1)).get("discriminator").get("mapping");
		Set<String> seen = new HashSet<>();
		List<String> failures = new ArrayList<>();
		for (ServerSentEvent<String> event : events) {
			assertThat(mapping.has(event.event()))
				.as("%s sends '%s', which its schema does not name", path, event.event())
				.isTrue();
			ObjectNode instance = JSON.createObjectNode().put("event", event.event());
			if (event.id() != null) {
				instance.put("id", event.id());
			}
			instance.set("data", JSON.readTree(event.data()));
			String wrapper = mapping.get(event.event()).asString();
			this.schemas.schema(wrapper)
				.validate(instance)
				.forEach((error) -> failures.add(event.event() + " " + event.data() + ": " + error));
			// The schemas admit fields they do not name (a client must ignore new ones),
			// so a field the server sends without documenting it is caught here.
			JsonNode declared = this.contract
				.at(this.contract.at(wrapper.substring(1) + "/properties/data/$ref").asString().substring(1)
						+ "/properties");
			instance.get("data")
				.propertyNames()
				.stream()
				.filter((field) -> !declared.has(field))
				.forEach((field) -> failures.add(event.event() + " sends the undocumented field " + field));
			seen.add(event.event());
		}
		assertThat(failures).as("events of %s that do not match their schemas", path).isEmpty();
		return seen;
	}

}
