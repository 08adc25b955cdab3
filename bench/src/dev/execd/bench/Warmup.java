package dev.execd.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Brings the server's JIT to steady state before anything is timed: the first rounds of
 * a fresh JVM run interpreted and compete with the compiler threads for the same two
 * cores, which showed as keystroke medians still falling from round to round. Every
 * request kind the scenarios time is sent a few thousand times, and as many keystrokes
 * go over the attach channel.
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
			// The attach channel's path (WebSocket frames, the output reader's direct
			// sends) is code of its own: typed over as often, or its first few thousand
			// timed echoes run while C2 compiles it.
			try (AttachTyping attach = AttachTyping.open(ctx, http, "bench-warmup")) {
				Typist typist = new Typist(attach);
				for (int i = 0; i < scale * 30; i++) {
					typist.keystroke();
				}
			}
			for (int i = 0; i < scale * 3; i++) {
				Http.Response started = http.post("/sessions", "{\"cmd\":\"true\"}");
				if (ctx.expect(started, 201, "warm-up start")) {
					ctx.expect(http.delete("/sessions/" + Context.session(started.json()).get("session_id")), 200,
							"warm-up delete");
				}
			}
			ctx.expect(http.get("/sessions"), 200, "warm-up list");
		}
		double settle = awaitQuietCompiler(ctx.server);
		return Map.of("duration_s", Samples.round((System.nanoTime() - t0) / 1e9), "compiler_settle_s", settle);
	}

	/**
	 * Waits, at most 60 s, until the JIT's compiler threads have been idle (under 20 ms of
	 * CPU) for two half-second windows in a row: what the warm-up made hot is still being
	 * compiled for seconds after it, on the two cores the timed requests need.
	 * @return how long it waited, in seconds
	 */
	private static double awaitQuietCompiler(Server server) throws InterruptedException {
		long t0 = System.nanoTime();
		long deadline = t0 + TimeUnit.SECONDS.toNanos(60);
		int quiet = 0;
		long before = server.compilerNanos();
		while (quiet < 2 && System.nanoTime() < deadline) {
			Thread.sleep(500);
			long now = server.compilerNanos();
			quiet = (now - before < TimeUnit.MILLISECONDS.toNanos(20)) ? quiet + 1 : 0;
			before = now;
		}
		return Samples.round((System.nanoTime() - t0) / 1e9);
	}

}
