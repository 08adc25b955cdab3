package dev.execd.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The screen's catch-up throughput, per kind of output: a PTY session at 120x30
 * {@code cat}s a file of a known kind once a line is typed. With a live screen (asked
 * for before the line), the output reader feeds the emulator after every append, so the
 * flood goes at the emulator's pace: the rate is the bytes the server counted over the
 * time from the typed line to the snapshot whose {@code offset} is their total. Without
 * one, the same flood is only captured into the log (the baseline), and the first
 * snapshot afterwards replays the whole log: that request's time is the lazy start's
 * cost. MB are 10^6 bytes.
 */
final class ScreenFloods {

	private ScreenFloods() {
	}

	/** One flood: the bytes the server counted, the time and server CPU of each phase. */
	private record Flood(long bytes, long nanos, long cpuNanos, long replayNanos, long replayCpuNanos) {
	}

	static Map<String, Object> run(Context ctx, Http http) throws Exception {
		long size = ctx.config.screenFloodBytes();
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("flood_bytes", size);
		result.put("rounds", ctx.config.throughputRounds());
		for (ScreenOutputs kind : ScreenOutputs.values()) {
			Path file = ctx.server.dir.resolve("flood-" + kind.key);
			String last = kind.write(file, size);
			List<Double> live = new ArrayList<>();
			List<Double> liveCpu = new ArrayList<>();
			List<Double> capture = new ArrayList<>();
			List<Double> captureCpu = new ArrayList<>();
			List<Double> replay = new ArrayList<>();
			List<Double> replayCpu = new ArrayList<>();
			long bytes = 0;
			for (int r = 0; r < ctx.config.throughputRounds(); r++) {
				Flood withScreen = flood(ctx, http, file, last, true);
				Flood without = flood(ctx, http, file, last, false);
				bytes = withScreen.bytes();
				live.add(rate(withScreen.bytes(), withScreen.nanos()));
				liveCpu.add(cpuPerGb(withScreen.cpuNanos(), withScreen.bytes()));
				capture.add(rate(without.bytes(), without.nanos()));
				captureCpu.add(cpuPerGb(without.cpuNanos(), without.bytes()));
				replay.add(rate(without.bytes(), without.replayNanos()));
				replayCpu.add(cpuPerGb(without.replayCpuNanos(), without.bytes()));
			}
			Files.delete(file);
			Map<String, Object> k = new LinkedHashMap<>();
			k.put("label", kind.label);
			k.put("bytes", bytes);
			k.put("live_screen_mb_s", Throughput.median(live));
			k.put("live_screen_server_cpu_s_per_gb", Throughput.median(liveCpu));
			k.put("no_screen_mb_s", Throughput.median(capture));
			k.put("no_screen_server_cpu_s_per_gb", Throughput.median(captureCpu));
			k.put("first_snapshot_replay_mb_s", Throughput.median(replay));
			k.put("first_snapshot_replay_server_cpu_s_per_gb", Throughput.median(replayCpu));
			k.put("rounds", Map.of("live_screen_mb_s", live, "no_screen_mb_s", capture, "first_snapshot_replay_mb_s",
					replay));
			result.put(kind.key, k);
		}
		return result;
	}

	private static Flood flood(Context ctx, Http http, Path file, String last, boolean live) throws Exception {
		Http.Response started = http.post("/sessions", "{\"cmd\":" + Json.quote("read -r _ && cat " + file)
				+ ",\"tty\":true,\"cols\":120,\"rows\":30,\"yield_time_ms\":0}");
		if (!ctx.expect(started, 201, "screen flood: start")) {
			return new Flood(0, 1, 0, 1, 0);
		}
		String id = (String) Context.session(started.json()).get("session_id");
		try {
			if (live) {
				ctx.expect(http.get("/sessions/" + id + "/screen"), 200, "screen flood: first snapshot");
			}
			long cpu0 = ctx.server.cpuNanos();
			long t0 = System.nanoTime();
			Map<String, Object> session = Context
				.session(http.post("/sessions/" + id + "/stdin", "{\"chars\":\"\\r\",\"yield_time_ms\":30000,"
						+ "\"max_output_bytes\":256}").json());
			while (!"exited".equals(session.get("status"))) {
				Http.Response poll = http.post("/sessions/" + id + "/stdin",
						"{\"yield_time_ms\":30000,\"max_output_bytes\":256}");
				if (!ctx.expect(poll, 200, "screen flood: poll")) {
					return new Flood(0, 1, 0, 1, 0);
				}
				session = Context.session(poll.json());
			}
			long total = ((Number) session.get("output_bytes_total")).longValue();
			long exited = System.nanoTime();
			long cpuExited = ctx.server.cpuNanos();
			Http.Response screen = http.get("/sessions/" + id + "/screen");
			long t1 = System.nanoTime();
			long cpu1 = ctx.server.cpuNanos();
			check(ctx, screen, total, last);
			return live ? new Flood(total, t1 - t0, cpu1 - cpu0, 0, 0)
					: new Flood(total, exited - t0, cpuExited - cpu0, t1 - exited, cpu1 - cpuExited);
		}
		finally {
			ctx.expect(http.delete("/sessions/" + id), 200, "screen flood: delete");
		}
	}

	/** The snapshot reflects every byte, and shows the last unit that was printed. */
	static void check(Context ctx, Http.Response screen, long total, String last) {
		if (!ctx.expect(screen, 200, "screen")) {
			return;
		}
		Map<String, Object> json = screen.json();
		long offset = ((Number) json.get("offset")).longValue();
		@SuppressWarnings("unchecked")
		String text = String.join("\n", (List<String>) json.get("lines"));
		if (offset != total || !text.contains(last)) {
			ctx.error("screen: offset " + offset + " of " + total + " bytes, '" + last + "' shown: "
					+ text.contains(last) + "\n" + Context.abbreviate(text));
		}
	}

	private static double cpuPerGb(long nanos, long bytes) {
		return Math.round(nanos / 1e9 / (bytes / 1e9) * 100) / 100.0;
	}

	static double rate(long bytes, long nanos) {
		return Math.round(bytes / (Math.max(nanos, 1) / 1e9) / 1e6 * 10) / 10.0;
	}

}
