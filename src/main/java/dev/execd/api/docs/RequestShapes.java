package dev.execd.api.docs;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import dev.execd.api.EventTypes;
import dev.execd.session.Input;
import dev.execd.session.SignalNames;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;

/**
 * The rules of the request bodies that annotations cannot state, as types a generator can
 * check: exactly one of {@code cmd} and {@code argv} (or {@code shell: true}),
 * {@code parts} apart from the top-level input, one field per part, keys and signals by
 * name, and webhook event types. The server checks the same rules; the names listed are
 * the canonical spellings of what it accepts (it also takes other cases of a signal's
 * name, its number as a string, and non-ASCII characters as keys).
 */
final class RequestShapes {

	static final String KEY = "Key";

	static final String SIGNAL_NAME = "SignalName";

	private static final String SCHEMAS = "#/components/schemas/";

	/** The schema no value matches: a property that must be absent. */
	private static final Schema<?> NEVER = new JsonSchema().booleanSchemaValue(false);

	private static final Schema<?> ANY = new JsonSchema().booleanSchemaValue(true);

	private RequestShapes() {
	}

	/** Adds the rules to the request schemas, and the schemas of keys and signals. */
	@SuppressWarnings("unchecked")
	static void apply(Map<String, Schema> schemas) {
		schemas.put(KEY, key());
		schemas.put(SIGNAL_NAME, signalName());
		((Schema<Object>) property(schemas, "NotifyRequest", "events").getItems())
			.setEnum(new ArrayList<>(EventTypes.ALL));
		// A persistent shell (shell: true) takes neither cmd nor argv.
		Schema<?> notAShell = new JsonSchema().not(new JsonSchema()._const(true));
		schemas.get("StartRequest")
			.oneOf(List.of(only("cmd", "argv").addProperty("shell", notAShell),
					only("argv", "cmd").addProperty("shell", notAShell), new JsonSchema().required(List.of("shell"))
						.properties(properties("shell", new JsonSchema()._const(true), "cmd", NEVER, "argv", NEVER))));
		// A poll has no input at all, so "parts or the top-level fields" cannot be a
		// oneOf of two requirements: either parts is absent, or it comes alone.
		schemas.get("StdinRequest")
			.oneOf(List.of(new JsonSchema().properties(properties("parts", NEVER)),
					only("parts", "chars", "chars_b64", "keys")));
		schemas.get("InputPart")
			.oneOf(List.of(only("chars", "chars_b64", "keys"), only("chars_b64", "chars", "keys"),
					only("keys", "chars", "chars_b64")));
		for (String body : List.of("StdinRequest", "InputPart")) {
			property(schemas, body, "keys").setItems(new JsonSchema().$ref(SCHEMAS + KEY));
		}
		// 32 and 33 are glibc's own, never a target.
		Schema<Object> reserved = new JsonSchema().types(Set.of("integer"));
		reserved.setEnum(List.of(32, 33));
		property(schemas, "SignalRequest", "signal").oneOf(List.of(new JsonSchema().$ref(SCHEMAS + SIGNAL_NAME),
				new JsonSchema().types(Set.of("integer"))
					.minimum(BigDecimal.ONE)
					.maximum(BigDecimal.valueOf(64))
					.not(reserved)
					.description("A signal number: 1-31, 34-64.")));
	}

	/** A branch of a oneOf: {@code present} is required, the others must be absent. */
	static Schema<?> only(String present, String... absent) {
		Map<String, Schema> properties = new LinkedHashMap<>();
		properties.put(present, ANY);
		for (String name : absent) {
			properties.put(name, NEVER);
		}
		return new JsonSchema().required(List.of(present)).properties(properties);
	}

	private static Map<String, Schema> properties(Object... namesAndSchemas) {
		Map<String, Schema> properties = new LinkedHashMap<>();
		for (int i = 0; i < namesAndSchemas.length; i += 2) {
			properties.put((String) namesAndSchemas[i], (Schema) namesAndSchemas[i + 1]);
		}
		return properties;
	}

	@SuppressWarnings("unchecked")
	private static Schema<Object> property(Map<String, Schema> schemas, String schema, String name) {
		return (Schema<Object>) schemas.get(schema).getProperties().get(name);
	}

	/**
	 * A key: every name, control key, printable ASCII character and Alt key listed, so
	 * that a generated client offers them and catches a misspelt one.
	 */
	private static Schema<?> key() {
		List<String> printable = IntStream.rangeClosed(0x20, 0x7e).mapToObj(Character::toString).toList();
		List<String> control = new ArrayList<>();
		IntStream.rangeClosed('a', 'z').forEach((c) -> control.add("C-" + (char) c));
		"@[\\]^_".chars().forEach((c) -> control.add("C-" + (char) c));
		return new JsonSchema().description("""
				A key of `keys`: a name, a control key (`C-a`, also `C-A`), an Alt key (`M-x`: \
				Escape, then the character) or a single character typed as itself (names win: \
				`F1` is the key). The server also takes any other single Unicode character that \
				is not a control character (`é`) and `M-` with one (`M-é`).""")
			.anyOf(List.of(strings("A named key.", Input.Keys.NAMES),
					strings("A control key: the byte Ctrl and the character give.", control),
					strings("A single printable ASCII character, typed as itself.", printable),
					strings("An Alt key: Escape, then the character.",
							printable.stream().map((c) -> "M-" + c).toList())));
	}

	/**
	 * A signal's name, with or without {@code SIG}; the server also takes any case and
	 * the number as a string of digits.
	 */
	private static Schema<?> signalName() {
		List<String> names = SignalNames.names();
		List<String> all = new ArrayList<>(names);
		names.forEach((name) -> all.add(name.substring("SIG".length())));
		return strings("""
				A signal's name, with or without `SIG` (`SIGINT`, `INT`); real-time signals as \
				`kill -l` names them (`SIGRTMIN+1`). The server also takes other cases (`int`) and \
				the number as a string (`"2"`).""", all);
	}

	private static Schema<?> strings(String description, List<String> values) {
		Schema<Object> schema = new JsonSchema().types(Set.of("string")).description(description);
		schema.setEnum(new ArrayList<>(values));
		return schema;
	}

}
