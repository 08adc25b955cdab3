package dev.execd.emulators;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.execd.emulators.Recording.Check;
import dev.execd.emulators.Recording.Resize;
import dev.execd.emulators.Recording.Send;
import dev.execd.emulators.Recording.Step;

/** The fidelity cases of issue 14: each a program run from bash with keystrokes. */
final class Cases {

	static final String ESC = "\u001b";

	static final String UP = ESC + "[A";

	static final String LEFT = ESC + "[D";

	/** A case: a size, a script and the files it needs (written by {@link #prepare}). */
	record Case(String name, int cols, int rows, List<Step> steps) {
	}

	private Cases() {
	}

	static List<Case> all() {
		return List.of(
				new Case("vim: open, insert, Esc :wq", 120, 30,
						List.of(new Send("vim --clean notes.txt\r", 1500), new Check("open"),
								new Send("ggOa EDITED", 700), new Check("insert"), new Send(ESC, 400),
								new Send(":wq\r", 1500), new Check("after :wq"))),
				new Case("less: 1000 lines, /500, G", 120, 30,
						List.of(new Send("less big.txt\r", 1000), new Check("open"), new Send("/500\r", 800),
								new Check("/500"), new Send("G", 800), new Check("G"), new Send("q", 600),
								new Check("quit"))),
				new Case("top: two refreshes", 120, 30, List.of(new Send("top -d 1\r", 2600), new Check("refreshed"))),
				new Case("python curses", 120, 30,
						List.of(new Send("python3 curses_demo.py\r", 1500), new Check("drawn"), new Send("x", 800),
								new Check("after key"), new Send("q", 800), new Check("exit"))),
				new Case("git log through its pager", 120, 30,
						List.of(new Send("git log\r", 1500), new Check("first page"), new Send(" ", 600),
								new Check("next page"), new Send("q", 600), new Check("quit"))),
				new Case("\\r progress bar", 120, 30,
						List.of(new Send("python3 progress.py\r", 1000), new Check("mid"), new Send("", 2500),
								new Check("done"))),
				new Case("bash line editing, arrow-up history", 120, 30,
						List.of(new Send("echo hello world\r", 400), new Send("echo second\r", 400),
								new Send(UP + UP, 400), new Send(LEFT.repeat(5), 300), new Send("big ", 400),
								new Check("edited"), new Send("\r", 500), new Check("ran"))),
				new Case("resize while vim is open", 80, 24,
						List.of(new Send("vim --clean big.txt\r", 1500), new Check("80x24"),
								new Resize(120, 30, 1500), new Check("120x30"), new Resize(60, 20, 1500),
								new Check("60x20"), new Send(ESC + ":q\r", 1000), new Check("quit"))),
				new Case("CJK, emoji, combining, title", 120, 30,
						List.of(new Send("cat wide.txt\r", 800), new Check("printed"))));
	}

	/** The files the cases read, in a fresh directory that is also HOME. */
	static void prepare(Path dir) throws IOException, InterruptedException {
		Files.writeString(dir.resolve("notes.txt"), "line one\nline two\nline three\n");
		Files.writeString(dir.resolve("big.txt"),
				IntStream.rangeClosed(1, 1000).mapToObj((i) -> "line " + i).collect(Collectors.joining("\n", "", "\n")));
		Files.writeString(dir.resolve("curses_demo.py"), """
				import curses

				def main(w):
				    curses.start_color()
				    curses.init_pair(1, curses.COLOR_RED, curses.COLOR_BLACK)
				    w.border()
				    w.addstr(2, 4, "curses demo", curses.color_pair(1) | curses.A_BOLD)
				    w.addstr(4, 4, "press a key")
				    for i in range(5):
				        w.addstr(6 + i, 10 + 3 * i, "row %d" % i)
				    w.refresh()
				    k = w.getkey()
				    w.addstr(12, 4, "got %s" % k)
				    w.move(14, 20)
				    w.refresh()
				    w.getkey()

				curses.wrapper(main)
				""");
		Files.writeString(dir.resolve("progress.py"), """
				import sys, time
				for i in range(0, 101, 5):
				    sys.stdout.write("\\r[%-20s] %3d%%" % ("#" * (i // 5), i))
				    sys.stdout.flush()
				    time.sleep(0.1)
				print()
				""");
		Files.writeString(dir.resolve("wide.txt"), "\u001b]2;wide title\u0007"
				+ "日本語のテキスト|end\n" + "emoji 😀🎉 ok|end\n" + "combining cafe\u0301 e\u0301|end\n"
				+ "한국어 中文 混合 mixed|end\n" + "中文\u001b[5Gx|end\n");
		Path repo = dir.resolve(".git");
		if (!Files.exists(repo)) {
			Tmux.run("git", "-C", dir.toString(), "init", "-q");
			for (int i = 1; i <= 40; i++) {
				Tmux.run("git", "-C", dir.toString(), "-c", "user.name=Eval", "-c", "user.email=eval@example.com",
						"commit", "-q", "--allow-empty", "--date", "2024-01-01T00:00:" + String.format("%02d", i),
						"-m", "commit number " + i + "\n\nBody of commit " + i + ".");
			}
		}
	}

}
