package dev.execd.emulators;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import dev.execd.emulators.Cases.Case;

/**
 * Issue 14's evaluation: JLine's ScreenTerminal and JediTerm against tmux (fidelity),
 * throughput and heap per live emulator. Prints Markdown. Run with bench/emulators.sh.
 */
public final class EmulatorComparison {

	interface Factory {

		Screen create(int cols, int rows);

	}

	static final List<Factory> LIBRARIES = List.of((c, r) -> new JediScreen(c, r, 0), JlineScreen::new);

	public static void main(String[] args) throws Exception {
		List<String> what = args.length == 0 ? List.of("fidelity", "throughput", "heap") : List.of(args);
		Path work = Files.createTempDirectory("emueval");
		if (what.contains("fidelity")) {
			fidelity(work);
		}
		if (what.contains("throughput")) {
			Throughput.run(work);
		}
		if (what.contains("heap")) {
			Heap.run(work);
		}
	}

	static void fidelity(Path work) throws Exception {
		System.out.println("| Case | Checkpoint | JediTerm | JLine |");
		System.out.println("|---|---|---|---|");
		for (Case c : Cases.all()) {
			Path dir = Files.createDirectories(work.resolve(c.name().replaceAll("[^a-z0-9]+", "_")));
			Cases.prepare(dir);
			Recording rec = Recording.record(List.of("bash", "--norc", "--noprofile", "-i"), dir, c.cols(), c.rows(),
					800, c.steps());
			Files.write(dir.resolve("recording.bin"), rec.all());
			List<Tmux.Capture> oracle = Tmux.replay(rec, dir, c.cols(), c.rows());
			List<List<String>> verdicts = new ArrayList<>();
			for (Factory f : LIBRARIES) {
				verdicts.add(compare(f.create(c.cols(), c.rows()), rec, oracle, dir));
			}
			int k = 0;
			for (Recording.Segment s : rec.segments()) {
				if (s.after() instanceof Recording.Check check) {
					System.out.printf("| %s | %s | %s | %s |%n", c.name(), check.label(), verdicts.get(0).get(k),
							verdicts.get(1).get(k));
					k++;
				}
			}
		}
	}

	static List<String> compare(Screen screen, Recording rec, List<Tmux.Capture> oracle, Path dir) throws Exception {
		List<String> verdicts = new ArrayList<>();
		int k = 0;
		ByteArrayOutputStream diffs = new ByteArrayOutputStream();
		for (Recording.Segment s : rec.segments()) {
			// Feed in small pieces: sequences and UTF-8 characters get split as on a real PTY.
			for (int off = 0; off < s.bytes().length; off += 61) {
				screen.feed(s.bytes(), off, Math.min(61, s.bytes().length - off));
			}
			if (s.after() instanceof Recording.Resize resize) {
				screen.resize(resize.cols(), resize.rows());
				continue;
			}
			Tmux.Capture want = oracle.get(k++);
			List<String> got = screen.lines();
			List<String> problems = new ArrayList<>();
			int bad = 0;
			String first = null;
			for (int i = 0; i < Math.max(got.size(), want.lines().size()); i++) {
				String g = i < got.size() ? got.get(i) : "<none>";
				String w = i < want.lines().size() ? want.lines().get(i) : "<none>";
				if (!normalize(g).equals(normalize(w))) {
					bad++;
					if (first == null) {
						first = "row " + i + ": `" + abbreviate(g) + "` vs tmux `" + abbreviate(w) + "`";
					}
					diffs.writeBytes(("[" + screen.name() + "] row " + i + "\n  got  |" + g + "|\n  tmux |" + w
							+ "|\n").getBytes(StandardCharsets.UTF_8));
				}
			}
			if (bad > 0) {
				problems.add(bad + " rows differ, " + first);
			}
			int[] cur = screen.cursor();
			if (cur[0] != want.cursorX() || cur[1] != want.cursorY()) {
				problems.add("cursor " + cur[1] + "," + cur[0] + " vs " + want.cursorY() + "," + want.cursorX());
			}
			Boolean alt = screen.altScreen();
			if (alt == null) {
				problems.add("alt screen unknown");
			}
			else if (alt != want.alt()) {
				problems.add("alt screen " + alt + " vs " + want.alt());
			}
			if ("wide title".equals(want.title()) && !Objects.equals(screen.title(), want.title())) {
				problems.add("title not tracked (" + screen.title() + ")");
			}
			verdicts.add(problems.isEmpty() ? "pass" : "FAIL: " + String.join("; ", problems));
		}
		Files.write(dir.resolve(screen.name().split(" ")[0] + ".diff"), diffs.toByteArray());
		return verdicts;
	}

	private static final String BOX = "┌┐└┘─│├┤┬┴┼";

	private static final String ACS = "lkmjqxtuwvn";

	/**
	 * What a person reads: NFC (tmux keeps a combining mark apart, JediTerm composes), and
	 * line drawing as tmux's capture prints it (the DEC special graphics letters).
	 */
	static String normalize(String row) {
		StringBuilder s = new StringBuilder(java.text.Normalizer.normalize(row, java.text.Normalizer.Form.NFC));
		for (int i = 0; i < s.length(); i++) {
			int k = BOX.indexOf(s.charAt(i));
			if (k >= 0) {
				s.setCharAt(i, ACS.charAt(k));
			}
		}
		return s.toString();
	}

	static String abbreviate(String s) {
		String t = s.length() > 40 ? s.substring(0, 40) + "…" : s;
		return t.replace("|", "\\|").replace("`", "'");
	}

	static <T> T time(String label, Supplier<T> work) {
		long t0 = System.nanoTime();
		T t = work.get();
		System.err.printf("%s: %d ms%n", label, (System.nanoTime() - t0) / 1_000_000);
		return t;
	}

}
