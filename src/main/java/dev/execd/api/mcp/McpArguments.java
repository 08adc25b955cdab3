package dev.execd.api.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.execd.api.ApiException;
import dev.execd.api.CommandRequest;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * The arguments of one tool call, bound as REST binds a body: only the names the tool's
 * input schema declares, the required ones present, then the application's mapper (snake
 * case, types checked) into the request record of the route the tool mirrors.
 */
final class McpArguments {

	static final String SESSION_ID = "session_id";

	private final Map<String, @Nullable Object> values;

	private final JsonMapper json;

	private McpArguments(Map<String, @Nullable Object> values, JsonMapper json) {
		this.values = values;
		this.json = json;
	}

	/** Refuses names the schema does not declare and missing required arguments. */
	static McpArguments checked(Tool tool, @Nullable Map<String, Object> arguments, JsonMapper json) {
		Map<String, @Nullable Object> values = (arguments != null) ? arguments : Map.of();
		Map<?, ?> declared = (Map<?, ?>) tool.inputSchema().get("properties");
		for (String name : values.keySet()) {
			if (!declared.containsKey(name)) {
				throw ApiException.invalid("unknown argument '" + name + "'");
			}
		}
		if (tool.inputSchema().get("required") instanceof List<?> required) {
			for (Object name : required) {
				if (values.get(name.toString()) == null) {
					throw ApiException.invalid("argument '" + name + "' is required");
				}
			}
		}
		return new McpArguments(values, json);
	}

	String sessionId() {
		if (!(this.values.get(SESSION_ID) instanceof String id)) {
			throw ApiException.invalid("session_id must be a string");
		}
		return id;
	}

	boolean has(String name) {
		return this.values.get(name) != null;
	}

	/** Binds every argument but {@code session_id} (a path variable in REST). */
	<T> T bind(Class<T> type) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>(this.values);
		fields.remove(SESSION_ID);
		return this.json.convertValue(fields, type);
	}

	/**
	 * Arguments of {@code read_output}, as {@code GET /sessions/{id}/output} takes them.
	 */
	record Read(@Nullable Long offset, @Nullable Long maxBytes, @Nullable Long waitMs, @Nullable String waitFor,
			@Nullable String waitForScreen, @Nullable Long settleMs, @Nullable Long inputQuietMs,
			@Nullable String encoding, @Nullable String view, @Nullable String framing, @Nullable Boolean stripAnsi) {

		/** REST's default when the query has no {@code encoding}. */
		String encodingOrDefault() {
			return (this.encoding != null) ? this.encoding : "utf8";
		}

	}

	/**
	 * Arguments of {@code read_screen}, as {@code GET /sessions/{id}/screen} takes them.
	 */
	record Screen(@Nullable Long scrollback) {

	}

	/** Arguments of {@code kill_session}, as {@code DELETE /sessions/{id}} takes them. */
	record Kill(@Nullable String signal, @Nullable Long graceMs) {

	}

	/** Arguments of {@code list_sessions}, as {@code GET /sessions} takes them. */
	record Filter(@Nullable String status) {

	}

	/**
	 * Arguments of {@code run_in_shell}: those of {@code POST /sessions/{id}/commands},
	 * and the settings of the shell it starts when the conversation has none.
	 */
	record Shell(@Nullable String cmd, @Nullable Boolean tty, @Nullable String workdir, @Nullable Long yieldTimeMs,
			@Nullable Long timeoutMs, @Nullable String waitFor, @Nullable Long maxOutputBytes) {

		CommandRequest command() {
			return new CommandRequest(this.cmd, this.yieldTimeMs, this.waitFor, this.timeoutMs, this.maxOutputBytes,
					null, null, null, null);
		}

	}

}
