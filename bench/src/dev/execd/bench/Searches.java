package dev.execd.bench;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code search} (issue 17): one session writes a log of about 500 MB (filler
 * lines with a token at the end of every megabyte), then {@code GET /sessions/{id}/search}
 * scans it whole, from the page cache, following {@code next_offset} when the request
 * budget stops a page. Reported per kind of pattern: the median over rounds of the
 * scanned bytes per second of wall time, over HTTP, with every matching line returned.
 */
final class Searches {

	private static final Map<String, String> PATTERNS = new LinkedHashMap<>();

	static {
		PATTERNS.put("literal", "pattern=TOKEN&literal=true");
		PATTERNS.put("literal_ignore_case", "pattern=token&literal=true&ignore_case=true");
		PATTERNS.put("regex_with_literal", "pattern=" + encode("TOKEN\\d+ b$"));
		PATTERNS.put("regex_without_literal", "pattern=" + encode("[A-Z]{5}\\d+ b$"));
		PATTERNS.put("regex_no_literal_at_all", "pattern=" + encode("[A-Z]{5}\\d+"));
	}

	private Searches() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		int megabytes = ctx.config.smoke() ? 16 : 500;
		int rounds = ctx.config.smoke() ? 1 : 5;
		try (Http http = ctx.client("bench-search")) {
			String cmd = "for i in $(seq 1 " + megabytes + "); do yes 'filler line of the benchmark log, "
					+ "with a few words' | head -c 1000000; printf 'a TOKEN%d b\\n' $i; done";
			Http.Response started = http.post("/sessions", Json.write(Map.of("cmd", cmd, "yield_time_ms", 0)));
			if (!ctx.expect(started, 201, "start writer")) {
				return new LinkedHashMap<>(Map.of("failed", "no session"));
			}
			String id = String.valueOf(Context.session(started.json()).get("session_id"));
			long t0 = System.nanoTime();
			while (!"exited".equals(http.get("/sessions/" + id).json().get("status"))) {
				Thread.sleep(100);
			}
			Map<String, Object> result = new LinkedHashMap<>();
			long total = ((Number) http.get("/sessions/" + id).json().get("output_bytes_total")).longValue();
			result.put("log_bytes", total);
			result.put("write_s", Samples.round((System.nanoTime() - t0) / 1e9));
			for (Map.Entry<String, String> pattern : PATTERNS.entrySet()) {
				scan(ctx, http, id, pattern.getValue(), megabytes, total);
				List<Double> rates = new ArrayList<>();
				int pages = 0;
				for (int r = 0; r < rounds; r++) {
					long start = System.nanoTime();
					pages = scan(ctx, http, id, pattern.getValue(), megabytes, total);
					rates.add(total / 1e6 / ((System.nanoTime() - start) / 1e9));
				}
				rates.sort(null);
				Map<String, Object> measured = new LinkedHashMap<>();
				measured.put("mb_per_s_median", Samples.round(rates.get(rates.size() / 2)));
				measured.put("mb_per_s_rounds", rates.stream().map(Samples::round).toList());
				measured.put("pages", pages);
				result.put(pattern.getKey(), measured);
			}
			ctx.expect(http.delete("/sessions/" + id), 200, "delete writer");
			return result;
		}
	}

	/** One whole search; checks that every token was found. Returns the pages it took. */
	private static int scan(Context ctx, Http http, String id, String query, int tokens, long total)
			throws Exception {
		long from = 0;
		int found = 0;
		int pages = 0;
		while (true) {
			Http.Response page = http.get("/sessions/" + id + "/search?" + query + "&max_matches=1000&from_offset="
					+ from);
			pages++;
			if (!ctx.expect(page, 200, "search")) {
				return pages;
			}
			Map<String, Object> body = page.json();
			found += ((List<?>) body.get("matches")).size();
			from = ((Number) body.get("next_offset")).longValue();
			if (body.get("truncated_by") == null) {
				break;
			}
		}
		if (found != tokens || from != total) {
			ctx.error("search " + query + ": " + found + " matches up to " + from + ", expected " + tokens + " up to "
					+ total);
		}
		return pages;
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

}
