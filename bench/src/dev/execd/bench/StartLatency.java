package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 1: start-to-exit latency of {@code true} over HTTP against spawning exactly
 * the command line execd runs ({@code /bin/bash -c true}, spawned with one exec) with
 * {@code ProcessBuilder} in this JVM. And, for target 5, create to first
 * prompt of {@code bash -i} on a PTY against the same bash started with pty4j directly.
 * The two sides alternate, so a noisy neighbour hits both alike.
 */
final class StartLatency {

	private static final List<String> BASH_TRUE = List.of("/bin/bash", "-c", "true");

	static final List<String> BASH = List.of("/bin/bash", "--norc", "--noprofile", "-i");

	static final String PROMPT = "$ ";

	/**
	 * How the prompt is recognized: bash started by root sometimes ignores a PS1 from the
	 * environment and prompts with its default, which ends in "# ".
	 */
	static final List<String> PROMPT_ENDS = List.of(PROMPT, "# ");

	private StartLatency() {
	}

	/** One side of a paired measurement. */
	interface Step {

		long run() throws Exception;

	}

	static Map<String, Object> startToExit(Context ctx) throws Exception {
		try (Http http = ctx.client("bench-start")) {
			Step execd = () -> {
				long t0 = System.nanoTime();
				Http.Response response = http.post("/sessions", "{\"cmd\":\"true\"}");
				long elapsed = System.nanoTime() - t0;
				if (ctx.expect(response, 201, "start true")) {
					Map<String, Object> session = Context.session(response.json());
					if (!"exited".equals(session.get("status")) || !"0".equals(String.valueOf(session.get("exit_code")))) {
						ctx.error("start true: not exited with 0 at the response: " + session);
					}
					ctx.expect(http.delete("/sessions/" + session.get("session_id")), 200, "delete");
				}
				return elapsed;
			};
			Step raw = () -> {
				long t0 = System.nanoTime();
				Process p = new ProcessBuilder(BASH_TRUE).start();
				p.getInputStream().readAllBytes();
				p.getErrorStream().readAllBytes();
				int code = p.waitFor();
				long elapsed = System.nanoTime() - t0;
				if (code != 0) {
					ctx.error("raw true exited with " + code);
				}
				return elapsed;
			};
			Map<String, Object> result = paired(ctx, execd, raw, ctx.config.warmup(), ctx.config.iterations());
			result.put("connections", http.connects());
			return result;
		}
	}

	static Map<String, Object> bashPrompt(Context ctx) throws Exception {
		try (Http http = ctx.client("bench-prompt"); ForkedPty forked = ForkedPty.start(BASH, Map.of("PS1", PROMPT))) {
			if (forked == null) {
				ctx.error("bash -i: no python3 for the forked baseline");
				return new LinkedHashMap<>(Map.of("failed", "no python3"));
			}
			int[] rawRetries = { 0 };
			// Each is ~5-20 ms: fewer iterations give the same confidence.
			Map<String, Object> result = rotated(ctx,
					List.of(execdPrompt(ctx, http), forked::promptNanos, rawPrompt(rawRetries)),
					ctx.config.warmup() / 4, Math.max(ctx.config.iterations() / 2, 5));
			result.put("connections", http.connects());
			result.put("raw_retries", rawRetries[0]);
			return result;
		}
	}

	/** Create to first prompt of {@code bash -i} on an execd PTY ({@code wait_for} the prompt). */
	static Step execdPrompt(Context ctx, Http http) {
		String body = "{\"argv\":" + jsonArray(BASH) + ",\"tty\":true,\"env\":{\"PS1\":\"" + PROMPT
				+ "\"},\"wait_for\":\"[$#] $\",\"yield_time_ms\":10000}";
		return () -> {
			long t0 = System.nanoTime();
			Http.Response response = http.post("/sessions", body);
			long elapsed = System.nanoTime() - t0;
			if (ctx.expect(response, 201, "start bash -i")) {
				Map<String, Object> result = response.json();
				if (!Boolean.TRUE.equals(result.get("matched"))) {
					ctx.error("bash -i: no prompt in the first response: " + Context.abbreviate(response.text()));
				}
				ctx.expect(http.delete("/sessions/" + Context.session(result).get("session_id") + "?signal=SIGKILL"),
						200, "delete");
			}
			return elapsed;
		};
	}

	/**
	 * The same {@code bash -i} started with pty4j until its prompt arrives. Rarely (once
	 * in some 3,000 samples here) it ends before its prompt; that sample is taken again
	 * and counted in {@code retries}.
	 */
	static Step rawPrompt(int[] retries) {
		return () -> {
			for (int attempt = 0;; attempt++) {
				long t0 = System.nanoTime();
				try (RawPty pty = RawPty.start(BASH, Map.of("PS1", PROMPT))) {
					pty.readUntilEndsWith(PROMPT_ENDS);
					return System.nanoTime() - t0;
				}
				catch (java.io.IOException ex) {
					if (attempt == 2) {
						throw ex;
					}
					retries[0]++;
					System.err.println("baseline retried: " + ex.getMessage());
				}
			}
		};
	}

	/**
	 * Like {@link #paired}, for execd against the physical limit ("raw": a PTY forked by
	 * a small process) and pty4j ("pty4j": the same bash on a PTY forked by pty4j in this
	 * JVM, the baseline of earlier runs), the order rotating sample by sample.
	 */
	static Map<String, Object> rotated(Context ctx, List<Step> steps, int warmup, int iterations) throws Exception {
		for (int i = 0; i < warmup; i++) {
			for (Step step : steps) {
				step.run();
			}
		}
		List<Samples> all = List.of(new Samples(), new Samples(), new Samples());
		List<Object> rounds = new ArrayList<>();
		for (int r = 0; r < ctx.config.rounds(); r++) {
			List<Samples> round = List.of(new Samples(), new Samples(), new Samples());
			for (int i = 0; i < iterations; i++) {
				for (int k = 0; k < steps.size(); k++) {
					int side = (i + k) % steps.size();
					round.get(side).add(steps.get(side).run());
				}
			}
			for (int side = 0; side < steps.size(); side++) {
				all.get(side).addAll(round.get(side));
			}
			Map<String, Object> summary = new LinkedHashMap<>();
			summary.put("execd_p50_ms", Samples.round(round.get(0).p50()));
			summary.put("raw_p50_ms", Samples.round(round.get(1).p50()));
			summary.put("pty4j_p50_ms", Samples.round(round.get(2).p50()));
			summary.put("ratio_p50", Samples.ratio(round.get(0).p50(), round.get(1).p50()));
			rounds.add(summary);
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("execd", all.get(0).summary());
		result.put("raw", all.get(1).summary());
		result.put("pty4j", all.get(2).summary());
		result.put("ratio_p50", Samples.ratio(all.get(0).p50(), all.get(1).p50()));
		result.put("ratio_p99", Samples.ratio(all.get(0).p99(), all.get(1).p99()));
		result.put("ratio_p50_vs_pty4j", Samples.ratio(all.get(0).p50(), all.get(2).p50()));
		result.put("rounds", rounds);
		return result;
	}

	/**
	 * Warms up, then runs rounds of alternating pairs; reports both distributions, the
	 * ratio of their medians and percentiles, and each round's median ratio.
	 */
	static Map<String, Object> paired(Context ctx, Step execd, Step raw, int warmup, int iterations)
			throws Exception {
		for (int i = 0; i < warmup; i++) {
			execd.run();
			raw.run();
		}
		Samples all = new Samples();
		Samples base = new Samples();
		List<Object> rounds = new ArrayList<>();
		for (int r = 0; r < ctx.config.rounds(); r++) {
			Samples roundExecd = new Samples();
			Samples roundRaw = new Samples();
			for (int i = 0; i < iterations; i++) {
				boolean rawFirst = (i % 2 == 0);
				long a = rawFirst ? raw.run() : execd.run();
				long b = rawFirst ? execd.run() : raw.run();
				roundExecd.add(rawFirst ? b : a);
				roundRaw.add(rawFirst ? a : b);
			}
			all.addAll(roundExecd);
			base.addAll(roundRaw);
			Map<String, Object> round = new LinkedHashMap<>();
			round.put("execd_p50_ms", Samples.round(roundExecd.p50()));
			round.put("raw_p50_ms", Samples.round(roundRaw.p50()));
			round.put("ratio_p50", Samples.ratio(roundExecd.p50(), roundRaw.p50()));
			rounds.add(round);
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("execd", all.summary());
		result.put("raw", base.summary());
		result.put("ratio_p50", Samples.ratio(all.p50(), base.p50()));
		result.put("ratio_p99", Samples.ratio(all.p99(), base.p99()));
		result.put("rounds", rounds);
		return result;
	}

	static String jsonArray(List<String> items) {
		return "[" + String.join(",", items.stream().map(Json::quote).toList()) + "]";
	}

}
