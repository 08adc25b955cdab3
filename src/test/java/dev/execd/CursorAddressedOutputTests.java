package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code strip_ansi} on real full-screen programs in a PTY: rows drawn by cursor address
 * come out as separate lines, and frames are never glued together.
 */
class CursorAddressedOutputTests extends EndToEndTest {

	@TempDir
	Path dir;

	@Test
	void vimRowsComeOutAsLines() throws IOException {
		Path file = Files.writeString(this.dir.resolve("three.txt"), "line one\nline two\nline three\n");
		JsonNode started = start(
				Map.of("argv", List.of("vim", "-u", "NONE", "-i", "NONE", "-n", "-N", file.toString()), "tty", true,
						"cols", 60, "rows", 10, "strip_ansi", true, "wait_for", "line three", "yield_time_ms", 10000));
		String output = started.get("output").asString();
		assertThat(output).doesNotContain("\u001b").doesNotContain("twoline");
		assertThat(output.lines().map(String::strip)).contains("line one", "line two", "line three");
		JsonNode read = this.api.get("/sessions/" + id(started) + "/output?offset=0&strip_ansi=true").json();
		assertThat(read.get("output").asString().lines().map(String::strip)).contains("line two", "line three");
	}

	@Test
	void topFramesStartOnLinesOfTheirOwn() {
		JsonNode started = start(Map.of("argv", List.of("top", "-d", "0.2"), "tty", true, "cols", 100, "rows", 12,
				"strip_ansi", true, "wait_for", "(?s)top - .*top - .*top - ", "yield_time_ms", 15000));
		String output = started.get("output").asString();
		assertThat(started.get("matched").asBoolean()).as(output).isTrue();
		List<String> frames = output.lines().filter((line) -> line.contains("top - ")).toList();
		assertThat(frames).hasSizeGreaterThanOrEqualTo(3).allMatch((line) -> line.startsWith("top - "));
	}

}
