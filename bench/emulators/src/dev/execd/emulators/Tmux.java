package dev.execd.emulators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * tmux as the reference terminal: the recorded bytes are replayed into a pane with
 * {@code cat} on a raw tty (no output processing), and the pane is captured at each
 * checkpoint.
 */
final class Tmux {

	/** What tmux shows at a checkpoint. */
	record Capture(List<String> lines, int cursorX, int cursorY, boolean alt, String title) {
	}

	private Tmux() {
	}

	static List<Capture> replay(Recording recording, Path dir, int cols, int rows) throws Exception {
		StringBuilder script = new StringBuilder("stty raw -echo; ");
		List<Recording.Segment> segments = recording.segments();
		for (int i = 0; i < segments.size(); i++) {
			Path seg = dir.resolve("seg" + i);
			Files.write(seg, segments.get(i).bytes());
			script.append("cat ").append(seg).append("; touch ").append(dir.resolve("done" + i)).append("; ");
			script.append("while [ ! -e ").append(dir.resolve("go" + i)).append(" ]; do sleep 0.02; done; ");
		}
		script.append("exec sleep 600");
		String name = "eval" + ProcessHandle.current().pid() + "x" + System.nanoTime();
		Path scriptFile = dir.resolve("replay.sh");
		Files.writeString(scriptFile, script.toString());
		run("tmux", "-L", "eval", "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "" + cols, "-y", "" + rows,
				"-e", "TERM=xterm-256color", "sh " + scriptFile);
		List<Capture> captures = new ArrayList<>();
		try {
			for (int i = 0; i < segments.size(); i++) {
				while (!Files.exists(dir.resolve("done" + i))) {
					Thread.sleep(20);
				}
				Capture last = null;
				for (int tries = 0; tries < 100; tries++) {
					Thread.sleep(100);
					Capture now = capture(name);
					if (now.equals(last)) {
						break;
					}
					last = now;
				}
				if (segments.get(i).after() instanceof Recording.Resize resize) {
					run("tmux", "-L", "eval", "resize-window", "-t", name, "-x", "" + resize.cols(), "-y",
							"" + resize.rows());
					Thread.sleep(200);
				}
				else {
					captures.add(last);
				}
				Files.writeString(dir.resolve("go" + i), "");
			}
		}
		finally {
			run("tmux", "-L", "eval", "kill-session", "-t", name);
		}
		return captures;
	}

	static Capture capture(String target) throws IOException, InterruptedException {
		String text = run("tmux", "-L", "eval", "capture-pane", "-p", "-t", target);
		List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
		if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
			lines.remove(lines.size() - 1);
		}
		lines.replaceAll(Screen::trimRight);
		String[] info = run("tmux", "-L", "eval", "display", "-p", "-t", target,
				"#{cursor_x}\t#{cursor_y}\t#{alternate_on}\t#{pane_title}")
			.strip()
			.split("\t", -1);
		return new Capture(lines, Integer.parseInt(info[0]), Integer.parseInt(info[1]), "1".equals(info[2]),
				info.length > 3 ? info[3] : "");
	}

	static String run(String... argv) throws IOException, InterruptedException {
		Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
		String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		p.waitFor();
		return out;
	}

}
