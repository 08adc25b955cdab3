package dev.execd.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Start → readiness: cold starts of the packaged server, from launching the JVM to the
 * first 200 of {@code /actuator/health/readiness}, three ways that alternate start by
 * start: the jar as built ({@code java -jar target/execd-*.jar}), the same jar extracted
 * (what the AOT cache needs, without one) and the extracted jar with the JDK's AOT cache
 * that {@code scripts/aot-cache} makes in a training start first. Besides the wall time,
 * the server's CPU time at readiness, which a shared machine disturbs much less.
 */
final class Startups {

	static final List<String> WAYS = List.of("jar", "extracted", "aot_cache");

	private Startups() {
	}

	static Map<String, Object> run(Context ctx, Path root, Path java, Path jar) throws Exception {
		int starts = ctx.config.smoke() ? 1 : 5;
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("starts", starts);
		if (Runtime.version().feature() < 25) {
			result.put("skipped", "JDK " + Runtime.version().feature() + ": the AOT cache needs 25 or newer");
			return result;
		}
		Path dir = Files.createTempDirectory("execd-bench-aot-");
		try {
			long t0 = System.nanoTime();
			ProcessBuilder training = new ProcessBuilder(root.resolve("scripts/aot-cache").toString(), jar.toString(),
					dir.toString())
				.redirectErrorStream(true)
				.redirectOutput(dir.resolve("aot-cache.out").toFile());
			training.environment().put("JAVA_HOME", java.getParent().getParent().toString());
			// The starts below use the JVM's defaults, so the training does too: the cache
			// is refused when the object-header option differs.
			training.environment().put("EXECD_JVM_FLAGS", "");
			if (training.start().waitFor() != 0) {
				ctx.error("scripts/aot-cache failed: " + Files.readString(dir.resolve("aot-cache.out")));
				return result;
			}
			result.put("training_s", Samples.round((System.nanoTime() - t0) / 1e9));
			result.put("cache_mib", Files.size(dir.resolve("execd.aot")) >> 20);
			Map<String, List<Map<String, Object>>> samples = new LinkedHashMap<>();
			// Smoke mode leaves out the middle way: the training start already takes most of
			// its minute.
			List<String> ways = ctx.config.smoke() ? List.of("jar", "aot_cache") : WAYS;
			for (int i = 0; i < starts; i++) {
				for (String way : ways) {
					samples.computeIfAbsent(way, (k) -> new ArrayList<>()).add(start(java, jar, dir, way));
				}
			}
			samples.forEach((way, list) -> result.put(way, summary(list)));
			result.put("aot_cache_vs_jar_p50", Samples.ratio(Report.num(result, "aot_cache", "ready_ms", "p50"),
					Report.num(result, "jar", "ready_ms", "p50")));
			return result;
		}
		finally {
			delete(dir);
		}
	}

	private static Map<String, Object> start(Path java, Path jar, Path dir, String way) throws Exception {
		Path started = way.equals("jar") ? jar : dir.resolve("execd.jar");
		List<String> jvm = way.equals("aot_cache") ? List.of("-XX:AOTCache=" + dir.resolve("execd.aot"))
				: List.of();
		try (Server server = Server.start(java, started, jvm, List.of())) {
			Map<String, Object> one = new LinkedHashMap<>();
			one.put("ready_ms", server.readyNanos / 1e6);
			one.put("cpu_ms", server.cpuNanos() / 1e6);
			one.put("rss_mib", server.rssBytes() / (double) (1 << 20));
			String log = Files.readString(server.dir.resolve("server.out"), StandardCharsets.UTF_8);
			if (way.equals("aot_cache") && log.contains("[aot]")) {
				throw new IllegalStateException("the JVM did not use the AOT cache:\n" + server.outputTail());
			}
			return one;
		}
	}

	/** p50, min and max of each figure over the starts. */
	private static Map<String, Object> summary(List<Map<String, Object>> starts) {
		Map<String, Object> out = new LinkedHashMap<>();
		for (String figure : starts.get(0).keySet()) {
			List<Double> values = starts.stream().map((s) -> (Double) s.get(figure)).sorted().toList();
			Map<String, Object> stats = new LinkedHashMap<>();
			stats.put("p50", Samples.round(Samples.median(values)));
			stats.put("min", Samples.round(values.get(0)));
			stats.put("max", Samples.round(values.get(values.size() - 1)));
			out.put(figure, stats);
		}
		return out;
	}

	static String markdown(Map<String, Object> s) {
		StringBuilder md = new StringBuilder();
		md.append("\n### 6. Start → readiness\n\n");
		md.append("Cold starts of the jar, from launching the JVM to the first 200 of ")
			.append("`/actuator/health/readiness` (polled every 10 ms), the three ways alternating; p50 (min–max) of ")
			.append(Report.fmt(Report.num(s, "startup", "starts")))
			.append(" starts each. The AOT cache is made by `scripts/aot-cache` in the same run (")
			.append(Report.fmt(Report.num(s, "startup", "training_s")))
			.append(" s, ")
			.append(Report.fmt(Report.num(s, "startup", "cache_mib")))
			.append(" MiB). CPU is the server's user + system time at readiness.\n\n");
		md.append("| way | ready | server CPU | RSS |\n|---|---|---|---|\n");
		for (String way : WAYS) {
			md.append("| ")
				.append(switch (way) {
					case "jar" -> "`java -jar target/execd-*.jar`";
					case "extracted" -> "extracted jar, no cache";
					default -> "extracted jar + `-XX:AOTCache`";
				})
				.append(" | ")
				.append(spread(s, way, "ready_ms", " ms"))
				.append(" | ")
				.append(spread(s, way, "cpu_ms", " ms"))
				.append(" | ")
				.append(spread(s, way, "rss_mib", " MiB"))
				.append(" |\n");
		}
		return md.toString();
	}

	private static String spread(Map<String, Object> s, String way, String figure, String unit) {
		return Report.fmt(Report.num(s, "startup", way, figure, "p50")) + unit + " ("
				+ Report.fmt(Report.num(s, "startup", way, figure, "min")) + "–"
				+ Report.fmt(Report.num(s, "startup", way, figure, "max")) + ")";
	}

	private static void delete(Path dir) throws IOException {
		try (Stream<Path> paths = Files.walk(dir)) {
			paths.sorted(Comparator.reverseOrder()).forEach((p) -> p.toFile().delete());
		}
	}

}
