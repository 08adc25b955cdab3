package dev.execd.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Idle sessions at scale: {@code sleep 1000} on pipes, {@code sleep 1000} on PTYs and
 * {@code bash --norc -i} on PTYs, a third each. The shells skip the machine's
 * {@code ~/.bashrc}: one that runs tools at start (pyenv's init forks some twenty
 * processes) costs the machine minutes of CPU for 3,333 shells, which says nothing about
 * the server. The server's RSS, live heap and platform threads
 * are read before and after each kind; the differences per session are the figures, and
 * platform threads must not grow with the sessions. The target size (10,000) needs more
 * than a default machine gives: see {@link #limits} for what the run found, which the
 * results record; the run stops at the first refused start and says so.
 */
final class IdleSessions {

	/** Sessions per conversation (the server is started allowing 1,024). */
	private static final int PER_CONVERSATION = 1000;

	private IdleSessions() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		int total = ctx.config.idleSessions();
		Server server = ctx.server;
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("target_sessions", total);
		result.put("limits", limits(server, total));
		List<Http> clients = new ArrayList<>();
		for (int c = 0; c < Math.ceilDiv(total, PER_CONVERSATION); c++) {
			clients.add(ctx.client("bench-idle-" + c));
		}
		int started = 0;
		try {
			Map<String, Object> before = Scale.measure(server);
			Map<String, Long> histogramBefore = server.histogram();
			result.put("before", before);
			Map<String, Object> from = before;
			String[][] kinds = { { "sleep_pipe", "sleep 1000", "false" }, { "sleep_pty", "sleep 1000", "true" },
					{ "bash_pty", "bash --norc -i", "true" } };
			for (int k = 0; k < kinds.length; k++) {
				int count = total / kinds.length + ((k < total % kinds.length) ? 1 : 0);
				String refusal = null;
				int n = 0;
				long t0 = System.nanoTime();
				for (; n < count && refusal == null; n++, started++) {
					Http client = clients.get(started / PER_CONVERSATION);
					Http.Response response = client.post("/sessions", "{\"cmd\":\"" + kinds[k][1] + "\",\"tty\":"
							+ kinds[k][2] + ",\"yield_time_ms\":0,\"name\":\"idle\"}");
					if (response.status() != 201) {
						refusal = "HTTP " + response.status() + ": " + Context.abbreviate(response.text());
						n--;
						started--;
					}
				}
				double seconds = (System.nanoTime() - t0) / 1e9;
				// Let the shells reach their prompts and the last starts settle.
				Thread.sleep(ctx.config.smoke() ? 1000 : 5000);
				Map<String, Object> to = Scale.measure(server);
				Map<String, Object> kind = new LinkedHashMap<>();
				kind.put("sessions", n);
				kind.put("starts_per_s", Samples.round(n / seconds));
				kind.put("after", to);
				kind.put("per_session", perSession(from, to, n));
				if (refusal != null) {
					kind.put("stopped_by", refusal);
					ctx.error("idle " + kinds[k][0] + ": start " + (n + 1) + " refused: " + refusal);
				}
				result.put(kinds[k][0], kind);
				from = to;
				if (refusal != null) {
					break;
				}
			}
			result.put("sessions", started);
			result.put("heap_growth_by_class_per_session",
					Scale.topGrowth(histogramBefore, server.histogram(), Math.max(started, 1)));
			result.put("per_session", perSession(before, from, started));
			result.put("threads_growth", ((Number) from.get("threads")).intValue()
					- ((Number) before.get("threads")).intValue());
		}
		finally {
			for (Http client : clients) {
				ctx.expect(client.delete("/sessions"), 200, "idle: delete all");
				client.close();
			}
		}
		Thread.sleep(1000);
		result.put("after_teardown", Scale.measure(server));
		return result;
	}

	/**
	 * What stands between this machine and the target: descriptors (a session holds its pipes
	 * or terminal, and its log while it is in use), processes, and the server's session cap.
	 */
	static Map<String, Object> limits(Server server, int target) throws IOException {
		Map<String, Object> limits = new LinkedHashMap<>();
		for (String line : Files.readAllLines(Path.of("/proc", Long.toString(server.pid()), "limits"))) {
			if (line.startsWith("Max open files")) {
				limits.put("server_open_files", number(line.replaceAll("^Max open files\\s+(\\S+).*", "$1")));
			}
			if (line.startsWith("Max processes")) {
				limits.put("server_processes", number(line.replaceAll("^Max processes\\s+(\\S+).*", "$1")));
			}
		}
		// readString gives one byte of these files (they report a size of 0 to the JDK).
		limits.put("pid_max", number(Files.readAllLines(Path.of("/proc/sys/kernel/pid_max")).get(0)));
		limits.put("pty_max", number(Files.readAllLines(Path.of("/proc/sys/kernel/pty/max")).get(0)));
		limits.put("server_max_sessions", Server.MAX_SESSIONS);
		limits.put("target", target);
		return limits;
	}

	/** A limit as a number, or as written ("unlimited"). */
	private static Object number(String value) {
		return value.strip().matches("\\d+") ? (Object) Long.parseLong(value.strip()) : value.strip();
	}

	private static Map<String, Object> perSession(Map<String, Object> from, Map<String, Object> to, int sessions) {
		Map<String, Object> per = new LinkedHashMap<>();
		int n = Math.max(sessions, 1);
		per.put("rss_kib", Samples.round(Scale.delta(from, to, "rss_bytes") / 1024.0 / n));
		per.put("heap_kib", Samples.round(Scale.delta(from, to, "heap_bytes") / 1024.0 / n));
		per.put("threads", Samples.round(Scale.delta(from, to, "threads") / n));
		per.put("open_files", Samples.round(Scale.delta(from, to, "open_files") / n));
		return per;
	}

}
