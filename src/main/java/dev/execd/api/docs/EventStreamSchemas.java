package dev.execd.api.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.execd.api.EventTypes;
import dev.execd.api.ScreenFrame;
import dev.execd.api.ScreenFrameDiff;
import dev.execd.api.WebhookEvent;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * The events of the Server-Sent Event streams as schemas. OpenAPI 3.1 has no schema for
 * the items of a stream (3.2 adds {@code itemSchema}), so the schema of a
 * {@code text/event-stream} response describes one event, not the body: a {@code oneOf}
 * of objects with the event's name in {@code event} (a {@code const}), its {@code id} and
 * its {@code data} (the JSON of the {@code data:} line), discriminated on {@code event}.
 */
@Component
@Lazy
class EventStreamSchemas implements OpenApiCustomizer {

	static final String CONVENTION = """


			**Event streams.** A `text/event-stream` response's schema describes one event \
			of the stream, not the body (OpenAPI 3.1 has no item schema; 3.2 calls it \
			`itemSchema`): a `oneOf` of objects, discriminated on `event`, whose `event` is the \
			SSE `event:` field (a `const`), `id` the `id:` field when the event has one, and \
			`data` the JSON value of its `data:` line. Comment lines (`: ping`) and `retry:` \
			are not events.""";

	private static final String SCHEMAS = "#/components/schemas/";

	/** Each stream's events and the schema of their data, by operation. */
	private static final Map<String, Map<String, String>> STREAMS = Map.of("streamOutput",
			events("output", "OutputData", "gap", "GapData", "record", "RecordData", "record_error", "RecordErrorData",
					"stderr", "StderrData", "exit", "ExitData"),
			"streamScreen", events("frame", "ScreenFrame", "frame_diff", "ScreenFrameDiff", "exit", "ExitData"),
			"streamEvents", sessionEvents());

	private static final Map<String, String> UNIONS = Map.of("streamOutput", "OutputStreamEvent", "streamScreen",
			"ScreenStreamEvent", "streamEvents", "SessionStreamEvent");

	/** The events sent without an {@code id:} line. */
	private static final Set<String> WITHOUT_ID = Set.of("exit", "stderr");

	@Override
	@SuppressWarnings("unchecked")
	public void customise(OpenAPI openApi) {
		Map<String, Schema> schemas = openApi.getComponents().getSchemas();
		List<Class<?>> types = new ArrayList<>(EventData.ALL);
		// The data of screen frames and the body webhooks receive, which no operation
		// returns as a body: consoles and receivers implement them.
		types.addAll(List.of(ScreenFrame.class, ScreenFrameDiff.class, WebhookEvent.class));
		types.forEach((type) -> ModelConverters.getInstance(true)
			.readAll(type)
			.forEach((name, schema) -> schemas.putIfAbsent(name, schema)));
		// Any JSON value: no type at all, which generators read as unknown rather than as
		// an object without properties.
		Map<String, Schema> record = schemas.get("RecordData").getProperties();
		record.put("record", new JsonSchema().description(record.get("record").getDescription()));
		schemas.get("RecordData")
			.oneOf(List.of(RequestShapes.only("record", "line"), RequestShapes.only("line", "record")));
		schemas.get("OutputData")
			.oneOf(List.of(RequestShapes.only("text", "data_b64"), RequestShapes.only("data_b64", "text")));
		recordsPoll(schemas.get("RecordsResult"));
		openApi.getPaths().values().forEach((path) -> path.readOperations().forEach((operation) -> {
			Map<String, String> events = STREAMS.get(operation.getOperationId());
			if (events == null) {
				return;
			}
			String union = UNIONS.get(operation.getOperationId());
			Map<String, String> mapping = new LinkedHashMap<>();
			events.forEach((event, data) -> {
				String name = wrapperName(event);
				schemas.put(name, wrapper(event, data));
				mapping.put(event, SCHEMAS + name);
			});
			Schema<?> oneEvent = new JsonSchema().description("One event of the stream (see **Event streams** above).")
				.oneOf(mapping.values().stream().map((ref) -> (Schema) new JsonSchema().$ref(ref)).toList())
				.discriminator(new Discriminator().propertyName("event").mapping(mapping));
			schemas.put(union, oneEvent);
			MediaType media = operation.getResponses().get("200").getContent().get(ApiExamples.EVENT_STREAM);
			media.setSchema(new JsonSchema().$ref(SCHEMAS + union));
		}));
		webhookData(schemas.get("WebhookEvent"));
		if (!openApi.getInfo().getDescription().contains(CONVENTION)) {
			openApi.getInfo().setDescription(openApi.getInfo().getDescription() + CONVENTION);
		}
	}

	/**
	 * A poll of records returns the data of the record stream's events: each record is a
	 * {@code RecordData} or a {@code RecordErrorData}, each stderr line a
	 * {@code StderrData}.
	 */
	private static void recordsPoll(Schema<?> result) {
		Map<String, Schema> properties = result.getProperties();
		properties.get("records")
			.setItems(new JsonSchema().oneOf(List.of(new JsonSchema().$ref(SCHEMAS + "RecordData"),
					new JsonSchema().$ref(SCHEMAS + "RecordErrorData"))));
		properties.get("stderr").setItems(new JsonSchema().$ref(SCHEMAS + "StderrData"));
	}

	/** A webhook's body carries an event of {@code /events}: its data by its type. */
	private static void webhookData(Schema<?> webhook) {
		List<Schema> branches = new ArrayList<>();
		sessionEvents().forEach((type, data) -> {
			Map<String, Schema> properties = new LinkedHashMap<>();
			properties.put("type", new JsonSchema()._const(type));
			properties.put("data", new JsonSchema().$ref(SCHEMAS + data));
			branches.add(new JsonSchema().properties(properties).required(List.of("type", "data")));
		});
		webhook.setOneOf(branches);
		// The branch says what the data is; a map of anything beside it would let any
		// field through.
		Map<String, Schema> properties = webhook.getProperties();
		properties.put("data", new JsonSchema().description(properties.get("data").getDescription()));
	}

	private static Schema<?> wrapper(String event, String data) {
		Map<String, Schema> properties = new LinkedHashMap<>();
		properties.put("event", new JsonSchema().types(Set.of("string"))._const(event));
		List<String> required = new ArrayList<>(List.of("event", "data"));
		if (!WITHOUT_ID.contains(event)) {
			properties.put("id", new JsonSchema().types(Set.of("string")));
			required.add(1, "id");
		}
		properties.put("data", new JsonSchema().$ref(SCHEMAS + data));
		return new JsonSchema().types(Set.of("object"))
			.description("`event: " + event + "`")
			.properties(properties)
			.required(required);
	}

	/** {@code frame_diff} → {@code FrameDiffEvent}. */
	static String wrapperName(String event) {
		StringBuilder name = new StringBuilder();
		for (String word : event.split("_")) {
			name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
		}
		return name.append("Event").toString();
	}

	private static Map<String, String> events(String... eventsAndData) {
		Map<String, String> events = new LinkedHashMap<>();
		for (int i = 0; i < eventsAndData.length; i += 2) {
			events.put(eventsAndData[i], eventsAndData[i + 1]);
		}
		return events;
	}

	/** Every type published on {@code /events}: a new one needs its data schema here. */
	private static Map<String, String> sessionEvents() {
		Map<String, String> events = new LinkedHashMap<>();
		for (String type : EventTypes.ALL) {
			events.put(type, switch (type) {
				case "session_started", "session_exited", "session_removed" -> "SessionLifecycleData";
				case "session_matched" -> "SessionMatchedData";
				case "session_matches_dropped" -> "SessionMatchesDroppedData";
				case "command_finished" -> "CommandFinishedData";
				case "session_port_opened", "session_port_closed" -> "SessionPortData";
				case "session_waiting_for_input" -> "SessionWaitingForInputData";
				default -> throw new IllegalStateException("no data schema for the event type " + type);
			});
		}
		return events;
	}

}
