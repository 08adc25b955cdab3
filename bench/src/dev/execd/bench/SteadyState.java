package dev.execd.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Warms a latency path until the server's JIT is done with it. A fixed count of warm-up
 * samples was not enough for the tails: after thousands of keystrokes the server's
 * compiler threads still took half a core for the first seconds of the timed samples
 * (C2 compiling and, after another path ran, recompiling what that path's types changed),
 * which on two cores showed as a p99 two to three times the steady one; the driver's own
 * JIT (the client's code) does the same. So the steps run in batches until one batch
 * cost the compiler threads of both less than 20 ms of CPU.
 */
final class SteadyState {

	private static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

	private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(60);

	private SteadyState() {
	}

	/**
	 * Runs every step {@code batch} times per batch, at least {@code minBatches} batches,
	 * until a batch leaves the compiler quiet or 60 s passed; a smoke run stops after
	 * {@code minBatches}.
	 * @return what it took: batches, seconds, and whether the compiler was quiet at the end
	 */
	static Map<String, Object> warm(Context ctx, List<StartLatency.Step> steps, int batch, int minBatches)
			throws Exception {
		long t0 = System.nanoTime();
		int batches = 0;
		boolean quiet = false;
		// A smoke run only checks that the steps work: its batches are few and small.
		while (batches < minBatches || !(quiet || ctx.config.smoke()) && System.nanoTime() - t0 < MAX_NANOS) {
			long before = compilerNanos(ctx);
			for (int i = 0; i < batch; i++) {
				for (StartLatency.Step step : steps) {
					step.run();
				}
			}
			batches++;
			quiet = compilerNanos(ctx) - before < QUIET_NANOS;
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("batches", batches);
		result.put("samples_per_step", batches * batch);
		result.put("seconds", Samples.round((System.nanoTime() - t0) / 1e9));
		result.put("compiler_quiet", quiet);
		return result;
	}

	/** The compiler threads of the server and of this driver: both share the cores. */
	private static long compilerNanos(Context ctx) {
		return ctx.server.compilerNanos() + Server.compilerNanos(ProcessHandle.current().pid());
	}

}
