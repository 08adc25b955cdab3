package dev.execd.api.mcp;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The output schemas of the MCP tools, derived from the REST response records so that
 * they cannot drift from what the tools return: every component is a required property in
 * snake_case, nullable ones also admit {@code null}.
 */
final class McpOutputSchemas {

	private McpOutputSchemas() {
	}

	static Map<String, Object> of(Class<? extends Record> type) {
		return object(type);
	}

	/**
	 * The schema of a result whose content is in its text block only: the record's
	 * properties without {@link McpContent#CONTENT}, also in a nested {@code screen}.
	 */
	static Map<String, Object> metadata(Class<? extends Record> type) {
		return withoutContent(object(type));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> withoutContent(Map<String, Object> object) {
		Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) object.get("properties"));
		properties.keySet().removeAll(McpContent.CONTENT);
		if (properties.get("screen") instanceof Map<?, ?> screen) {
			properties.put("screen", withoutContent((Map<String, Object>) screen));
		}
		Map<String, Object> kept = new LinkedHashMap<>(object);
		kept.put("properties", properties);
		kept.put("required", List.copyOf(properties.keySet()));
		return kept;
	}

	/**
	 * A command of a shell: the record's properties after {@code session_id}, the shell
	 * it ran in.
	 */
	@SuppressWarnings("unchecked")
	static Map<String, Object> withSessionId(Class<? extends Record> type) {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("session_id", Map.of("type", "string"));
		properties.putAll((Map<String, Object>) metadata(type).get("properties"));
		return Map.of("type", "object", "properties", properties, "required", List.copyOf(properties.keySet()));
	}

	private static Map<String, Object> object(Class<?> type) {
		Map<String, Object> properties = new LinkedHashMap<>();
		for (RecordComponent component : type.getRecordComponents()) {
			Map<String, Object> schema = new LinkedHashMap<>(schema(component.getGenericType()));
			if (component.getAnnotatedType().isAnnotationPresent(Nullable.class)) {
				schema.put("type", List.of(schema.get("type"), "null"));
			}
			// As the application's SNAKE_CASE names them (no acronyms in these records).
			String name = component.getName().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
			properties.put(name, schema);
		}
		return Map.of("type", "object", "properties", properties, "required", List.copyOf(properties.keySet()));
	}

	private static Map<String, Object> schema(Type type) {
		if (type instanceof ParameterizedType list && list.getRawType() == List.class) {
			return Map.of("type", "array", "items", schema(list.getActualTypeArguments()[0]));
		}
		if (type instanceof Class<?> record && record.isRecord()) {
			return object(record);
		}
		return Map.of("type", switch (type.getTypeName()) {
			case "java.lang.String", "java.time.Instant" -> "string";
			case "int", "long", "java.lang.Integer", "java.lang.Long" -> "integer";
			case "boolean", "java.lang.Boolean" -> "boolean";
			default -> throw new IllegalArgumentException("no JSON schema type for " + type);
		});
	}

}
