package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code wait_for_screen} against the rendered screen of real programs on a real PTY: vim
 * showing its mode line ends a write's wait at once, a pattern that never shows ends by
 * the deadline, a pattern that only the screen (not the byte output) holds still matches,
 * and {@code view: screen} answers with the screen the pattern matched.
 */
class ScreenWaitTests extends EndToEndTest {

	private static final String VIM = "vim -u NONE -N -n notes.txt";

	private static List<String> lines(JsonNode screen) {
		return screen.get("lines").valueStream().map(JsonNode::asString).toList();
	}

	private String vim(Path dir) throws Exception {
		Files.writeString(dir.resolve("notes.txt"), "line one\nline two\n");
		JsonNode started = start(Map.of("cmd", VIM, "workdir", dir.toString(), "tty", true, "cols", 40, "rows", 8,
				"wait_for_screen", "line two", "yield_time_ms", 10000));
		assertThat(started.get("ended_by").asString()).isEqualTo("match");
		assertThat(started.get("matched").asBoolean()).isTrue();
		return id(started);
	}

	@Test
	void typingIInVimEndsTheWaitWhenTheModeLineShows(@TempDir Path dir) throws Exception {
		String id = vim(dir);
		JsonNode insert = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("keys", List.of("i"), "wait_for_screen", "-- INSERT --", "yield_time_ms", 10000))
			.json();
		assertThat(insert.get("ended_by").asString()).isEqualTo("match");
		assertThat(insert.get("matched").asBoolean()).isTrue();
		assertThat(insert.get("wall_time_ms").asLong()).isLessThan(3000);
		// The screen as it is when a wait begins counts: a poll matches without new
		// output.
		JsonNode again = this.api
			.post("/sessions/" + id + "/stdin", Map.of("wait_for_screen", "-- INSERT --", "yield_time_ms", 10000))
			.json();
		assertThat(again.get("ended_by").asString()).isEqualTo("match");
		assertThat(again.get("output").asString()).isEmpty();
		assertThat(again.get("wall_time_ms").asLong()).isLessThan(3000);
	}

	@Test
	void aPatternThatNeverShowsEndsByTheDeadline(@TempDir Path dir) throws Exception {
		String ticking = id(
				start(Map.of("cmd", "while :; do date +%N; sleep 0.1; done", "tty", true, "yield_time_ms", 0)));
		JsonNode polled = this.api
			.post("/sessions/" + ticking + "/stdin", Map.of("wait_for_screen", "NEVER SHOWN", "yield_time_ms", 1000))
			.json();
		assertThat(polled.get("ended_by").asString()).isEqualTo("deadline");
		assertThat(polled.get("matched").asBoolean()).isFalse();
		assertThat(polled.get("wall_time_ms").asLong()).isGreaterThanOrEqualTo(1000);
		assertThat(polled.get("output").asString()).isNotEmpty();

		// vim waits for a key: without the input condition only the deadline ends it.
		String id = vim(dir);
		JsonNode waited = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("wait_for_screen", "NEVER SHOWN", "input_quiet_ms", 0, "yield_time_ms", 1000))
			.json();
		assertThat(waited.get("ended_by").asString()).isEqualTo("deadline");
		assertThat(waited.get("matched").asBoolean()).isFalse();
		JsonNode read = this.api.get("/sessions/" + id + "/output?wait_ms=500&wait_for_screen=NEVER&input_quiet_ms=0")
			.json();
		assertThat(read.get("ended_by").asString()).isEqualTo("deadline");
		assertThat(read.get("matched").asBoolean()).isFalse();
	}

	@Test
	void theScreenNotTheBytesIsMatched() {
		// The bytes hold "abc", a carriage return and "X"; only the screen holds "Xbc".
		JsonNode started = start(Map.of("cmd", "printf 'abc\\rX'; sleep 30", "tty", true, "wait_for_screen", "^Xbc$",
				"yield_time_ms", 10000));
		assertThat(started.get("ended_by").asString()).isEqualTo("match");
		assertThat(started.get("matched").asBoolean()).isTrue();
		assertThat(started.get("output").asString()).isEqualTo("abc\rX");
		assertThat(started.get("wall_time_ms").asLong()).isLessThan(5000);
	}

	@Test
	void viewScreenAnswersWithTheScreenThePatternMatched(@TempDir Path dir) throws Exception {
		String id = vim(dir);
		JsonNode typed = this.api.post("/sessions/" + id + "/stdin",
				Map.of("parts", List.of(Map.of("keys", List.of("i")), Map.of("chars", "hello ")), "wait_for_screen",
						"^hello line one$", "view", "screen", "yield_time_ms", 10000))
			.json();
		assertThat(typed.get("ended_by").asString()).isEqualTo("match");
		assertThat(typed.get("wall_time_ms").asLong()).isLessThan(3000);
		JsonNode screen = typed.get("screen");
		assertThat(lines(screen).get(0)).isEqualTo("hello line one");
		assertThat(lines(screen).get(7)).startsWith("-- INSERT --");
		assertThat(screen.get("alt_screen").asBoolean()).isTrue();

		JsonNode read = this.api
			.get("/sessions/" + id + "/output?offset=0&wait_ms=10000&view=screen"
					+ "&wait_for_screen=%5Ehello%20line%20one%24")
			.json();
		assertThat(read.get("ended_by").asString()).isEqualTo("match");
		assertThat(lines(read.get("screen")).get(0)).isEqualTo("hello line one");
	}

}
