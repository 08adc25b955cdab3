package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scenario 5: many clients at once, each in a loop of start ({@code true}, no wait) →
 * poll until the exit → DELETE, on its own keep-alive connection, spread over 20
 * conversations. Every other client starts its {@code true} on a terminal ({@code tty}),
 * so the starts of PTY and pipe sessions are measured side by side under the same load.
 * Every request's latency is kept; any unexpected status, exit code or I/O error counts
 * as an error.
 */
final class Load {

	private static final int CONVERSATIONS = 20;

	private Load() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		if (ctx.config.loadWarmupSeconds() > 0) {
			drive(ctx, ctx.config.loadClients(), ctx.config.loadWarmupSeconds());
		}
		long cpu0 = ctx.server.cpuNanos();
		Map<String, Object> result = drive(ctx, ctx.config.loadClients(), ctx.config.loadSeconds());
		long loops = ((Number) result.get("loops")).longValue();
		result.put("server_cpu_ms_per_loop", Samples.round((ctx.server.cpuNanos() - cpu0) / 1e6 / Math.max(loops, 1)));
		Map<String, Object> raw = rawDrive(ctx, ctx.config.loadClients(), Math.max(ctx.config.loadSeconds() / 3, 2));
		result.put("raw", raw);
		result.put("loops_per_raw_spawn", Samples.ratio(((Number) result.get("loops_per_s")).doubleValue(),
				((Number) raw.get("spawns_per_s")).doubleValue()));
		return result;
	}

	/**
	 * The physical baseline: as many threads of this JVM, each spawning execd's command
	 * line for {@code true} with ProcessBuilder and waiting for it, in a loop.
	 */
	private static Map<String, Object> rawDrive(Context ctx, int clients, int seconds) throws Exception {
		Samples spawns = new Samples();
		long t0 = System.nanoTime();
		long deadline = t0 + TimeUnit.SECONDS.toNanos(seconds);
		List<Thread> threads = new ArrayList<>();
		for (int c = 0; c < clients; c++) {
			threads.add(Thread.ofPlatform().name("raw-" + c).start(() -> {
				try {
					while (System.nanoTime() < deadline) {
						long s0 = System.nanoTime();
						Process p = new ProcessBuilder("/bin/bash", "-c", "true").start();
						p.getInputStream().readAllBytes();
						p.getErrorStream().readAllBytes();
						if (p.waitFor() != 0) {
							ctx.error("raw load: exit code " + p.exitValue());
						}
						spawns.add(System.nanoTime() - s0);
					}
				}
				catch (Exception ex) {
					ctx.error("raw load: " + ex);
				}
			}));
		}
		for (Thread thread : threads) {
			thread.join();
		}
		double elapsed = (System.nanoTime() - t0) / 1e9;
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("seconds", Samples.round(elapsed));
		result.put("spawns", spawns.size());
		result.put("spawns_per_s", Math.round(spawns.size() / elapsed));
		result.put("spawn", spawns.summary());
		return result;
	}

	private static Map<String, Object> drive(Context ctx, int clients, int seconds) throws Exception {
		Samples all = new Samples();
		Samples starts = new Samples();
		Samples pipeStarts = new Samples();
		Samples ptyStarts = new Samples();
		Samples polls = new Samples();
		Samples deletes = new Samples();
		AtomicLong loops = new AtomicLong();
		AtomicLong errors = new AtomicLong();
		AtomicLong connects = new AtomicLong();
		long t0 = System.nanoTime();
		long deadline = t0 + TimeUnit.SECONDS.toNanos(seconds);
		List<Thread> threads = new ArrayList<>();
		for (int c = 0; c < clients; c++) {
			String conversation = "bench-load-" + (c % CONVERSATIONS);
			boolean tty = c % 2 == 1;
			Samples kindStarts = tty ? ptyStarts : pipeStarts;
			threads.add(Thread.ofPlatform().name("load-" + c).start(() -> {
				try (Http http = ctx.client(conversation)) {
					while (System.nanoTime() < deadline) {
						if (!loop(ctx, http, tty, all, List.of(starts, kindStarts), polls, deletes)) {
							errors.incrementAndGet();
						}
						loops.incrementAndGet();
					}
					connects.addAndGet(http.connects());
				}
				catch (Exception ex) {
					errors.incrementAndGet();
					ctx.error("load client: " + ex);
				}
			}));
		}
		for (Thread thread : threads) {
			thread.join();
		}
		double elapsed = (System.nanoTime() - t0) / 1e9;
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("clients", clients);
		result.put("seconds", Samples.round(elapsed));
		result.put("loops", loops.get());
		result.put("requests", all.size());
		result.put("requests_per_s", Math.round(all.size() / elapsed));
		result.put("loops_per_s", Math.round(loops.get() / elapsed));
		result.put("errors", errors.get());
		result.put("connections", connects.get());
		result.put("all", all.summary());
		result.put("p99_over_p50", Samples.ratio(all.p99(), all.p50()));
		result.put("start", starts.summary());
		result.put("start_pipe", pipeStarts.summary());
		result.put("start_pty", ptyStarts.summary());
		result.put("pty_start_over_pipe_start_p50", Samples.ratio(ptyStarts.p50(), pipeStarts.p50()));
		result.put("poll", polls.summary());
		result.put("delete", deletes.summary());
		return result;
	}

	/** One start → poll → exit → DELETE; false when anything was off. */
	private static boolean loop(Context ctx, Http http, boolean tty, Samples all, List<Samples> starts, Samples polls,
			Samples deletes) {
		try {
			long t0 = System.nanoTime();
			Http.Response started = http.post("/sessions",
					"{\"cmd\":\"true\",\"yield_time_ms\":0" + (tty ? ",\"tty\":true}" : "}"));
			record(t0, all, starts.toArray(Samples[]::new));
			if (!ctx.expect(started, 201, "load start")) {
				return false;
			}
			String id = (String) Context.session(started.json()).get("session_id");
			Map<String, Object> session;
			do {
				t0 = System.nanoTime();
				Http.Response poll = http.post("/sessions/" + id + "/stdin", "{\"yield_time_ms\":10000}");
				record(t0, all, polls);
				if (!ctx.expect(poll, 200, "load poll")) {
					return false;
				}
				session = Context.session(poll.json());
			}
			while (!"exited".equals(session.get("status")));
			boolean ok = "0".equals(String.valueOf(session.get("exit_code")));
			if (!ok) {
				ctx.error("load: exit code " + session.get("exit_code"));
			}
			t0 = System.nanoTime();
			Http.Response deleted = http.delete("/sessions/" + id);
			record(t0, all, deletes);
			return ctx.expect(deleted, 200, "load delete") && ok;
		}
		catch (Exception ex) {
			ctx.error("load: " + ex);
			return false;
		}
	}

	private static void record(long t0, Samples all, Samples... kinds) {
		long elapsed = System.nanoTime() - t0;
		all.add(elapsed);
		for (Samples kind : kinds) {
			kind.add(elapsed);
		}
	}

}
