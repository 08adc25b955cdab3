package dev.execd.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The benchmark driver (see BENCHMARKS.md). Starts the packaged server, runs the
 * scenarios with their physical baselines in the same run, writes a results file and,
 * in full mode, the generated part of BENCHMARKS.md. Exits 1 when any error occurred
 * (a wrong status, exit code or byte count), so the smoke mode guards CI.
 * <p>
 * Options: {@code --smoke}, {@code --jar <path>}, {@code --root <repo>},
 * {@code --results <dir>}, {@code --name <file name>}, {@code --only <scenario,...>},
 * {@code --server-jvm <arg>} (repeatable, e.g. a JFR recording), {@code --no-report},
 * {@code --set <size>=<number>} (repeatable: a field of {@link Context.Config}, for quick
 * experiments), {@code --report-from <results.json>} (only regenerate BENCHMARKS.md),
 * {@code --peer <python>} (also run the {@code peer} scenario: Jupyter Server's terminals
 * started with that Python; {@code bench/run.sh --with-peer} finds or installs it).
 */
public final class Bench {

	/**
	 * In running order. Start-up goes first, while the machine is still calm: its cold
	 * starts run beside the idle main server. Throughput and files go last: their
	 * gigabytes of logs and files leave the disk busy with writeback for a while, which
	 * would disturb what follows (files measures its own baselines in the same minutes,
	 * so it comes after).
	 */
	static final List<String> SCENARIOS = List.of("startup", "start_to_exit", "bash_prompt", "pty_keystroke", "scale",
			"idle", "load", "screen", "shell", "search", "records", "peer", "throughput", "files");

	/** Runs only with {@code --peer}: it needs Jupyter Server installed. */
	private static final String PEER = "peer";

	private Bench() {
	}

	public static void main(String[] args) throws Exception {
		boolean smoke = false;
		boolean report = true;
		Path root = Path.of("").toAbsolutePath();
		Path jar = null;
		Path results = null;
		String name = null;
		Set<String> only = Set.copyOf(SCENARIOS);
		Path peerPython = null;
		List<String> serverJvm = new ArrayList<>();
		Map<String, Long> overrides = new LinkedHashMap<>();
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--smoke" -> smoke = true;
				case "--no-report" -> report = false;
				case "--root" -> root = Path.of(args[++i]);
				case "--jar" -> jar = Path.of(args[++i]);
				case "--results" -> results = Path.of(args[++i]);
				case "--name" -> name = args[++i];
				case "--only" -> only = Set.copyOf(Arrays.asList(args[++i].split(",")));
				case "--server-jvm" -> serverJvm.add(args[++i]);
				case "--peer" -> peerPython = Path.of(args[++i]);
				case "--report-from" -> {
					// Regenerates BENCHMARKS.md from a results file, without running anything.
					Map<String, Object> saved = Json.object(Files.readString(Path.of(args[++i])));
					@SuppressWarnings("unchecked")
					Map<String, Object> savedScenarios = (Map<String, Object>) saved.get("scenarios");
					Report.writeInto(root.resolve("BENCHMARKS.md"),
							Report.markdown(saved, Report.targets(savedScenarios)));
					System.out.println("BENCHMARKS.md regenerated from " + args[i]);
					return;
				}
				case "--set" -> {
					String[] kv = args[++i].split("=", 2);
					overrides.put(kv[0], Long.parseLong(kv[1]));
				}
				default -> throw new IllegalArgumentException("unknown option " + args[i]);
			}
		}
		Context.Config config = (smoke ? Context.Config.small() : Context.Config.large()).with(overrides);
		report &= !smoke;
		if (jar == null) {
			throw new IllegalArgumentException("--jar is required");
		}
		if (peerPython == null && only.size() == 1 && only.contains(PEER)) {
			throw new IllegalArgumentException("the peer scenario needs --peer <python> (bench/run.sh --with-peer)");
		}
		// Smoke mode: the start-up scenario alone takes a minute or two (a training start
		// and cold starts of the server).
		watchdog(smoke ? 10 : 120);

		Map<String, Object> run = new LinkedHashMap<>();
		String date = DateTimeFormatter.ISO_INSTANT.format(Instant.now().truncatedTo(ChronoUnit.SECONDS));
		String commit = Machine.commit(root);
		run.put("date", date);
		run.put("commit", commit);
		run.put("mode", smoke ? "smoke" : "full");
		run.put("config", config.toString());
		Map<String, Object> machine = Machine.describe();
		machine.put("load_at_start", Machine.loadAverage());
		run.put("machine", machine);
		if (results == null) {
			results = smoke ? Files.createTempDirectory("execd-bench-results-") : root.resolve("bench/results");
		}
		if (name == null) {
			name = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC).format(Instant.now()) + "-"
					+ commit + (smoke ? "-smoke" : "");
		}
		Path resultsFile = results.resolve(name + ".json");
		Path absolute = resultsFile.toAbsolutePath();
		run.put("results_file", (absolute.startsWith(root) ? root.relativize(absolute) : absolute).toString());

		Map<String, Object> scenarios = new LinkedHashMap<>();
		run.put("scenarios", scenarios);
		long t0 = System.nanoTime();
		Context ctx;
		Path java = Path.of(ProcessHandle.current().info().command().orElse("java"));
		System.out.println("execd bench (" + (smoke ? "smoke" : "full") + "): starting " + jar);
		try (Server server = Server.start(java, jar, serverJvm, List.of())) {
			ctx = new Context(server, config);
			if (!smoke) {
				System.out.println("== warm-up");
				run.put("warmup", Warmup.run(ctx));
			}
			for (String scenario : SCENARIOS) {
				if (!only.contains(scenario) && !(scenario.equals(PEER) && peerPython != null)
						|| scenario.equals(PEER) && peerPython == null) {
					continue;
				}
				System.out.println("== " + scenario + " (load " + Machine.loadAverage() + ")");
				long s0 = System.nanoTime();
				Map<String, Object> result;
				try {
					result = switch (scenario) {
						case "startup" -> Startups.run(ctx, root, java, jar);
						case "start_to_exit" -> StartLatency.startToExit(ctx);
						case "bash_prompt" -> StartLatency.bashPrompt(ctx);
						case "pty_keystroke" -> Keystrokes.run(ctx);
						case "throughput" -> Throughput.run(ctx);
						case "scale" -> Scale.run(ctx);
						case "idle" -> IdleSessions.run(ctx);
						case "load" -> Load.run(ctx);
						case "screen" -> Screens.run(ctx);
						case "shell" -> Shells.run(ctx);
						case "search" -> Searches.run(ctx);
						case "records" -> Records.run(ctx);
						case "files" -> FileTransfers.run(ctx);
						case PEER -> {
							try (Jupyter jupyter = Jupyter.start(peerPython)) {
								yield Peer.run(ctx, jupyter);
							}
						}
						default -> throw new IllegalStateException(scenario);
					};
				}
				catch (Exception ex) {
					ctx.error(scenario + " failed: " + ex);
					ex.printStackTrace();
					result = new LinkedHashMap<>(Map.of("failed", String.valueOf(ex)));
				}
				result.put("load_average", Machine.loadAverage());
				result.put("duration_s", Samples.round((System.nanoTime() - s0) / 1e9));
				scenarios.put(scenario, result);
				System.out.println(Json.write(brief(result)).strip());
			}
			if (!ctx.errors().isEmpty()) {
				System.err.println("server output (tail):\n" + server.outputTail());
			}
		}
		machine.put("load_at_end", Machine.loadAverage());
		List<Report.Target> targets = Report.targets(scenarios);
		run.put("targets", targets.stream().map(Report.Target::toMap).toList());
		run.put("errors", ctx.errors());
		run.put("duration_s", Samples.round((System.nanoTime() - t0) / 1e9));
		Files.createDirectories(results);
		Files.writeString(resultsFile, Json.write(run), StandardCharsets.UTF_8);
		String markdown = Report.markdown(run, targets);
		if (report) {
			Report.writeInto(root.resolve("BENCHMARKS.md"), markdown);
		}
		System.out.println();
		System.out.println(smoke ? "targets (smoke mode: cold and tiny, these are not measurements):" : "targets:");
		for (Report.Target t : targets) {
			System.out.printf("  [%s] %-62s %-16s %-9s %s%n", t.id(), t.figure(), t.value(), t.goal(),
					(smoke || t.met() == null) ? "-" : t.met() ? "met" : "NOT MET");
		}
		if (scenarios.get("screen") instanceof Map<?, ?> screen && !screen.containsKey("failed")) {
			@SuppressWarnings("unchecked")
			Map<String, Object> measured = (Map<String, Object>) screen;
			System.out.println("\nscreen (for BENCHMARKS.md):\n" + Screens.markdown(measured, commit));
		}
		if (scenarios.get("shell") instanceof Map<?, ?> shell && !shell.containsKey("failed")) {
			@SuppressWarnings("unchecked")
			Map<String, Object> measured = (Map<String, Object>) shell;
			System.out.println("\nshell (for BENCHMARKS.md):\n" + Shells.markdown(measured));
		}
		if (scenarios.get(PEER) instanceof Map<?, ?> peer && !peer.containsKey("failed")) {
			@SuppressWarnings("unchecked")
			Map<String, Object> measured = (Map<String, Object>) peer;
			System.out.println("\npeer (execd against Jupyter Server's terminals):\n" + PeerReport.markdown(measured));
		}
		System.out.println("results: " + resultsFile + (report ? " and BENCHMARKS.md" : ""));
		System.out.printf("%d error(s), %.1f s%n", ctx.errors().size(), (System.nanoTime() - t0) / 1e9);
		System.exit(ctx.errors().isEmpty() ? 0 : 1);
	}

	/** The result without its bulky parts, for the console. */
	private static Map<String, Object> brief(Map<String, Object> result) {
		Map<String, Object> brief = new LinkedHashMap<>(result);
		brief.remove("rounds");
		for (String row : List.of("keystroke", "line", "prompt", "flood")) {
			if (brief.get(row) instanceof Map<?, ?> m) {
				Map<Object, Object> copy = new LinkedHashMap<>(m);
				copy.remove("rounds");
				brief.put(row, copy);
			}
		}
		brief.remove("series_by_hundred");
		brief.remove("thread_kinds");
		if (brief.get("heap") instanceof Map<?, ?> heap) {
			Map<Object, Object> copy = new LinkedHashMap<>(heap);
			copy.remove("heap_growth_by_class_per_screen");
			brief.put("heap", copy);
		}
		brief.remove("heap_growth_by_class_per_session");
		for (String key : List.of("before", "after_pipe_half", "after_all", "after_teardown")) {
			if (brief.get(key) instanceof Map<?, ?> m) {
				Map<Object, Object> copy = new LinkedHashMap<>(m);
				copy.remove("thread_kinds");
				brief.put(key, copy);
			}
		}
		return brief;
	}

	/** A hung child or socket must not hang CI: the whole run has a time limit. */
	private static void watchdog(int minutes) {
		Thread.ofPlatform().daemon().name("watchdog").start(() -> {
			try {
				Thread.sleep(TimeUnit.MINUTES.toMillis(minutes));
				System.err.println("ERROR: the benchmark did not finish within " + minutes + " minutes");
				ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
				Runtime.getRuntime().halt(2);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
	}

}
