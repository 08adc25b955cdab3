package dev.execd.emulators;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.pty4j.WinSize;

/**
 * A program's real output bytes, recorded on a PTY while keystrokes are sent, cut into
 * segments at each checkpoint (where the screen is compared) and each resize.
 */
record Recording(List<Segment> segments) {

	/** Bytes up to a boundary, then what happens there. */
	record Segment(byte[] bytes, Step after) {
	}

	/** A step of a case's script. */
	sealed interface Step {
	}

	/** Type bytes, then wait. */
	record Send(String text, long waitMs) implements Step {
	}

	/** Resize the terminal, then wait. */
	record Resize(int cols, int rows, long waitMs) implements Step {
	}

	/** Compare the screens here. */
	record Check(String label) implements Step {
	}

	static Map<String, String> env(Path dir) {
		Map<String, String> env = new HashMap<>();
		env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
		env.put("HOME", dir.toString());
		env.put("TERM", "xterm-256color");
		env.put("LANG", "C.UTF-8");
		env.put("LC_ALL", "C.UTF-8");
		env.put("PS1", "$ ");
		env.put("TZ", "UTC");
		return env;
	}

	static Recording record(List<String> argv, Path dir, int cols, int rows, long startMs, List<Step> steps)
			throws IOException, InterruptedException {
		PtyProcess process = new PtyProcessBuilder(argv.toArray(String[]::new)).setEnvironment(env(dir))
			.setDirectory(dir.toString())
			.setInitialColumns(cols)
			.setInitialRows(rows)
			.setConsole(false)
			.start();
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		Thread reader = Thread.ofPlatform().daemon().start(() -> {
			byte[] buf = new byte[65536];
			InputStream in = process.getInputStream();
			try {
				for (int n; (n = in.read(buf)) > 0;) {
					synchronized (out) {
						out.write(buf, 0, n);
					}
				}
			}
			catch (IOException ex) {
				// the PTY closed
			}
		});
		Thread.sleep(startMs);
		List<Segment> segments = new ArrayList<>();
		int cut = 0;
		for (Step step : steps) {
			switch (step) {
				case Send send -> {
					process.getOutputStream().write(send.text().getBytes(StandardCharsets.UTF_8));
					process.getOutputStream().flush();
					Thread.sleep(send.waitMs());
				}
				case Resize resize -> {
					cut = segment(out, cut, segments, step);
					process.setWinSize(new WinSize(resize.cols(), resize.rows()));
					Thread.sleep(resize.waitMs());
				}
				case Check check -> cut = segment(out, cut, segments, step);
			}
		}
		process.destroyForcibly();
		reader.join(2000);
		return new Recording(segments);
	}

	private static int segment(ByteArrayOutputStream out, int cut, List<Segment> segments, Step step) {
		byte[] all;
		synchronized (out) {
			all = out.toByteArray();
		}
		segments.add(new Segment(java.util.Arrays.copyOfRange(all, cut, all.length), step));
		return all.length;
	}

	byte[] all() {
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		this.segments.forEach((s) -> all.writeBytes(s.bytes()));
		return all.toByteArray();
	}

}
