package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Screens over MCP with the official SDK's client: {@code read_screen} with the cursor
 * marked, and {@code view: screen} on the tools that return output.
 */
class McpScreenTests extends McpEndToEndTest {

	private static final String DRAW = "printf '\\033]2;menu\\007\\033[2J\\033[Hpick one:\\033[3;3H> apples"
			+ "\\033[4;3H  pears\\033[3;3H'; sleep 30";

	@Test
	void readScreenShowsTheRowsWithTheCursorMarked() {
		String id = this.mcp
			.ok("exec_command", Map.of("cmd", DRAW, "tty", true, "cols", 30, "rows", 5, "wait_for", "pears"))
			.sessionId();
		McpTestClient.Result screen = this.mcp.ok("read_screen", Map.of("session_id", id));
		assertThat(screen.text()).isEqualTo("""
				screen 30x5, cursor row 2 col 2 (visible), primary screen, title: menu
				---
				pick one:

				  > apples
				  ^
				    pears

				""");
		assertThat(screen.structured()).containsEntry("cols", 30)
			.containsEntry("rows", 5)
			.containsEntry("alt_screen", false)
			.containsEntry("title", "menu")
			.containsEntry("cursor", Map.of("row", 2, "col", 2, "visible", true))
			.doesNotContainKeys("lines", "scrollback");
	}

	@Test
	void readScreenAddsScrollbackWhenAsked() {
		String id = this.mcp
			.ok("exec_command",
					Map.of("cmd", "seq 1 20; sleep 30", "tty", true, "cols", 20, "rows", 5, "wait_for", "20"))
			.sessionId();
		McpTestClient.Result screen = this.mcp.ok("read_screen", Map.of("session_id", id, "scrollback", 2));
		assertThat(screen.text()).contains("---\n15\n16\n17\n18\n19\n20\n");
		assertThat(screen.structured()).doesNotContainKeys("lines", "scrollback");
	}

	@Test
	void viewScreenAddsTheScreenAfterTheOutputOfEveryOutputTool() {
		McpTestClient.Result started = this.mcp.ok("exec_command",
				Map.of("cmd", DRAW, "tty", true, "cols", 30, "rows", 5, "wait_for", "pears", "view", "screen"));
		String id = started.sessionId();
		assertThat(started.output()).contains("\n--- screen\nscreen 30x5, cursor row 2 col 2");
		assertThat(started.output()).endsWith("  > apples\n  ^\n    pears\n\n");
		@SuppressWarnings("unchecked")
		Map<String, Object> screen = (Map<String, Object>) started.structured().get("screen");
		assertThat(screen).containsEntry("title", "menu");

		McpTestClient.Result written = this.mcp.ok("write_stdin",
				Map.of("session_id", id, "yield_time_ms", 100, "view", "screen"));
		assertThat(written.text()).contains("--- screen\nscreen 30x5");
		assertThat(written.structured().get("screen")).isNotNull();

		McpTestClient.Result read = this.mcp.ok("read_output", Map.of("session_id", id, "offset", 0, "view", "screen"));
		assertThat(read.text()).contains("--- screen\nscreen 30x5").endsWith("    pears\n\n");

		McpTestClient.Result plain = this.mcp.ok("read_output", Map.of("session_id", id, "offset", 0));
		assertThat(plain.text()).doesNotContain("--- screen");
		assertThat(plain.structured()).containsEntry("screen", null);
	}

	@Test
	void writeStdinWaitsForTheScreenAndAnswersWithIt() {
		String id = this.mcp
			.ok("exec_command", Map.of("cmd", "read -r x; printf '\\033[2J\\033[Hgot %s' \"$x\"; sleep 30", "tty", true,
					"cols", 30, "rows", 5, "yield_time_ms", 10000))
			.sessionId();
		McpTestClient.Result written = this.mcp.ok("write_stdin", Map.of("session_id", id, "chars", "pears\\r",
				"wait_for_screen", "^got pears$", "view", "screen", "yield_time_ms", 10000));
		assertThat(written.head()).contains("ended_by: match");
		assertThat(written.structured()).containsEntry("ended_by", "match").containsEntry("matched", true);
		assertThat(written.text()).contains("--- screen\nscreen 30x5").contains("\ngot pears\n");
	}

	@Test
	void aPipeSessionHasNoScreen() {
		String id = this.mcp.ok("exec_command", Map.of("cmd", "cat", "yield_time_ms", 100)).sessionId();
		McpTestClient.Result screen = this.mcp.call("read_screen", Map.of("session_id", id));
		assertThat(screen.error()).isTrue();
		assertThat(screen.text()).startsWith("not_a_terminal: ");
		McpTestClient.Result started = this.mcp.call("exec_command", Map.of("cmd", "true", "view", "screen"));
		assertThat(started.error()).isTrue();
		assertThat(started.text()).startsWith("invalid_request: ");
	}

}
