package dev.execd.api;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.execd.session.EventJournal;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The data of a session event, the same on the event stream and in a webhook's body:
 * {@code session_id} and {@code name} first, then the session's state for the lifecycle
 * events or the detail's fields for the others.
 */
public final class EventPayloads {

	private static final TypeReference<LinkedHashMap<String, Object>> FIELDS = new TypeReference<>() {
	};

	private EventPayloads() {
	}

	/** The event's data as an ordered map, written by {@code json}'s naming strategy. */
	public static Map<String, Object> data(EventJournal.Event event, JsonMapper json) {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("session_id", event.session().id());
		data.put("name", event.session().name());
		if (event.detail() == null) {
			data.put("session", SessionView.of(event.session()));
		}
		else {
			data.putAll(json.convertValue(event.detail(), FIELDS));
		}
		return data;
	}

}
