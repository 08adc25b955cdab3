package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * tmux is the oracle: each case runs the same program with the same size, environment and
 * keystrokes in a tmux pane and in an execd PTY session, and the rows of
 * {@code tmux capture-pane -p} must equal the {@code lines} of {@code GET
 * /sessions/{id}/screen} at every checkpoint (and the cursor, the alternate screen and
 * the title with them). Both sides settle before each keystroke, so neither types ahead
 * of a program the other is still drawing. Its server is its own (the property below
 * makes the context differ from the one the other end-to-end classes share), so it runs
 * beside them.
 */
@OwnServer
@TestPropertySource(properties = "screen-oracle.context=own")
class ScreenOracleTests extends EndToEndTest {

	static Path repo;

	@TempDir
	Path dir;

	@BeforeAll
	static void tools(@TempDir Path shared) throws Exception {
		OracleTools.require("tmux", "vim", "less", "top", "git", "python3");
		repo = OracleTools.gitRepo(shared.resolve("repo"));
	}

	@Test
	void vimOpensInsertsWritesAndQuitsToThePrimaryScreen() throws Exception {
		play(120, 30,
				List.of(type("vim --clean notes.txt"), press("Enter"), check("line three"), type("i"),
						type("a EDITED "), check("-- INSERT --"), press("Escape"), type(":wq"), press("Enter"),
						check("$ vim --clean notes.txt")));
		assertThat(Files.readString(this.dir.resolve("execd/notes.txt"))).startsWith("a EDITED line one");
	}

	@Test
	void lessSearchesAndGoesToTheEnd() throws Exception {
		play(120, 30, List.of(type("less big.txt"), press("Enter"), check("line 29"), type("/500"), press("Enter"),
				check("line 500"), type("G"), check("line 1000"), type("q"), check("$ less big.txt")));
	}

	@Test
	void topHeaderAfterTwoRefreshes() throws Exception {
		// top redraws every second on each side at its own moment: only its header
		// settles.
		play(120, 30, ScreenOracleTests::topHeader, List.of(type("top -d 1"), press("Enter"), pause(2500),
				new Check("PID", ScreenOracleTests::topHeader, false), type("q")));
	}

	@Test
	void pythonCursesProgram() throws Exception {
		String python = OracleTools.python();
		play(120, 30, List.of(type(python + " curses_demo.py"), press("Enter"), check("press a key"), type("x"),
				check("got x"), type("q"), check("curses_demo.py")));
	}

	@Test
	void gitLogThroughItsPager() throws Exception {
		play(120, 30, List.of(type("git -C " + repo + " log"), press("Enter"), check("commit number 40"),
				press("Space"), check("commit number"), type("q"), check("Body of commit")));
	}

	@Test
	void carriageReturnProgressBar() throws Exception {
		String python = OracleTools.python();
		play(120, 30, List.of(type(python + " progress.py"), press("Enter"), pause(3000), check("100%")));
	}

	@Test
	void bashLineEditingWithHistory() throws Exception {
		play(120, 30,
				List.of(type("echo hello world"), press("Enter"), type("echo second"), press("Enter"), press("Up"),
						press("Up"), press("Left", "Left", "Left", "Left", "Left"), type("big "),
						check("echo hello big world"), press("Enter"), check("hello big world")));
	}

	@Test
	void vimRedrawsAtTheNewSizeAfterResize() throws Exception {
		play(80, 24,
				List.of(type("vim --clean big.txt"), press("Enter"), check("line 23"), resize(120, 30),
						check("line 29"), resize(60, 20), check("line 19"), press("Escape"), type(":q"), press("Enter"),
						check("$ vim")));
	}

	@Test
	void wideCharactersTakeTwoColumnsAndTheTitleIsKept() throws Exception {
		play(120, 30, List.of(type("cat wide.txt"), press("Enter"), check("混合")));
	}

	@Test
	void aScrollRegionWithItsTopBelowItsBottomIsIgnored() throws Exception {
		// xterm and tmux ignore a DECSTBM whose top is not above its bottom, or past the
		// screen: the lines go on down the screen, and the cursor stays where it was.
		play(80, 24, List.of(type("printf '\\033[13;5r\\033[13;1Hsr1\\nsr2\\nsr3\\nsr4\\n\\033[30;40rsr5\\n'"),
				press("Enter"), check("sr5")));
	}

	/** The stable part of top's header: each row's label, and the column heads. */
	static List<String> topHeader(List<String> lines) {
		List<String> header = new ArrayList<>();
		for (int i = 0; i < Math.min(5, lines.size()); i++) {
			header.add(lines.get(i).replaceAll("[0-9].*", ""));
		}
		header.add((lines.size() > 6) ? lines.get(6) : "");
		return header;
	}

	// The script: each step goes to both terminals, then both settle.

	sealed interface Step {

	}

	record Type(String text) implements Step {
	}

	record Press(List<String> keys) implements Step {
	}

	record Resize(int cols, int rows) implements Step {
	}

	record Pause(long ms) implements Step {
	}

	/**
	 * Compare here. {@code expect} must be on tmux's screen (so an empty screen on both
	 * sides does not pass); {@code view} picks what is compared; {@code cursor} whether
	 * the cursor, alternate screen and title are compared too.
	 */
	record Check(String expect, UnaryOperator<List<String>> view, boolean cursor) implements Step {
	}

	static Type type(String text) {
		return new Type(text);
	}

	static Press press(String... keys) {
		return new Press(List.of(keys));
	}

	static Resize resize(int cols, int rows) {
		return new Resize(cols, rows);
	}

	static Pause pause(long ms) {
		return new Pause(ms);
	}

	static Check check(String expect) {
		return new Check(expect, UnaryOperator.identity(), true);
	}

	private void play(int cols, int rows, List<Step> steps) throws Exception {
		play(cols, rows, UnaryOperator.identity(), steps);
	}

	private void play(int cols, int rows, UnaryOperator<List<String>> settled, List<Step> steps) throws Exception {
		Path tmuxHome = Files.createDirectories(this.dir.resolve("tmux"));
		Path execdHome = Files.createDirectories(this.dir.resolve("execd"));
		OracleTools.writeFiles(tmuxHome);
		OracleTools.writeFiles(execdHome);
		try (TmuxPane tmux = TmuxPane.start(OracleTools.shellLine(OracleTools.argv(tmuxHome)), cols, rows, tmuxHome)) {
			String id = id(start(Map.of("argv", OracleTools.argv(execdHome), "tty", true, "cols", cols, "rows", rows,
					"workdir", execdHome.toString(), "yield_time_ms", 0)));
			ScreenPair pair = new ScreenPair(tmux, this.api, id);
			pair.settle(settled);
			int checks = 0;
			for (Step step : steps) {
				switch (step) {
					case Type t -> {
						tmux.type(t.text());
						post(id, Map.of("chars", t.text().replace("\\", "\\\\")));
					}
					case Press p -> {
						tmux.press(p.keys().toArray(String[]::new));
						post(id, Map.of("keys", p.keys()));
					}
					case Resize r -> {
						tmux.resize(r.cols(), r.rows());
						assertThat(
								this.api.post("/sessions/" + id + "/resize", Map.of("cols", r.cols(), "rows", r.rows()))
									.status())
							.isEqualTo(200);
					}
					case Pause p -> Thread.sleep(p.ms());
					case Check c -> {
						checks++;
						ScreenPair.Views views = pair.settle(c.view());
						String where = "check " + checks + " (" + c.expect() + ")";
						assertThat(String.join("\n", views.tmux().lines())).as(where + ": tmux shows it")
							.contains(c.expect());
						assertThat(normalize(c.view().apply(views.execd().lines()))).as(where + ": execd's rows")
							.containsExactlyElementsOf(normalize(c.view().apply(views.tmux().lines())));
						if (c.cursor()) {
							assertThat(views.execd().cursorRow()).as(where + ": cursor row")
								.isEqualTo(views.tmux().cursorRow());
							assertThat(views.execd().cursorCol()).as(where + ": cursor col")
								.isEqualTo(views.tmux().cursorCol());
							assertThat(views.execd().altScreen()).as(where + ": alternate screen")
								.isEqualTo(views.tmux().altScreen());
							if (views.tmux().title().equals(OracleTools.TITLE)) {
								assertThat(views.execd().title()).as(where + ": title").isEqualTo(OracleTools.TITLE);
							}
						}
						continue;
					}
				}
				pair.settle(settled);
			}
		}
	}

	private void post(String id, Map<String, Object> input) {
		Map<String, Object> body = new java.util.HashMap<>(input);
		body.put("yield_time_ms", 0);
		TestClient.Response response = this.api.post("/sessions/" + id + "/stdin", body);
		assertThat(response.status()).as(response.text()).isEqualTo(200);
	}

	/** As a person reads it: tmux keeps a combining mark apart, execd may compose it. */
	static List<String> normalize(List<String> lines) {
		return lines.stream().map((l) -> Normalizer.normalize(l, Normalizer.Form.NFC)).toList();
	}

}
