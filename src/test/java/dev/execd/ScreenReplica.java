package dev.execd;

import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a console keeps of a screen stream: the last whole frame with every diff since
 * applied, each diff checked to follow the frame before it.
 */
public final class ScreenReplica {

	/** The fields a diff carries besides its rows; the rest of a frame stays. */
	private static final List<String> CARRIED = List.of("seq", "offset", "cursor", "alt_screen", "title");

	private ObjectNode screen;

	public ScreenReplica(JsonNode frame) {
		this.screen = (ObjectNode) frame.deepCopy();
	}

	/** Takes an event of the stream: a {@code frame} or a {@code frame_diff}. */
	public void apply(String event, JsonNode data) {
		if ("frame".equals(event)) {
			assertThat(data.get("seq").asLong()).isGreaterThan(this.screen.get("seq").asLong());
			this.screen = (ObjectNode) data.deepCopy();
			return;
		}
		assertThat(event).isEqualTo("frame_diff");
		assertThat(data.get("seq").asLong()).isEqualTo(this.screen.get("seq").asLong() + 1);
		for (JsonNode row : data.get("changed")) {
			((ArrayNode) this.screen.get("lines")).set(row.get("row").asInt(), row.get("line"));
			((ArrayNode) this.screen.get("styles")).set(row.get("row").asInt(), row.get("styles"));
		}
		for (String field : CARRIED) {
			this.screen.set(field, data.get(field));
		}
	}

	/** The screen as the client holds it now. */
	public ObjectNode screen() {
		return this.screen;
	}

}
