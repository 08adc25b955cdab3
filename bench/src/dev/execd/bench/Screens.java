package dev.execd.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code screen} (issue 14): what {@code GET /sessions/{id}/screen} costs on a
 * PTY session at 120x30. Snapshot latency on a drawn screen (JSON and text) and right
 * after a burst of new output; the live heap of a screen (sessions of idle {@code cat},
 * heap after a full GC before and after each one's screen was asked for once, as the
 * scale scenario reads it); and the catch-up throughput per kind of output
 * ({@link ScreenFloods}).
 */
final class Screens {

	private Screens() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		Map<String, Object> result = new LinkedHashMap<>();
		try (Http http = ctx.client("bench-screen")) {
			Path frame = ctx.server.dir.resolve("frame");
			Files.writeString(frame, ScreenOutputs.frame(0));
			result.put("snapshot", snapshots(ctx, http, frame));
			result.put("after_burst", afterBursts(ctx, http, frame));
			result.put("heap", heap(ctx, http));
			result.putAll(ScreenFloods.run(ctx, http));
			Files.delete(frame);
		}
		return result;
	}

	/** N sequential snapshots of a screen that shows a full colored frame and stays. */
	private static Map<String, Object> snapshots(Context ctx, Http http, Path frame) throws Exception {
		String id = start(ctx, http, "cat " + frame + " && exec sleep 3600", "row 29");
		Map<String, Object> result = new LinkedHashMap<>();
		try {
			for (String format : List.of("json", "text")) {
				String path = "/sessions/" + id + "/screen" + (format.equals("text") ? "?format=text" : "");
				Samples samples = new Samples();
				for (int i = 0; i < ctx.config.screenSnapshots() + ctx.config.warmup(); i++) {
					long t0 = System.nanoTime();
					Http.Response response = http.get(path);
					long elapsed = System.nanoTime() - t0;
					if (i >= ctx.config.warmup()) {
						samples.add(elapsed);
					}
					if (ctx.expect(response, 200, "screen") && !response.text().contains("frame 00000000 row 29")) {
						ctx.error("screen: the frame's last row is missing: " + Context.abbreviate(response.text()));
					}
				}
				result.put(format, samples.summary());
				result.put(format + "_bytes", http.get(path).body().length);
			}
		}
		finally {
			ctx.expect(http.delete("/sessions/" + id), 200, "screen: delete");
		}
		return result;
	}

	/**
	 * A typed line makes the program print a new full frame; once the output poll saw its
	 * end, the snapshot is taken at once, so that it includes whatever catching up the
	 * screen still has to do.
	 */
	private static Map<String, Object> afterBursts(Context ctx, Http http, Path frame) throws Exception {
		String id = start(ctx, http,
				"i=0; while read -r _; do i=$((i+1)); cat " + frame + "; printf 'burst-%d.' $i; done", null);
		Samples samples = new Samples();
		try {
			ctx.expect(http.get("/sessions/" + id + "/screen"), 200, "screen: first snapshot");
			int bursts = Math.max(ctx.config.screenSnapshots() / 10, 5);
			for (int i = 1; i <= bursts + ctx.config.warmup() / 10; i++) {
				String marker = "burst-" + i + ".";
				Http.Response typed = http.post("/sessions/" + id + "/stdin", "{\"chars\":\"\\r\",\"wait_for\":"
						+ Json.quote("burst-" + i + "\\.") + ",\"yield_time_ms\":10000,\"max_output_bytes\":64}");
				long t0 = System.nanoTime();
				Http.Response screen = http.get("/sessions/" + id + "/screen");
				long elapsed = System.nanoTime() - t0;
				if (i > ctx.config.warmup() / 10) {
					samples.add(elapsed);
				}
				if (ctx.expect(typed, 200, "screen: burst") && ctx.expect(screen, 200, "screen: after burst")
						&& !screen.text().contains(marker)) {
					ctx.error("screen: " + marker + " not on the screen after the output showed it: "
							+ Context.abbreviate(screen.text()));
				}
			}
		}
		finally {
			ctx.expect(http.delete("/sessions/" + id), 200, "screen: delete");
		}
		Map<String, Object> result = samples.summary();
		result.put("frame_bytes", ScreenOutputs.frame(0).length());
		return result;
	}

	/** Heap after a full GC, before and after asking each of M idle sessions' screens. */
	private static Map<String, Object> heap(Context ctx, Http http) throws Exception {
		int m = ctx.config.screenSessions();
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("sessions", m);
		try (Http own = ctx.client("bench-screen-heap")) {
			String[] ids = new String[m];
			for (int i = 0; i < m; i++) {
				ids[i] = start(ctx, own, "cat", null);
			}
			// Let the last ones' threads settle, as the scale scenario does.
			Thread.sleep(2000);
			ctx.server.gc();
			double before = ctx.server.heapUsedBytes();
			Map<String, Long> histogramBefore = ctx.server.histogram();
			for (String id : ids) {
				ctx.expect(own.get("/sessions/" + id + "/screen"), 200, "screen: heap");
			}
			ctx.server.gc();
			double after = ctx.server.heapUsedBytes();
			Map<String, Long> histogramAfter = ctx.server.histogram();
			result.put("heap_before_bytes", (long) before);
			result.put("heap_after_bytes", (long) after);
			result.put("heap_kib_per_screen", Samples.round((after - before) / 1024.0 / m));
			Map<String, Object> top = new LinkedHashMap<>();
			histogramAfter.entrySet()
				.stream()
				.map((e) -> Map.entry(e.getKey(), e.getValue() - histogramBefore.getOrDefault(e.getKey(), 0L)))
				.sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
				.limit(12)
				.forEach((e) -> top.put(e.getKey(), Math.round(e.getValue() / (double) m)));
			result.put("heap_growth_by_class_per_screen", top);
			ctx.expect(own.delete("/sessions"), 200, "screen: delete all");
		}
		return result;
	}

	/** Starts a PTY session at 120x30; with {@code waitFor}, until its output shows it. */
	private static String start(Context ctx, Http http, String cmd, String waitFor) throws Exception {
		Http.Response started = http.post("/sessions",
				"{\"cmd\":" + Json.quote(cmd) + ",\"tty\":true,\"cols\":120,\"rows\":30,\"yield_time_ms\":"
						+ ((waitFor != null) ? "10000,\"wait_for\":" + Json.quote(waitFor) : "0") + "}");
		if (!ctx.expect(started, 201, "screen: start")) {
			throw new IllegalStateException("screen: the session did not start");
		}
		return (String) Context.session(started.json()).get("session_id");
	}

	/** The tables for BENCHMARKS.md, printed after a run that measured the screen. */
	static String markdown(Map<String, Object> s, Object commit) {
		StringBuilder md = new StringBuilder();
		md.append("Commit `").append(commit).append("`, load average ").append(s.get("load_average")).append(".\n\n");
		md.append("| figure (120x30) | p50 | p99 | max |\n|---|---|---|---|\n");
		latency(md, "`GET /screen` of a drawn frame (JSON, " + Report.fmt(Report.num(s, "snapshot", "json_bytes"))
				+ " B)", s, "snapshot", "json");
		latency(md, "`GET /screen?format=text`", s, "snapshot", "text");
		latency(md, "`GET /screen` right after a new frame (catch-up included)", s, "after_burst");
		md.append("| heap per live screen (").append(Report.fmt(Report.num(s, "heap", "sessions")))
			.append(" idle `cat`, each screen asked once) | ")
			.append(Report.fmt(Report.num(s, "heap", "heap_kib_per_screen"))).append(" KiB | | |\n\n");
		md.append("| output (").append(Report.fmt(Report.num(s, "flood_bytes") / (1 << 20)))
			.append(" MiB through a PTY) | live screen MB/s (server CPU s/GB) | no screen (CPU s/GB) ")
			.append("| first snapshot replaying the log (CPU s/GB) |\n|---|---|---|---|\n");
		for (ScreenOutputs kind : ScreenOutputs.values()) {
			md.append("| ").append(kind.label);
			for (String f : List.of("live_screen", "no_screen", "first_snapshot_replay")) {
				md.append(" | ").append(Report.fmt(Report.num(s, kind.key, f + "_mb_s"))).append(" (")
					.append(Report.fmt(Report.num(s, kind.key, f + "_server_cpu_s_per_gb"))).append(")");
			}
			md.append(" |\n");
		}
		return md.toString();
	}

	private static void latency(StringBuilder md, String figure, Map<String, Object> s, String... path) {
		md.append("| ").append(figure);
		for (String p : List.of("p50_ms", "p99_ms", "max_ms")) {
			String[] full = Arrays.copyOf(path, path.length + 1);
			full[path.length] = p;
			md.append(" | ").append(Report.ms(Report.num(s, full)));
		}
		md.append(" |\n");
	}

}
