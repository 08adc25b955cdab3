package dev.execd.emulators;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MB/s of realistic output through each emulator on one thread, fed in 16 KiB reads as
 * the output pump would.
 */
final class Throughput {

	static final int SIZE = Integer.getInteger("eval.mb", 48) * 1024 * 1024;

	static final int CHUNK = 16 * 1024;

	private Throughput() {
	}

	static Map<String, byte[]> corpora(Path work) throws Exception {
		Map<String, byte[]> corpora = new LinkedHashMap<>();
		corpora.put("yes-style lines", "y this is a line of yes-style output 0123456789\r\n".getBytes());
		corpora.put("ls -l --color", crlf(Tmux.run("ls", "-la", "--color=always", "/usr/bin", "/usr/lib")));
		corpora.put("git log --color --stat",
				crlf(Tmux.run("git", "-C", System.getProperty("eval.repo", "."), "log", "--color=always", "--stat",
						"-n", "400")));
		Path dir = Files.createDirectories(work.resolve("top-stream"));
		Recording top = Recording.record(List.of("top", "-d", "0.1"), dir, 120, 30, 3000,
				List.of(new Recording.Check("end")));
		corpora.put("top redraw stream", top.all());
		return corpora;
	}

	static byte[] crlf(String text) {
		return text.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
	}

	static byte[] repeat(byte[] unit, int size) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(size + unit.length);
		while (out.size() < size) {
			out.writeBytes(unit);
		}
		return out.toByteArray();
	}

	static void run(Path work) throws Exception {
		Map<String, byte[]> corpora = corpora(work);
		System.out.println();
		System.out.println("| Output (" + SIZE / (1024 * 1024) + " MB, 16 KiB reads) | unit | JediTerm MB/s | JLine MB/s |");
		System.out.println("|---|---|---|---|");
		for (Map.Entry<String, byte[]> e : corpora.entrySet()) {
			byte[] data = repeat(e.getValue(), SIZE);
			StringBuilder row = new StringBuilder("| " + e.getKey() + " | " + e.getValue().length + " B |");
			for (EmulatorComparison.Factory f : EmulatorComparison.LIBRARIES) {
				row.append(' ').append(String.format("%.0f", mbPerSecond(f, data))).append(" |");
			}
			System.out.println(row);
		}
	}

	/** Median of 3 runs after one warm-up run. */
	static double mbPerSecond(EmulatorComparison.Factory factory, byte[] data) {
		double[] runs = new double[4];
		for (int r = 0; r < runs.length; r++) {
			Screen screen = factory.create(120, 30);
			long t0 = System.nanoTime();
			for (int off = 0; off < data.length; off += CHUNK) {
				screen.feed(data, off, Math.min(CHUNK, data.length - off));
			}
			screen.lines();
			runs[r] = data.length / 1e6 / ((System.nanoTime() - t0) / 1e9);
		}
		double[] measured = Arrays.copyOfRange(runs, 1, runs.length);
		Arrays.sort(measured);
		return measured[1];
	}

}
