package dev.execd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Assumptions;

/**
 * What the tmux oracle tests share: the programs they need, the files the programs read,
 * and one command line for both terminals with the same, complete environment.
 */
final class OracleTools {

	static final String TITLE = "wide title";

	private static String python;

	private OracleTools() {
	}

	/**
	 * Skips the test class when a program is missing, except in CI (which installs them):
	 * there a missing program fails.
	 */
	static void require(String... programs) {
		List<String> missing = new ArrayList<>();
		for (String program : programs) {
			if (which(program) == null) {
				missing.add(program);
			}
		}
		if (missing.isEmpty()) {
			return;
		}
		String message = "the tmux oracle tests need " + missing + " (.ci/run installs them)";
		if (System.getenv("CI") != null) {
			throw new AssertionError(message);
		}
		Assumptions.abort(message);
	}

	/** The real interpreter (not a version manager's shim, which needs its own HOME). */
	static synchronized String python() throws IOException, InterruptedException {
		if (python == null) {
			python = run(List.of("python3", "-c", "import sys; print(sys.executable)"), null).strip();
		}
		return python;
	}

	/**
	 * bash without startup files under {@code env -i}: the same environment in tmux and
	 * in execd whatever the server's or tmux's own. UTF-8 line drawing in curses: tmux's
	 * capture prints DEC line-drawing cells as the letters they are coded with.
	 */
	static List<String> argv(Path home) {
		return List.of("env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + home, "TERM=xterm-256color",
				"LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TZ=UTC", "PS1=$ ", "NCURSES_NO_UTF8_ACS=1", "bash", "--norc",
				"--noprofile", "-i");
	}

	/** The argv quoted for tmux's shell command. */
	static String shellLine(List<String> argv) {
		return argv.stream().map((a) -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
	}

	static void writeFiles(Path dir) throws IOException {
		Files.writeString(dir.resolve("notes.txt"), "line one\nline two\nline three\n");
		Files.writeString(dir.resolve("big.txt"),
				IntStream.rangeClosed(1, 1000)
					.mapToObj((i) -> "line " + i)
					.collect(Collectors.joining("\n", "", "\n")));
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
		Files.writeString(dir.resolve("wide.txt"),
				"\u001b]2;" + TITLE + "\u0007" + "日本語のテキスト|end\n" + "emoji 😀🎉 ok|end\n"
						+ "combining cafe\u0301 e\u0301|end\n" + "한국어 中文 混合 mixed|end\n" + "中文\u001b[5Gx|end\n"
						// Half of a wide character written over; one that does not fit in
						// the last column; DECRQSS and sixel payloads, a BEL inside the
						// latter.
						+ "中文\u001b[2Dy|end\n" + "x".repeat(119) + "中|end\n"
						+ "a\u001bP$qm\u001b\\b\u001bPq#0;2;0;0;0\u0007#0~~\u001b\\c|end\n");
	}

	/** A repository of 40 commits with fixed names and dates: the same log every time. */
	static Path gitRepo(Path repo) throws IOException, InterruptedException {
		Files.createDirectories(repo);
		run(List.of("git", "init", "-q", repo.toString()), null);
		for (int i = 1; i <= 40; i++) {
			String date = "2024-01-01T00:00:" + String.format("%02d", i) + "Z";
			run(List.of("env", "GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date, "git", "-C", repo.toString(),
					"-c", "user.name=Oracle", "-c", "user.email=oracle@example.com", "-c", "commit.gpgsign=false",
					"commit", "-q", "--allow-empty", "-m", "commit number " + i + "\n\nBody of commit " + i + "."),
					null);
		}
		return repo;
	}

	private static String which(String program) {
		for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
			if (Files.isExecutable(Path.of(dir, program))) {
				return dir;
			}
		}
		return null;
	}

	static String run(List<String> argv, Path dir) throws IOException, InterruptedException {
		ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
		if (dir != null) {
			builder.directory(dir.toFile());
		}
		Process process = builder.start();
		String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
			throw new IllegalStateException(argv + " failed: " + out);
		}
		return out;
	}

}
