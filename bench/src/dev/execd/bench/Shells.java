package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code shell} (issue 15): {@code true} as a command of one persistent shell
 * session over a keep-alive connection, against {@code true} as a new session per run
 * ({@code POST /sessions}, which answers at its exit; the DELETE after it is not timed).
 * First a long sequential series in one shell, reported per hundred so that a p99 which
 * grows with the shell's history shows; then the two sides alternate, so a noisy
 * neighbour hits both alike.
 */
final class Shells {

	private static final String TRUE = "{\"cmd\":\"true\"}";

	private Shells() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		int series = ctx.config.smoke() ? 30 : 1000;
		try (Http http = ctx.client("bench-shell")) {
			Http.Response started = http.post("/sessions", "{\"shell\":true,\"yield_time_ms\":0}");
			if (!ctx.expect(started, 201, "start shell")) {
				return new LinkedHashMap<>(Map.of("failed", "no shell"));
			}
			String id = String.valueOf(Context.session(started.json()).get("session_id"));
			StartLatency.Step command = () -> command(ctx, http, id);
			StartLatency.Step session = () -> session(ctx, http);
			for (int i = 0; i < ctx.config.warmup(); i++) {
				command.run();
			}
			Samples all = new Samples();
			List<Samples> hundreds = new ArrayList<>();
			for (int i = 0; i < series; i++) {
				if (i % 100 == 0) {
					hundreds.add(new Samples());
				}
				long nanos = command.run();
				all.add(nanos);
				hundreds.get(hundreds.size() - 1).add(nanos);
			}
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("series", all.summary());
			List<Object> windows = new ArrayList<>();
			for (Samples hundred : hundreds) {
				windows.add(Map.of("p50_ms", Samples.round(hundred.p50()), "p99_ms", Samples.round(hundred.p99())));
			}
			result.put("series_by_hundred", windows);
			Samples first = hundreds.get(0);
			Samples last = hundreds.get(hundreds.size() - 1);
			result.put("first_hundred_p99_ms", Samples.round(first.p99()));
			result.put("last_hundred_p99_ms", Samples.round(last.p99()));
			result.put("p99_last_over_first", Samples.ratio(last.p99(), first.p99()));
			Map<String, Object> paired = StartLatency.paired(ctx, command, session, ctx.config.warmup() / 4,
					ctx.config.iterations());
			result.put("command_in_shell", paired.get("execd"));
			result.put("new_session", paired.get("raw"));
			result.put("ratio_p50", paired.get("ratio_p50"));
			result.put("rounds", paired.get("rounds"));
			result.put("connections", http.connects());
			ctx.expect(http.delete("/sessions/" + id + "?signal=SIGKILL"), 200, "delete shell");
			return result;
		}
	}

	private static long command(Context ctx, Http http, String id) throws Exception {
		long t0 = System.nanoTime();
		Http.Response response = http.post("/sessions/" + id + "/commands", TRUE);
		long elapsed = System.nanoTime() - t0;
		if (ctx.expect(response, 201, "command true")) {
			Map<String, Object> command = response.json();
			if (!"exited".equals(command.get("status")) || !"0".equals(String.valueOf(command.get("exit_code")))
					|| !"".equals(command.get("output"))) {
				ctx.error("command true: not exited with 0 and no output: " + Context.abbreviate(response.text()));
			}
		}
		return elapsed;
	}

	private static long session(Context ctx, Http http) throws Exception {
		long t0 = System.nanoTime();
		Http.Response response = http.post("/sessions", TRUE);
		long elapsed = System.nanoTime() - t0;
		if (ctx.expect(response, 201, "start true")) {
			Map<String, Object> session = Context.session(response.json());
			if (!"exited".equals(session.get("status")) || !"0".equals(String.valueOf(session.get("exit_code")))) {
				ctx.error("start true: not exited with 0 at the response: " + session);
			}
			ctx.expect(http.delete("/sessions/" + session.get("session_id")), 200, "delete");
		}
		return elapsed;
	}

	/** The numbers as a table for BENCHMARKS.md. */
	static String markdown(Map<String, Object> r) {
		StringBuilder md = new StringBuilder();
		md.append("| | n | p50 ms | p90 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|\n");
		row(md, "`true` in one shell, sequential series", r.get("series"));
		row(md, "`true` in one shell, alternating", r.get("command_in_shell"));
		row(md, "`true` as a new session, alternating", r.get("new_session"));
		md.append("\np99 of the series' first hundred: ").append(r.get("first_hundred_p99_ms"))
			.append(" ms, last hundred: ").append(r.get("last_hundred_p99_ms")).append(" ms (ratio ")
			.append(r.get("p99_last_over_first")).append("); p50 ratio shell/new session: ")
			.append(r.get("ratio_p50")).append('\n');
		return md.toString();
	}

	private static void row(StringBuilder md, String name, Object summary) {
		if (summary instanceof Map<?, ?> s) {
			md.append("| ").append(name).append(" | ").append(s.get("n")).append(" | ").append(s.get("p50_ms"))
				.append(" | ").append(s.get("p90_ms")).append(" | ").append(s.get("p99_ms")).append(" | ")
				.append(s.get("max_ms")).append(" |\n");
		}
	}

}
