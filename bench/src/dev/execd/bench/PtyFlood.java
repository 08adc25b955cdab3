package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The peer rows' output figure: N bytes of printable lines ({@code yes} of 79 {@code Z}s,
 * cut by {@code head -c}) through a PTY, from the start until the terminal's end
 * arrived at the client. execd: {@code POST /sessions} ({@code tty}) and its SSE stream
 * ({@code utf8}, as a console reads it) to the {@code exit} event. The peer: the command
 * typed at a terminal's prompt with {@code ; exit}, until {@code disconnect}. Raw: the
 * same command line on a pty4j terminal read to its end. Each side is checked by
 * counting the {@code Z}s that arrived; the servers' CPU per GB (10^9 bytes of N) comes
 * from {@code /proc/<pid>/stat}. Sides take turns, the first rotating by round.
 */
final class PtyFlood {

	private PtyFlood() {
	}

	static String command(long bytes) {
		return "yes \"$(printf %079d 0 | tr 0 Z)\" | head -c " + bytes;
	}

	static Map<String, Object> run(Context ctx, Jupyter jupyter, long bytes) throws Exception {
		Map<String, List<Double>> rates = new LinkedHashMap<>();
		Map<String, List<Double>> cpu = new LinkedHashMap<>();
		for (String side : List.of("execd", Sides.PEER, "raw")) {
			rates.put(side, new ArrayList<>());
			cpu.put(side, new ArrayList<>());
		}
		List<String> sides = List.copyOf(rates.keySet());
		try (Http http = ctx.client("bench-peer-flood"); Http peerHttp = jupyter.client()) {
			if (!ctx.config.smoke()) {
				// Warm-up of the code paths (the driver's counting loops are JIT-compiled only
				// after a few MB; cold, they held the raw side to a third of its rate).
				long warm = Math.min(bytes, 16L << 20);
				execd(ctx, http, warm, new Count(false));
				peer(ctx, jupyter, peerHttp, warm, new Count(true));
				raw(warm, new Count(false));
			}
			for (int r = 0; r < ctx.config.throughputRounds(); r++) {
				for (int k = 0; k < sides.size(); k++) {
					String side = sides.get((r + k) % sides.size());
					Count count = new Count(side.equals(Sides.PEER));
					long pid = side.equals("execd") ? ctx.server.pid() : jupyter.pid();
					long cpu0 = Server.cpuNanos(pid);
					long nanos = switch (side) {
						case "execd" -> execd(ctx, http, bytes, count);
						case Sides.PEER -> peer(ctx, jupyter, peerHttp, bytes, count);
						default -> raw(bytes, count);
					};
					long cpuNanos = Server.cpuNanos(pid) - cpu0;
					count.check(ctx, side, bytes);
					rates.get(side).add(Math.round(bytes / (nanos / 1e9) / 1e6 * 10) / 10.0);
					if (!side.equals("raw")) {
						cpu.get(side).add(Math.round(cpuNanos / 1e9 / (bytes / 1e9) * 100) / 100.0);
					}
				}
			}
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("bytes", bytes);
		rates.forEach((side, values) -> result.put(side + "_mb_s", Throughput.median(values)));
		for (String side : List.of("execd", Sides.PEER)) {
			result.put(side + "_server_cpu_s_per_gb", Throughput.median(cpu.get(side)));
		}
		result.put("rounds", Map.of("mb_s", rates, "server_cpu_s_per_gb", cpu));
		return result;
	}

	private static long execd(Context ctx, Http http, long bytes, Count count) throws Exception {
		long t0 = System.nanoTime();
		Http.Response started = http.post("/sessions",
				"{\"cmd\":" + Json.quote(command(bytes)) + ",\"tty\":true,\"yield_time_ms\":0}");
		if (!ctx.expect(started, 201, "start the flood")) {
			return 1;
		}
		String id = (String) Context.session(started.json()).get("session_id");
		long elapsed = 0;
		try (Http.Streamed stream = ctx.client("bench-peer-flood").stream("GET", "/sessions/" + id + "/stream",
				Map.of())) {
			SseReader reader = new SseReader(stream.body());
			SseReader.Event event = new SseReader.Event();
			while (reader.next(event)) {
				if ("output".equals(event.name)) {
					count.json(event.data, event.dataLength);
				}
				else if ("exit".equals(event.name)) {
					elapsed = System.nanoTime() - t0;
					break;
				}
			}
		}
		if (elapsed == 0) {
			ctx.error("flood: the stream ended without an exit event");
		}
		ctx.expect(http.delete("/sessions/" + id), 200, "delete the flood");
		return Math.max(elapsed, 1);
	}

	private static long peer(Context ctx, Jupyter jupyter, Http http, long bytes, Count count) throws Exception {
		String name = jupyter.create(ctx, http);
		try (JupyterTerminal terminal = jupyter.attach(name)) {
			terminal.readUntilEndsWith(StartLatency.PROMPT);
			long t0 = System.nanoTime();
			terminal.send(command(bytes) + "; exit\r");
			terminal.drain(count::text, TimeUnit.MINUTES.toNanos(10));
			// The terminal is gone with its shell: the server dropped it before it said so.
			return System.nanoTime() - t0;
		}
		catch (Exception ex) {
			jupyter.delete(ctx, http, name);
			throw ex;
		}
	}

	private static long raw(long bytes, Count count) throws Exception {
		long t0 = System.nanoTime();
		try (RawPty pty = RawPty.start(List.of("/bin/bash", "-c", command(bytes)), Map.of())) {
			pty.readToEnd(count);
			return System.nanoTime() - t0;
		}
	}

	/** What arrived of the payload: its {@code Z}s and line ends. */
	static final class Count {

		/** The peer echoes the typed command first: its line is not output. */
		private boolean inEcho;

		private long zs;

		private long newlines;

		Count(boolean echoFirst) {
			this.inEcho = echoFirst;
		}

		void bytes(byte[] b, int off, int len) {
			for (int i = off; i < off + len; i++) {
				if (b[i] == 'Z') {
					this.zs++;
				}
				else if (b[i] == '\n') {
					this.newlines++;
				}
			}
		}

		/** An SSE data line: the text is JSON, so a line end is the escape {@code \n}. */
		void json(byte[] data, int len) {
			for (int i = 0; i < len; i++) {
				if (data[i] == 'Z') {
					this.zs++;
				}
				else if (data[i] == '\\' && i + 1 < len && data[i + 1] == 'n') {
					this.newlines++;
				}
			}
		}

		void text(String text) {
			for (int i = 0; i < text.length(); i++) {
				char c = text.charAt(i);
				if (this.inEcho) {
					this.inEcho = (c != '\n');
				}
				else if (c == 'Z') {
					this.zs++;
				}
				else if (c == '\n') {
					this.newlines++;
				}
			}
		}

		/** Every {@code Z} arrived, and at least every line end ({@code exit} adds one). */
		void check(Context ctx, String side, long bytes) {
			long lines = bytes / 80;
			long expected = lines * 79 + bytes % 80;
			if (this.zs != expected || this.newlines < lines) {
				ctx.error("flood (" + side + "): " + this.zs + " Zs and " + this.newlines + " line ends, expected "
						+ expected + " and " + lines);
			}
		}

	}

}
