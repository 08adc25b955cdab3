package dev.execd;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MCP results a model reads once: the output is in the text block only (the structured
 * content keeps the metadata), the truncation marker names a call an MCP client can make,
 * cuts fall at line ends, and {@code strip_ansi} is accepted.
 */
class McpReadOnceTests extends McpEndToEndTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Pattern MARKER = Pattern
		.compile("\n\\[\\.\\.\\. omitted (\\d+) bytes \\(offsets (\\d+)-(\\d+)\\);"
				+ " full output: read_output with session_id \"([^\"]+)\", offset (\\d+), max_bytes (\\d+) \\.\\.\\.]\n");

	@Test
	@SuppressWarnings("unchecked")
	void theOutputIsCarriedOnceAndTheStructuredContentIsSmall() {
		McpTestClient.Result result = this.mcp.ok("exec_command",
				Map.of("cmd", "seq 1 4000", "yield_time_ms", 10000, "max_output_bytes", 100000));
		String expected = seq(1, 4000);
		assertThat(result.output()).isEqualTo(expected);
		String structured = JSON.writeValueAsString(result.structured());
		assertThat(structured).doesNotContain("3999\\n4000").hasSizeLessThan(3000);
		// Each tool's structured content has exactly the properties its output schema
		// declares, so a host that validates it accepts it.
		McpSchema.Tool tool = this.mcp.tools()
			.stream()
			.filter((t) -> t.name().equals("exec_command"))
			.findFirst()
			.orElseThrow();
		assertThat(result.structured().keySet()).containsExactlyInAnyOrderElementsOf(
				((Map<?, ?>) tool.outputSchema().get("properties")).keySet().stream().map(String::valueOf).toList());
		assertThat((List<Object>) tool.outputSchema().get("required")).doesNotContain("output");
	}

	@Test
	void theMarkerNamesReadOutputAndTheCutsFallAtLineEnds() {
		McpTestClient.Result cut = this.mcp.ok("exec_command",
				Map.of("cmd", "seq 1 200000", "yield_time_ms", 20000, "max_output_bytes", 300));
		assertThat(cut.exited()).isTrue();
		String output = cut.output();
		Matcher marker = MARKER.matcher(output);
		assertThat(marker.find()).as(output).isTrue();
		assertThat(output).doesNotContain("GET /sessions");
		assertThat(marker.group(4)).isEqualTo(cut.sessionId());
		long omitted = Long.parseLong(marker.group(1));
		assertThat(marker.group(6)).isEqualTo(Long.toString(Math.min(omitted, 1 << 20)));
		assertThat(cut.header("omitted_bytes")).isEqualTo(Long.toString(omitted));
		String head = output.substring(0, marker.start());
		String tail = output.substring(marker.end());
		assertThat(head).endsWith("\n").startsWith("1\n2\n");
		assertThat(tail).matches("(?s)\\d+\n.*").endsWith("199999\n200000\n");
		// The call the marker names, continued by next_offset, returns exactly what was
		// cut.
		StringBuilder missing = new StringBuilder();
		long offset = Long.parseLong(marker.group(5));
		long end = offset + omitted;
		while (offset < end) {
			McpTestClient.Result read = this.mcp.ok("read_output", Map.of("session_id", cut.sessionId(), "offset",
					offset, "max_bytes", Math.min(end - offset, Long.parseLong(marker.group(6)))));
			missing.append(read.output());
			offset = Long.parseLong(read.header("next_offset"));
		}
		assertThat(head + missing + tail).isEqualTo(seq(1, 200000));
	}

	@Test
	void stripAnsiIsAccepted() {
		McpTestClient.Result started = this.mcp.ok("exec_command", Map.of("cmd",
				"printf '\\033[31mred\\033[0m\\n'; sleep 30", "wait_for", "red\r\n", "strip_ansi", true, "tty", true));
		// Stripped text reads as a person sees it: a line ends in a plain newline.
		assertThat(started.output()).isEqualTo("red\n");
		McpTestClient.Result read = this.mcp.ok("read_output",
				Map.of("session_id", started.sessionId(), "offset", 0, "strip_ansi", true));
		assertThat(read.output()).isEqualTo("red\n");
		McpTestClient.Result raw = this.mcp.ok("read_output", Map.of("session_id", started.sessionId(), "offset", 0));
		assertThat(raw.output()).isEqualTo("\u001b[31mred\u001b[0m\r\n");
		McpTestClient.Result typed = this.mcp.ok("write_stdin",
				Map.of("session_id", started.sessionId(), "strip_ansi", true, "yield_time_ms", 100));
		assertThat(typed.error()).isFalse();
	}

	private static String seq(int first, int last) {
		StringBuilder text = new StringBuilder();
		for (int i = first; i <= last; i++) {
			text.append(i).append('\n');
		}
		return text.toString();
	}

}
