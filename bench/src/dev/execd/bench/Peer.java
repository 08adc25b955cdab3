package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code peer} (issue 20, {@code bench/run.sh --with-peer}): execd against
 * Jupyter Server's terminals, driven from this JVM, the sides taking turns sample by
 * sample ({@link Sides}) with the raw PTY beside them where the harness has one:
 * keystroke echo and a line through {@code cat}, {@code bash -i} create to first
 * prompt, N bytes of printable output through a PTY with each server's CPU per GB
 * ({@link PtyFlood}), each server's RSS idle and with N idle terminals, and their
 * DELETE.
 */
final class Peer {

	/** The prompt waited for, after {@code exec cat} typed at it, as proof that cat runs. */
	private static final String CAT_READY = "echo RE\"\"ADY; exec cat\r";

	private Peer() {
	}

	static Map<String, Object> run(Context ctx, Jupyter jupyter) throws Exception {
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("peer", "Jupyter Server terminals (terminado), websocket per terminal");
		try (Http http = ctx.client("bench-peer"); Http peerHttp = jupyter.client()) {
			typing(ctx, jupyter, http, peerHttp, result);
			int[] rawRetries = { 0 };
			Map<String, StartLatency.Step> prompt = new LinkedHashMap<>();
			prompt.put("execd", StartLatency.execdPrompt(ctx, http));
			prompt.put(Sides.PEER, () -> peerPrompt(ctx, jupyter, peerHttp));
			prompt.put("raw", StartLatency.rawPrompt(rawRetries));
			result.put("prompt", Sides.alternate(ctx, prompt, ctx.config.warmup() / 4,
					Math.max(ctx.config.iterations() / 2, 5)));
			result.put("flood", PtyFlood.run(ctx, jupyter, ctx.config.peerBytes()));
			idle(ctx, jupyter, http, peerHttp, result);
			result.put("connections", Map.of("execd", http.connects(), Sides.PEER, peerHttp.connects()));
		}
		return result;
	}

	/** Keystrokes and lines into cat: one execd session, one peer terminal, one raw PTY. */
	private static void typing(Context ctx, Jupyter jupyter, Http http, Http peerHttp, Map<String, Object> result)
			throws Exception {
		String id = Typist.startCat(ctx, http);
		String name = jupyter.create(ctx, peerHttp);
		// execd's attach channel types into a cat of its own: tokens repeat across typists.
		try (JupyterTerminal terminal = jupyter.attach(name); RawPty raw = RawPty.start(List.of("cat"), Map.of());
				AttachTyping attach = AttachTyping.open(ctx, http, "bench-peer")) {
			// The peer's terminals run the shell: cat is typed at its prompt, and READY
			// (which its echo does not contain) says the shell has handed the terminal on.
			terminal.readUntilEndsWith(StartLatency.PROMPT);
			terminal.send(CAT_READY);
			terminal.readUntil("READY\r\n");
			Map<String, Typist> typists = new LinkedHashMap<>();
			typists.put("execd", new Typist(Typist.execd(ctx, http, id)));
			typists.put("execd_attach", new Typist(attach));
			typists.put(Sides.PEER, new Typist(terminal));
			typists.put("raw", new Typist(Typist.raw(raw)));
			Map<String, StartLatency.Step> keys = new LinkedHashMap<>();
			Map<String, StartLatency.Step> lines = new LinkedHashMap<>();
			typists.forEach((side, typist) -> {
				keys.put(side, typist::keystroke);
				lines.put(side, typist::line);
			});
			result.put("keystroke_warmup", Keystrokes.warm(ctx, typists.values().toArray(Typist[]::new)));
			result.put("keystroke", Sides.alternate(ctx, keys, 0, ctx.config.iterations() * 2));
			result.put("line", Sides.alternate(ctx, lines, ctx.config.warmup(), ctx.config.iterations()));
		}
		finally {
			ctx.expect(http.delete("/sessions/" + id), 200, "delete cat");
			jupyter.delete(ctx, peerHttp, name);
		}
	}

	/** Create, open the websocket, first prompt; the DELETE after it is not timed. */
	private static long peerPrompt(Context ctx, Jupyter jupyter, Http http) throws Exception {
		long t0 = System.nanoTime();
		String name = jupyter.create(ctx, http);
		long elapsed;
		try (JupyterTerminal terminal = jupyter.attach(name)) {
			terminal.readUntilEndsWith(StartLatency.PROMPT);
			elapsed = System.nanoTime() - t0;
		}
		jupyter.delete(ctx, http, name);
		return elapsed;
	}

	/**
	 * RSS of each server idle, then with N idle {@code bash -i} terminals (created in
	 * turns, no client attached), then the DELETE of each, in turns.
	 */
	private static void idle(Context ctx, Jupyter jupyter, Http http, Http peerHttp, Map<String, Object> result)
			throws Exception {
		int n = ctx.config.peerTerminals();
		long execdIdle = Server.rssBytes(ctx.server.pid());
		long peerIdle = Server.rssBytes(jupyter.pid());
		String body = "{\"argv\":" + StartLatency.jsonArray(StartLatency.BASH) + ",\"tty\":true,\"env\":{\"PS1\":"
				+ Json.quote(StartLatency.PROMPT) + "},\"yield_time_ms\":0}";
		List<String> ids = new ArrayList<>();
		List<String> names = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			Http.Response started = http.post("/sessions", body);
			if (!ctx.expect(started, 201, "start an idle bash")) {
				throw new IllegalStateException("execd did not start an idle bash");
			}
			ids.add(String.valueOf(Context.session(started.json()).get("session_id")));
			names.add(jupyter.create(ctx, peerHttp));
		}
		// Both servers read each shell's prompt as it comes; no event says when the last
		// has, so the figure waits a moment.
		Thread.sleep(2000);
		long execdFull = Server.rssBytes(ctx.server.pid());
		long peerFull = Server.rssBytes(jupyter.pid());
		Map<String, Object> memory = new LinkedHashMap<>();
		memory.put("terminals", n);
		memory.put("execd_rss_idle_bytes", execdIdle);
		memory.put("peer_rss_idle_bytes", peerIdle);
		memory.put("execd_rss_full_bytes", execdFull);
		memory.put("peer_rss_full_bytes", peerFull);
		memory.put("execd_rss_per_terminal_kib", Samples.round((execdFull - execdIdle) / 1024.0 / n));
		memory.put("peer_rss_per_terminal_kib", Samples.round((peerFull - peerIdle) / 1024.0 / n));
		result.put("memory", memory);
		Samples execdDelete = new Samples();
		Samples peerDelete = new Samples();
		for (int i = 0; i < n; i++) {
			String path = "/sessions/" + ids.get(i);
			String name = names.get(i);
			StartLatency.Step execd = () -> timed(() -> ctx.expect(http.delete(path), 200, "delete an idle bash"));
			StartLatency.Step peer = () -> timed(() -> jupyter.delete(ctx, peerHttp, name));
			if (i % 2 == 0) {
				execdDelete.add(execd.run());
				peerDelete.add(peer.run());
			}
			else {
				peerDelete.add(peer.run());
				execdDelete.add(execd.run());
			}
		}
		Map<String, Object> delete = new LinkedHashMap<>();
		delete.put("execd", execdDelete.summary());
		delete.put(Sides.PEER, peerDelete.summary());
		delete.put("execd_over_peer_p50", Samples.ratio(execdDelete.p50(), peerDelete.p50()));
		delete.put("execd_over_peer_p99", Samples.ratio(execdDelete.p99(), peerDelete.p99()));
		result.put("delete", delete);
	}

	private interface Call {

		void run() throws Exception;

	}

	private static long timed(Call call) throws Exception {
		long t0 = System.nanoTime();
		call.run();
		return System.nanoTime() - t0;
	}

}
