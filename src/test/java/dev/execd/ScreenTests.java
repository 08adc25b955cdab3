package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The rendered screen of terminal sessions over real HTTP, with real programs drawing on
 * a real PTY: {@code GET /screen} as JSON and text, {@code view: screen} on every
 * endpoint that returns output, the refusals of pipe sessions, scrollback and resize.
 */
class ScreenTests extends EndToEndTest {

	private static List<String> lines(JsonNode screen) {
		return screen.get("lines").valueStream().map(JsonNode::asString).toList();
	}

	private JsonNode screen(String id, String query) {
		TestClient.Response response = this.api.get("/sessions/" + id + "/screen" + query);
		assertThat(response.status()).as(response.text()).isEqualTo(200);
		return response.json();
	}

	@Test
	void aStartWithViewScreenAnswersWithWhatTheProgramDrew() {
		JsonNode started = start(
				Map.of("cmd", "printf '\\033]0;my title\\007\\033[2J\\033[Hfirst\\033[3;5Hthird\\033[?25l'; sleep 30",
						"tty", true, "cols", 40, "rows", 6, "wait_for", "third", "view", "screen"));
		JsonNode screen = started.get("screen");
		assertThat(screen.get("cols").asInt()).isEqualTo(40);
		assertThat(screen.get("rows").asInt()).isEqualTo(6);
		assertThat(lines(screen)).containsExactly("first", "", "    third", "", "", "");
		assertThat(screen.get("cursor").get("row").asInt()).isEqualTo(2);
		assertThat(screen.get("cursor").get("col").asInt()).isEqualTo(9);
		assertThat(screen.get("cursor").get("visible").asBoolean()).isFalse();
		assertThat(screen.get("alt_screen").asBoolean()).isFalse();
		assertThat(screen.get("title").asString()).isEqualTo("my title");
		assertThat(screen.get("offset").asLong()).isGreaterThanOrEqualTo(started.get("next_offset").asLong());
		assertThat(screen.get("scrollback").isNull()).isTrue();

		String id = id(started);
		JsonNode again = screen(id, "");
		assertThat(lines(again)).isEqualTo(lines(screen));
		TestClient.Response text = this.api.get("/sessions/" + id + "/screen?format=text");
		assertThat(text.status()).isEqualTo(200);
		assertThat(text.header("Content-Type")).startsWith("text/plain");
		assertThat(text.text()).isEqualTo("first\n\n    third\n\n\n");
	}

	@Test
	void withoutViewTheAnswersCarryNoScreen() {
		JsonNode started = start(Map.of("cmd", "echo hi; sleep 30", "tty", true, "wait_for", "hi"));
		assertThat(started.get("screen").isNull()).isTrue();
		JsonNode read = this.api.get("/sessions/" + id(started) + "/output?offset=0").json();
		assertThat(read.get("screen").isNull()).isTrue();
	}

	@Test
	void stdinWithViewScreenShowsTheAlternateScreenComeAndGo() {
		JsonNode started = start(
				Map.of("cmd",
						"printf 'primary\\n'; tput smcup; tput clear; printf 'in the alt screen'; read x; tput rmcup; "
								+ "printf 'back\\n'; sleep 30",
						"tty", true, "cols", 50, "rows", 8, "wait_for", "alt screen"));
		String id = id(started);
		JsonNode alt = screen(id, "");
		assertThat(alt.get("alt_screen").asBoolean()).isTrue();
		assertThat(lines(alt).get(0)).isEqualTo("in the alt screen");
		JsonNode answer = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("chars", "\\r", "wait_for", "back", "yield_time_ms", 10000, "view", "screen"))
			.json();
		JsonNode screen = answer.get("screen");
		assertThat(screen.get("alt_screen").asBoolean()).isFalse();
		assertThat(lines(screen)).contains("primary", "back");
		assertThat(lines(screen)).doesNotContain("in the alt screen");
		assertThat(screen.get("offset").asLong()).isGreaterThanOrEqualTo(answer.get("next_offset").asLong());
	}

	@Test
	void aCursesProgramIsReadOnItsScreenThroughOutputWithViewScreen() {
		String program = """
				import curses
				def main(w):
				    curses.curs_set(0)
				    w.addstr(3, 10, "curses here")
				    w.addstr(5, 2, "press q")
				    w.refresh()
				    while w.getch() != ord("q"):
				        pass
				curses.wrapper(main)
				""";
		JsonNode started = start(Map.of("argv", List.of("python3", "-c", program), "tty", true, "cols", 60, "rows", 10,
				"wait_for", "press q"));
		String id = id(started);
		JsonNode read = this.api.get("/sessions/" + id + "/output?offset=0&view=screen").json();
		JsonNode screen = read.get("screen");
		assertThat(lines(screen).get(3)).isEqualTo("          curses here");
		assertThat(lines(screen).get(5)).isEqualTo("  press q");
		assertThat(screen.get("alt_screen").asBoolean()).isTrue();
		assertThat(screen.get("cursor").get("visible").asBoolean()).isFalse();
		assertThat(screen.get("offset").asLong()).isGreaterThanOrEqualTo(read.get("next_offset").asLong());
	}

	@Test
	void bashLineEditingShowsTheLineAsTyped() {
		JsonNode started = start(
				Map.of("cmd", "PS1='$ ' exec bash --norc", "tty", true, "cols", 40, "rows", 5, "wait_for", "\\$ $"));
		String id = id(started);
		JsonNode answer = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("chars", "echo helo\\x1b[D\\x1b[Dl", "yield_time_ms", 1000, "view", "screen"))
			.json();
		List<String> screen = lines(answer.get("screen"));
		assertThat(screen).contains("$ echo hello");
		assertThat(answer.get("screen").get("cursor").get("col").asInt()).isEqualTo(10);
	}

	@Test
	void scrollbackAddsTheRowsAboveTheScreenUpToTheBound() {
		JsonNode started = start(
				Map.of("cmd", "seq 1 100; sleep 30", "tty", true, "cols", 20, "rows", 5, "wait_for", "100"));
		String id = id(started);
		await().untilAsserted(() -> assertThat(lines(screen(id, ""))).contains("100"));
		JsonNode screen = screen(id, "?scrollback=3");
		assertThat(lines(screen)).startsWith("97", "98", "99", "100");
		assertThat(screen.get("scrollback").valueStream().map(JsonNode::asString)).containsExactly("94", "95", "96");
		JsonNode all = screen(id, "?scrollback=1000000");
		assertThat(all.get("scrollback")).hasSize(96);
		assertThat(all.get("scrollback").get(0).asString()).isEqualTo("1");
		String text = this.api.get("/sessions/" + id + "/screen?scrollback=2&format=text").text();
		assertThat(text).startsWith("95\n96\n97\n98\n99\n100");
	}

	@Test
	void resizeChangesTheScreensSize() {
		JsonNode started = start(
				Map.of("cmd", "printf ready; sleep 30", "tty", true, "cols", 40, "rows", 10, "wait_for", "ready"));
		String id = id(started);
		JsonNode before = screen(id, "");
		assertThat(before.get("cols").asInt()).isEqualTo(40);
		assertThat(this.api.post("/sessions/" + id + "/resize", Map.of("cols", 100, "rows", 20)).status())
			.isEqualTo(200);
		JsonNode after = screen(id, "");
		assertThat(after.get("cols").asInt()).isEqualTo(100);
		assertThat(after.get("rows").asInt()).isEqualTo(20);
		assertThat(lines(after)).hasSize(20).startsWith("ready");
	}

	@Test
	void aProgramThatRedrawsAtTheNewSizeIsSeenAtIt() {
		JsonNode started = start(
				Map.of("cmd",
						"trap 'tput clear; printf \"size $(tput cols)x$(tput lines)\"' WINCH; printf go; "
								+ "while :; do sleep 0.05; done",
						"tty", true, "cols", 40, "rows", 10, "wait_for", "go"));
		String id = id(started);
		this.api.post("/sessions/" + id + "/resize", Map.of("cols", 60, "rows", 12));
		await().untilAsserted(() -> assertThat(lines(screen(id, "")).get(0)).isEqualTo("size 60x12"));
	}

	@Test
	void shrinkingAFullScreenProgramsTerminalGivesAScreenOfTheNewSize() {
		JsonNode started = start(Map.of("cmd", "printf '\\033[?1049h\\033[24;1Hbottom'; sleep 30", "tty", true, "cols",
				80, "rows", 24, "wait_for", "bottom"));
		String id = id(started);
		assertThat(screen(id, "").get("rows").asInt()).isEqualTo(24);
		assertThat(this.api.post("/sessions/" + id + "/resize", Map.of("cols", 40, "rows", 10)).status())
			.isEqualTo(200);
		JsonNode after = screen(id, "");
		assertThat(after.get("cols").asInt()).isEqualTo(40);
		assertThat(after.get("rows").asInt()).isEqualTo(10);
		assertThat(after.get("alt_screen").asBoolean()).isTrue();
		assertThat(lines(after)).hasSize(10);
		TestClient.Response text = this.api.get("/sessions/" + id + "/screen?format=text");
		assertThat(text.status()).isEqualTo(200);
		assertThat(text.text().split("\n", -1)).hasSize(10);
	}

	@Test
	void vimEditsAFileOnTheAlternateScreenAndThePrimaryComesBack(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("notes.txt");
		Files.writeString(file, "line one\nline two\n");
		JsonNode started = start(
				Map.of("cmd", "printf 'before vim\n'; vim -u NONE -N -n notes.txt; echo vim-done; sleep 30", "workdir",
						dir.toString(), "tty", true, "cols", 40, "rows", 8));
		String id = id(started);
		await().untilAsserted(() -> assertThat(lines(screen(id, ""))).startsWith("line one", "line two"));
		JsonNode inVim = screen(id, "");
		assertThat(inVim.get("alt_screen").asBoolean()).isTrue();
		assertThat(lines(inVim).get(2)).isEqualTo("~");
		assertThat(inVim.get("cursor").get("row").asInt()).isZero();
		assertThat(inVim.get("cursor").get("col").asInt()).isZero();

		JsonNode edited = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "A EDITED\\e", "yield_time_ms", 1000, "view", "screen"))
			.json();
		assertThat(lines(edited.get("screen")).get(0)).isEqualTo("line one EDITED");
		JsonNode done = this.api
			.post("/sessions/" + id + "/stdin",
					Map.of("chars", ":wq\r", "wait_for", "vim-done", "yield_time_ms", 10000, "view", "screen"))
			.json();
		// Writing the file can take vim longer than the default yield on a busy machine.
		assertThat(done.get("matched").asBoolean()).isTrue();
		JsonNode after = done.get("screen");
		assertThat(after.get("alt_screen").asBoolean()).isFalse();
		assertThat(lines(after)).contains("before vim", "vim-done");
		assertThat(Files.readString(file)).isEqualTo("line one EDITED\nline two\n");
	}

	@Test
	void pipeSessionsHaveNoScreen() {
		JsonNode started = start(Map.of("cmd", "cat"));
		String id = id(started);
		TestClient.Response screen = this.api.get("/sessions/" + id + "/screen");
		assertThat(screen.status()).isEqualTo(409);
		assertThat(screen.json().get("code").asString()).isEqualTo("not_a_terminal");
		assertThat(screen.json().get("session").get("session_id").asString()).isEqualTo(id);
		TestClient.Response stdin = this.api.post("/sessions/" + id + "/stdin",
				Map.of("chars", "typed\\n", "view", "screen"));
		assertThat(stdin.status()).isEqualTo(409);
		assertThat(stdin.json().get("code").asString()).isEqualTo("not_a_terminal");
		TestClient.Response output = this.api.get("/sessions/" + id + "/output?view=screen");
		assertThat(output.status()).isEqualTo(409);
		assertThat(output.json().get("code").asString()).isEqualTo("not_a_terminal");
		// Nothing was typed by the refused write.
		JsonNode poll = this.api.post("/sessions/" + id + "/stdin", Map.of("yield_time_ms", 300)).json();
		assertThat(poll.get("output").asString()).isEmpty();
	}

	@Test
	void badViewsAndFormatsAreInvalidRequests() {
		TestClient.Response noTty = this.api.post("/sessions", Map.of("cmd", "true", "view", "screen"));
		assertThat(noTty.status()).isEqualTo(400);
		assertThat(noTty.json().get("code").asString()).isEqualTo("invalid_request");
		assertThat(noTty.json().get("detail").asString()).contains("tty");
		TestClient.Response unknown = this.api.post("/sessions", Map.of("cmd", "true", "tty", true, "view", "pixels"));
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("code").asString()).isEqualTo("invalid_request");
		assertThat(this.api.get("/sessions").json().get("sessions")).isEmpty();

		String id = id(start(Map.of("cmd", "sleep 30", "tty", true)));
		TestClient.Response format = this.api.get("/sessions/" + id + "/screen?format=html");
		assertThat(format.status()).isEqualTo(400);
		assertThat(format.json().get("code").asString()).isEqualTo("invalid_request");
		TestClient.Response negative = this.api.get("/sessions/" + id + "/screen?scrollback=-1");
		assertThat(negative.status()).isEqualTo(400);
		TestClient.Response view = this.api.get("/sessions/" + id + "/output?view=pixels");
		assertThat(view.status()).isEqualTo(400);
		TestClient.Response stdinView = this.api.post("/sessions/" + id + "/stdin", Map.of("view", "pixels"));
		assertThat(stdinView.status()).isEqualTo(400);
		assertThat(this.api.get("/sessions/nosuchsession/screen").status()).isEqualTo(404);
	}

	@Test
	void aScreenOfAnEndedSessionShowsItsLastOutput() {
		JsonNode started = start(Map.of("cmd", "printf 'done\\n'", "tty", true, "yield_time_ms", 10000));
		assertThat(started.get("session").get("status").asString()).isEqualTo("exited");
		assertThat(lines(screen(id(started), ""))).startsWith("done");
	}

}
