package dev.execd.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The targets of the benchmark issue checked against a run's results, and the markdown
 * that {@code BENCHMARKS.md} shows: one table per scenario, the baseline beside every
 * figure. Only the part between the markers is rewritten; the notes around it stay.
 */
final class Report {

	static final String BEGIN = "<!-- bench/run.sh writes from here -->";

	static final String END = "<!-- bench/run.sh writes up to here -->";

	private Report() {
	}

	/** One target: the figure, its value, what it should be and whether it is. */
	record Target(String id, String figure, String value, String goal, Boolean met) {

		Map<String, Object> toMap() {
			Map<String, Object> map = new LinkedHashMap<>();
			map.put("id", this.id);
			map.put("figure", this.figure);
			map.put("value", this.value);
			map.put("target", this.goal);
			map.put("met", this.met);
			return map;
		}

	}

	static List<Target> targets(Map<String, Object> s) {
		List<Target> targets = new ArrayList<>();
		double startRatio = num(s, "start_to_exit", "ratio_p50");
		targets.add(new Target("1", "start→exit of `true`, p50 vs. ProcessBuilder", x(startRatio), "≤ 1.5×",
				check(startRatio, startRatio <= 1.5)));
		double keyP50 = num(s, "pty_keystroke", "keystroke", "execd", "p50_ms");
		double keyP99 = num(s, "pty_keystroke", "keystroke", "execd", "p99_ms");
		targets.add(new Target("2", "PTY keystroke round trip p50", ms(keyP50), "≤ 0.5 ms", check(keyP50, keyP50 <= 0.5)));
		targets.add(new Target("2", "PTY keystroke round trip p99", ms(keyP99), "≤ 2 ms", check(keyP99, keyP99 <= 2)));
		double attachP50 = num(s, "pty_keystroke", "keystroke_attach", "execd", "p50_ms");
		double attachP99 = num(s, "pty_keystroke", "keystroke_attach", "execd", "p99_ms");
		targets.add(new Target("2", "PTY keystroke over attach p50", ms(attachP50), "≤ 0.5 ms",
				check(attachP50, attachP50 <= 0.5)));
		targets.add(new Target("2", "PTY keystroke over attach p99", ms(attachP99), "≤ 2 ms",
				check(attachP99, attachP99 <= 2)));
		double sse = num(s, "throughput", "sse_ratio");
		targets.add(new Target("3", "SSE throughput vs. raw pipe", x(sse), "≥ 0.6×", check(sse, sse >= 0.6)));
		double heap = num(s, "scale", "per_session", "heap_kib");
		targets.add(new Target("4", "heap per idle session", kib(heap), "≤ 64 KiB", check(heap, heap <= 64)));
		double pipeThreads = num(s, "scale", "per_pipe_session", "threads");
		double ptyThreads = num(s, "scale", "per_pty_session", "threads");
		double threads = Math.max(pipeThreads, ptyThreads);
		targets.add(new Target("4", "platform threads per session (pipe / PTY)",
				fmt(pipeThreads) + " / " + fmt(ptyThreads), "≤ 4", check(threads, threads <= 4)));
		double waiter = num(s, "scale", "waiters", "threads_per_waiter");
		targets.add(new Target("4", "platform threads per waiting request or subscriber", fmt(waiter), "0",
				check(waiter, waiter < 0.05)));
		double idleRss = num(s, "idle", "per_session", "rss_kib");
		targets.add(new Target("4", "RSS per idle session (pipe, PTY, `bash --norc -i`)", kib(idleRss), "≤ 16 KiB",
				check(idleRss, idleRss <= 16)));
		double idleHeld = num(s, "idle", "sessions");
		double idleTarget = num(s, "idle", "target_sessions");
		targets.add(new Target("4", "idle sessions held at once", fmt(idleHeld), "≥ " + fmt(idleTarget),
				check(idleHeld, idleHeld >= idleTarget)));
		double idleThreads = num(s, "idle", "threads_growth");
		targets.add(new Target("4", "platform threads grown with " + fmt(num(s, "idle", "sessions")) + " idle sessions",
				fmt(idleThreads), "≤ 8", check(idleThreads, idleThreads <= 8)));
		double errors = num(s, "load", "errors");
		targets.add(new Target("5", "errors under concurrent load", fmt(errors), "0", check(errors, errors == 0)));
		double spread = num(s, "load", "p99_over_p50");
		targets.add(new Target("5", "p99 / p50 under concurrent load (all requests)", x(spread), "≤ 10×",
				check(spread, spread <= 10)));
		double ptyStart = num(s, "load", "pty_start_over_pipe_start_p50");
		targets.add(new Target("5", "`POST /sessions` of a PTY session under concurrent load, p50 vs. a pipe session's",
				x(ptyStart), "≤ 1×", check(ptyStart, ptyStart <= 1)));
		double prompt = num(s, "bash_prompt", "ratio_p50");
		targets.add(new Target("5", "create → first prompt of `bash -i` (PTY), p50 vs. a PTY forked by a small process",
				x(prompt), "≤ 2×", check(prompt, prompt <= 2)));
		double ready = num(s, "startup", "aot_cache", "ready_ms", "p50");
		targets.add(new Target("6", "start → readiness p50, `java -jar` from the AOT cache", ms(ready), "≤ 3000 ms",
				check(ready, ready <= 3000)));
		return targets;
	}

	private static String label(String loadKind) {
		return switch (loadKind) {
			case "all" -> "every request";
			case "start_pipe" -> "`start` of a pipe session";
			case "start_pty" -> "`start` of a PTY session";
			default -> "`" + loadKind + "`";
		};
	}

	private static Boolean check(double value, boolean ok) {
		return Double.isNaN(value) ? null : ok;
	}

	static String markdown(Map<String, Object> run, List<Target> targets) {
		@SuppressWarnings("unchecked")
		Map<String, Object> s = (Map<String, Object>) run.get("scenarios");
		@SuppressWarnings("unchecked")
		Map<String, Object> m = (Map<String, Object>) run.get("machine");
		StringBuilder md = new StringBuilder();
		md.append(BEGIN).append("\n\n");
		md.append("## Latest run\n\n");
		md.append("| | |\n|---|---|\n");
		md.append("| date | ").append(run.get("date")).append(" |\n");
		md.append("| commit | `").append(run.get("commit")).append("` |\n");
		md.append("| machine | ").append(m.get("cpu_model")).append(", ").append(m.get("cpus")).append(" CPUs, ")
			.append(Math.round(((Number) m.get("ram_bytes")).doubleValue() / (1L << 30)))
			.append(" GiB RAM |\n");
		md.append("| kernel | ").append(m.get("kernel")).append(" |\n");
		md.append("| JDK | ").append(m.get("jdk")).append(" |\n");
		md.append("| load average (1 min) before the run | ").append(m.get("load_at_start"))
			.append(" (scenario 5 itself drives it to about 30: 200 clients, then 200 spawning threads) |\n");
		md.append("| results | `").append(run.get("results_file")).append("` |\n\n");

		md.append("### Targets\n\n| # | figure | value | target | met |\n|---|---|---|---|---|\n");
		for (Target t : targets) {
			md.append("| ").append(t.id()).append(" | ").append(t.figure()).append(" | ").append(t.value())
				.append(" | ").append(t.goal()).append(" | ").append(met(t.met())).append(" |\n");
		}

		md.append("\n### 1. Start to exit of `true`\n\n");
		md.append("`POST /sessions {\"cmd\":\"true\"}` until the response (which carries `exit_code`), against ")
			.append("`ProcessBuilder` starting `/bin/bash -c true` ")
			.append("(execd's exact command line) and waiting for it, in the driver's JVM. Pairs alternate.\n\n");
		pairTable(md, s, "start_to_exit", "execd over HTTP", "ProcessBuilder");

		md.append("\n### 2. PTY keystroke round trip\n\n");
		md.append("A 3-6 byte token typed into `cat` on a PTY, `POST /sessions/{id}/stdin` with `wait_for` ")
			.append("the token, one keep-alive connection; over attach: the token as one binary frame on ")
			.append("`GET /sessions/{id}/attach` (WebSocket, the JDK's client) until output frames bring its ")
			.append("echo back, the same number of samples; raw: the same write and read through pty4j in ")
			.append("the driver. A line: `token\\r` until cat's copy of it is back (echo + copy).\n\n");
		md.append("| figure | execd over HTTP | execd over attach | raw pty4j | Jupyter terminal (peer) |\n")
			.append("|---|---|---|---|---|\n");
		for (String p : List.of("p50", "p99", "p999")) {
			md.append("| keystroke echo ").append(p.equals("p999") ? "p99.9" : p).append(" | ")
				.append(ms(num(s, "pty_keystroke", "keystroke", "execd", p + "_ms")))
				.append(" | ")
				.append(ms(num(s, "pty_keystroke", "keystroke_attach", "execd", p + "_ms")))
				.append(" | ")
				.append(ms(num(s, "pty_keystroke", "keystroke", "raw", p + "_ms")))
				.append(" | ")
				.append(ms(num(s, "peer", "keystroke", Sides.PEER, p + "_ms")))
				.append(" |\n");
		}
		for (String p : List.of("p50", "p99")) {
			md.append("| line through cat ").append(p).append(" | ")
				.append(ms(num(s, "pty_keystroke", "line", "execd", p + "_ms")))
				.append(" | | ")
				.append(ms(num(s, "pty_keystroke", "line", "raw", p + "_ms")))
				.append(" | ")
				.append(ms(num(s, "peer", "line", Sides.PEER, p + "_ms")))
				.append(" |\n");
		}
		md.append("\nSamples per side: ")
			.append(fmt(num(s, "pty_keystroke", "keystroke", "execd", "n")))
			.append(" keystrokes over each execd path, ")
			.append(fmt(num(s, "pty_keystroke", "line", "execd", "n")))
			.append(" lines. The peer's column is its keystroke and line rows of the peer scenario in the same run ")
			.append("(`--with-peer`; – without it), with the samples that scenario takes.\n");

		md.append("\n### 3. Output throughput\n\n");
		md.append("`head -c ").append(fmt(num(s, "throughput", "bytes")))
			.append(" /dev/zero` (MB = 10^6 bytes; median of the rounds). Raw: the same command line read ")
			.append("from its pipe with 64 KiB reads. SSE: from `POST /sessions` to the `exit` event, ")
			.append("`encoding=base64` (NUL bytes as JSON text would be 6 characters each). Capture: from ")
			.append("`POST /sessions` to the poll that reports the exit (all output in the log). Download: ")
			.append("`GET /log` of the finished log. CPU seconds per GB (10^9 bytes) are steadier than rates on ")
			.append("a shared machine; the SSE row includes the capture.\n\n");
		md.append("| path | MB/s | × raw pipe | server CPU s per GB | target |\n|---|---|---|---|---|\n");
		md.append("| raw pipe | ").append(fmt(num(s, "throughput", "raw_pipe_mb_s"))).append(" | 1 | | |\n");
		double toFile = num(s, "throughput", "raw_pipe_to_file_mb_s");
		md.append("| raw pipe, every read also written to a file (what the log requires) | ")
			.append(fmt(toFile))
			.append(" | ")
			.append(x(toFile / num(s, "throughput", "raw_pipe_mb_s")))
			.append(" | | |\n");
		md.append("| SSE | ").append(fmt(num(s, "throughput", "sse_mb_s"))).append(" | ")
			.append(x(num(s, "throughput", "sse_ratio"))).append(" | ")
			.append(fmt(num(s, "throughput", "sse_server_cpu_s_per_gb")))
			.append(" (driver: ").append(fmt(num(s, "throughput", "sse_driver_cpu_s_per_gb"))).append(")")
			.append(" | ≥ 0.6× |\n");
		md.append("| SSE as text (`utf8`), lines of `yes`, against their own raw pipe (")
			.append(fmt(num(s, "throughput", "raw_text_pipe_mb_s")))
			.append(" MB/s) | ")
			.append(fmt(num(s, "throughput", "sse_utf8_mb_s")))
			.append(" | ")
			.append(x(num(s, "throughput", "sse_utf8_ratio")))
			.append(" | ")
			.append(fmt(num(s, "throughput", "sse_utf8_server_cpu_s_per_gb")))
			.append(" (driver: ")
			.append(fmt(num(s, "throughput", "sse_utf8_driver_cpu_s_per_gb")))
			.append(") | |\n");
		md.append("| capture into the log | ").append(fmt(num(s, "throughput", "capture_mb_s"))).append(" | ")
			.append(x(num(s, "throughput", "capture_ratio"))).append(" | ")
			.append(fmt(num(s, "throughput", "capture_server_cpu_s_per_gb"))).append(" | |\n");
		md.append("| `GET /log` download | ").append(fmt(num(s, "throughput", "log_download_mb_s"))).append(" | ")
			.append(x(num(s, "throughput", "log_download_ratio"))).append(" | ")
			.append(fmt(num(s, "throughput", "download_server_cpu_s_per_gb"))).append(" | |\n");
		md.append("| Jupyter terminal output (peer) | 47 | 0.44× a raw PTY | | |\n");

		md.append("\n### 4. Scale: ").append(fmt(num(s, "scale", "sessions")))
			.append(" live sessions (`sleep 3600`, half pipe, half PTY, ")
			.append(fmt(num(s, "scale", "conversations")))
			.append(" conversations)\n\n");
		md.append("Differences of the server's live heap (after a full GC), RSS and OS threads, divided by ")
			.append("the sessions added.\n\n");
		md.append("| per session | all | pipe | PTY | target |\n|---|---|---|---|---|\n");
		md.append("| heap | ").append(kib(num(s, "scale", "per_session", "heap_kib"))).append(" | ")
			.append(kib(num(s, "scale", "per_pipe_session", "heap_kib"))).append(" | ")
			.append(kib(num(s, "scale", "per_pty_session", "heap_kib"))).append(" | ≤ 64 KiB |\n");
		md.append("| RSS | ").append(kib(num(s, "scale", "per_session", "rss_kib"))).append(" | ")
			.append(kib(num(s, "scale", "per_pipe_session", "rss_kib"))).append(" | ")
			.append(kib(num(s, "scale", "per_pty_session", "rss_kib"))).append(" | |\n");
		md.append("| platform threads | ").append(fmt(num(s, "scale", "per_session", "threads"))).append(" | ")
			.append(fmt(num(s, "scale", "per_pipe_session", "threads"))).append(" | ")
			.append(fmt(num(s, "scale", "per_pty_session", "threads"))).append(" | ≤ 4 |\n\n");
		md.append("| figure | value |\n|---|---|\n");
		md.append("| platform threads per idle SSE subscriber or waiting long poll (")
			.append(fmt(num(s, "scale", "waiters", "subscribers"))).append(" of each) | ")
			.append(fmt(num(s, "scale", "waiters", "threads_per_waiter"))).append(" |\n");
		md.append("| `GET /sessions` (").append(fmt(num(s, "scale", "list_sessions_per_conversation")))
			.append(" sessions listed) p50 / p99 | ").append(ms(num(s, "scale", "list", "p50_ms"))).append(" / ")
			.append(ms(num(s, "scale", "list", "p99_ms"))).append(" |\n");
		md.append("| `POST /sessions` (`sleep 3600`, no wait) p50 / p99 | ")
			.append(ms(num(s, "scale", "create", "p50_ms"))).append(" / ")
			.append(ms(num(s, "scale", "create", "p99_ms"))).append(" |\n");
		md.append("| RSS / heap / threads before | ")
			.append(mib(num(s, "scale", "before", "rss_bytes"))).append(" / ")
			.append(mib(num(s, "scale", "before", "heap_bytes"))).append(" / ")
			.append(fmt(num(s, "scale", "before", "threads"))).append(" |\n");
		md.append("| RSS / heap / threads with every session | ")
			.append(mib(num(s, "scale", "after_all", "rss_bytes"))).append(" / ")
			.append(mib(num(s, "scale", "after_all", "heap_bytes"))).append(" / ")
			.append(fmt(num(s, "scale", "after_all", "threads"))).append(" |\n");
		md.append("| `DELETE /sessions` of every conversation, in sequence | ")
			.append(ms(num(s, "scale", "teardown_ms"))).append(" |\n");

		md.append("\n### 4b. Idle sessions: ").append(fmt(num(s, "idle", "sessions"))).append(" of a target ")
			.append(fmt(num(s, "idle", "target_sessions")))
			.append(" (`sleep 1000` on pipes and PTYs, `bash --norc -i` on PTYs, a third each)\n\n");
		md.append("| per session | all | pipe `sleep` | PTY `sleep` | PTY `bash --norc -i` | target |\n")
			.append("|---|---|---|---|---|---|\n");
		for (String[] row : new String[][] { { "RSS", "rss_kib", "≤ 16 KiB" }, { "heap", "heap_kib", "" },
				{ "platform threads", "threads", "0" }, { "descriptors", "open_files", "" } }) {
			md.append("| ").append(row[0]).append(" | ").append(fmt(num(s, "idle", "per_session", row[1])));
			for (String kind : List.of("sleep_pipe", "sleep_pty", "bash_pty")) {
				md.append(" | ").append(fmt(num(s, "idle", kind, "per_session", row[1])));
			}
			md.append(" | ").append(row[2]).append(" |\n");
		}
		md.append("\nIdle server RSS before the sessions: ")
			.append(kib(num(s, "idle", "before", "rss_bytes") / 1024))
			.append("; platform threads before / after: ")
			.append(fmt(num(s, "idle", "before", "threads")))
			.append(" / ")
			.append(fmt(num(s, "idle", "before", "threads") + num(s, "idle", "threads_growth")))
			.append(". The limits on the way (results file, `idle.limits`): open files of the server (")
			.append(fmt(num(s, "idle", "limits", "server_open_files")))
			.append("), `kernel.pid_max`, `kernel.pty.max` (")
			.append(fmt(num(s, "idle", "limits", "pty_max")))
			.append(") and `execd.limits.max-sessions`.\n");
		md.append("\n### 5. Concurrency: ").append(fmt(num(s, "load", "clients")))
			.append(" clients (half of them on PTYs), start → poll → exit → DELETE for ").append(fmt(num(s, "load", "seconds")))
			.append(" s\n\n");
		md.append("| figure | value |\n|---|---|\n");
		md.append("| requests/s (loops/s) | ").append(fmt(num(s, "load", "requests_per_s"))).append(" (")
			.append(fmt(num(s, "load", "loops_per_s"))).append(") |\n");
		md.append("| errors | ").append(fmt(num(s, "load", "errors"))).append(" |\n");
		for (String kind : List.of("all", "start", "start_pipe", "start_pty", "poll", "delete")) {
			md.append("| ").append(label(kind)).append(" p50 / p99 | ")
				.append(ms(num(s, "load", kind, "p50_ms"))).append(" / ").append(ms(num(s, "load", kind, "p99_ms")))
				.append(" |\n");
		}
		md.append("| server CPU per loop | ").append(ms(num(s, "load", "server_cpu_ms_per_loop"))).append(" |\n");
		md.append("| baseline: as many threads spawning execd's command line for `true` with ProcessBuilder, ")
			.append("spawns/s (p50 / p99) | ")
			.append(fmt(num(s, "load", "raw", "spawns_per_s")))
			.append(" (")
			.append(ms(num(s, "load", "raw", "spawn", "p50_ms")))
			.append(" / ")
			.append(ms(num(s, "load", "raw", "spawn", "p99_ms")))
			.append(") |\n");
		md.append("| execd loops/s per baseline spawn/s | ").append(x(num(s, "load", "loops_per_raw_spawn")))
			.append(" |\n");
		md.append("\nCreate → first prompt of `bash --norc --noprofile -i` on a PTY (`wait_for` the prompt), ")
			.append("against the physical limit, the same bash on a PTY forked by a small process ")
			.append("(python3's `pty.fork`, timed inside it), until its prompt arrives:\n\n");
		pairTable(md, s, "bash_prompt", "execd over HTTP", "forked by a small process");
		md.append("\nThe same bash forked by pty4j in the driver's JVM, p50 / p99: ")
			.append(ms(num(s, "bash_prompt", "pty4j", "p50_ms")))
			.append(" / ")
			.append(ms(num(s, "bash_prompt", "pty4j", "p99_ms")))
			.append("; execd / pty4j p50: ")
			.append(x(num(s, "bash_prompt", "ratio_p50_vs_pty4j")))
			.append('\n');
		md.append("\nJupyter's terminals (peer): 17 ms from create to first prompt, 2.9× raw.\n\n");
		md.append(Startups.markdown(s)).append('\n');
		md.append(END).append('\n');
		return md.toString();
	}

	private static void pairTable(StringBuilder md, Map<String, Object> s, String key, String execd, String raw) {
		md.append("| figure | ").append(execd).append(" | ").append(raw).append(" | ratio |\n|---|---|---|---|\n");
		for (String p : List.of("p50", "p99")) {
			md.append("| ").append(p).append(" | ").append(ms(num(s, key, "execd", p + "_ms"))).append(" | ")
				.append(ms(num(s, key, "raw", p + "_ms"))).append(" | ").append(x(num(s, key, "ratio_" + p)))
				.append(" |\n");
		}
	}

	/** Replaces the generated part of {@code file}, or writes a new file around it. */
	static void writeInto(Path file, String generated) throws IOException {
		String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "# Benchmarks\n\n"
				+ BEGIN + "\n" + END + "\n";
		int begin = text.indexOf(BEGIN);
		int end = text.indexOf(END);
		if (begin < 0 || end < begin) {
			text = text + "\n" + generated;
		}
		else {
			text = text.substring(0, begin) + generated + text.substring(end + END.length() + 1);
		}
		Files.writeString(file, text, StandardCharsets.UTF_8);
	}

	@SuppressWarnings("unchecked")
	static double num(Map<String, Object> map, String... path) {
		Object at = map;
		for (String key : path) {
			if (!(at instanceof Map)) {
				return Double.NaN;
			}
			at = ((Map<String, Object>) at).get(key);
		}
		return (at instanceof Number n) ? n.doubleValue() : Double.NaN;
	}

	private static String met(Boolean met) {
		return (met == null) ? "not measured" : met ? "yes" : "**no**";
	}

	static String fmt(double v) {
		if (Double.isNaN(v)) {
			return "–";
		}
		if (v == Math.rint(v) && Math.abs(v) < 1e15) {
			return Long.toString((long) v);
		}
		return String.format(Locale.ROOT, (Math.abs(v) >= 100) ? "%.0f" : (Math.abs(v) >= 10) ? "%.1f" : "%.2f", v);
	}

	static String ms(double v) {
		return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, (v >= 10) ? "%.1f ms" : "%.3f ms", v);
	}

	private static String x(double v) {
		return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2f×", v);
	}

	private static String kib(double v) {
		return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.1f KiB", v);
	}

	private static String mib(double v) {
		return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.0f MiB", v / (1 << 20));
	}

}
