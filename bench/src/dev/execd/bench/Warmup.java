package dev.execd.bench;

import java.util.Map;

/**
 * Brings the server's JIT to steady state before anything is timed: the first rounds of
 * a fresh JVM run interpreted and compete with the compiler threads for the same two
 * cores, which showed as keystroke medians still falling from round to round. Every
 * request kind the scenarios time is sent a few thousand times.
 */
final class Warmup {

	private Warmup() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		long t0 = System.nanoTime();
		int scale = ctx.config.warmup();
		try (Http http = ctx.client("bench-warmup")) {
			Http.Response cat = http.post("/sessions", "{\"argv\":[\"cat\"],\"tty\":true,\"yield_time_ms\":0}");
			ctx.expect(cat, 201, "warm-up start");
			String id = (String) Context.session(cat.json()).get("session_id");
			for (int i = 0; i < scale * 30; i++) {
				String token = "w" + i + "u";
				ctx.expect(http.post("/sessions/" + id + "/stdin",
						"{\"chars\":\"" + token + ((i % 40 == 39) ? "\\r" : "") + "\",\"wait_for\":\"" + token
								+ "\",\"yield_time_ms\":5000}"),
						200, "warm-up type");
				ctx.expect(http.get("/sessions/" + id), 200, "warm-up get");
			}
			ctx.expect(http.delete("/sessions/" + id), 200, "warm-up delete");
			for (int i = 0; i < scale * 3; i++) {
				Http.Response started = http.post("/sessions", "{\"cmd\":\"true\"}");
				if (ctx.expect(started, 201, "warm-up start")) {
					ctx.expect(http.delete("/sessions/" + Context.session(started.json()).get("session_id")), 200,
							"warm-up delete");
				}
			}
			ctx.expect(http.get("/sessions"), 200, "warm-up list");
		}
		return Map.of("duration_s", Samples.round((System.nanoTime() - t0) / 1e9));
	}

}
