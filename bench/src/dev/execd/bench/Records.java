package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code records} (issue 17): a session writes 100 MB of NDJSON in lines of
 * 4 MiB, as agent CLIs write cumulative {@code message_update} events, then the whole of
 * it is read as records, over {@code GET /stream?framing=jsonl} and through the
 * {@code GET /records} poll. Reported per way: the median over rounds of log bytes per
 * second of wall time, and the server's heap growth during the read ({@link HeapPeak}).
 */
final class Records {

	private static final int LINE_BYTES = 4 * 1024 * 1024;

	private Records() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		int lines = ctx.config.smoke() ? 2 : 25;
		int rounds = ctx.config.smoke() ? 1 : 3;
		try (Http http = ctx.client("bench-records")) {
			String cmd = "python3 -c \"import sys\nl=b'{\\\"type\\\":\\\"message_update\\\",\\\"delta\\\":\\\"' + b'x'*("
					+ LINE_BYTES + "-40) + b'\\\"}\\n'\nfor i in range(" + lines + "): sys.stdout.buffer.write(l)\"";
			Http.Response started = http.post("/sessions", Json.write(Map.of("cmd", cmd, "yield_time_ms", 0)));
			if (!ctx.expect(started, 201, "start writer")) {
				return new LinkedHashMap<>(Map.of("failed", "no session"));
			}
			String id = String.valueOf(Context.session(started.json()).get("session_id"));
			while (!"exited".equals(http.get("/sessions/" + id).json().get("status"))) {
				Thread.sleep(100);
			}
			long total = ((Number) http.get("/sessions/" + id).json().get("output_bytes_total")).longValue();
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("log_bytes", total);
			result.put("lines", lines);
			result.put("line_bytes", LINE_BYTES);
			result.put("stream", measure(ctx, rounds, total, () -> stream(ctx, id, lines, total)));
			result.put("poll", measure(ctx, rounds, total, () -> poll(ctx, http, id, lines, total)));
			ctx.expect(http.delete("/sessions/" + id), 200, "delete writer");
			return result;
		}
	}

	private interface Read {

		void run() throws Exception;

	}

	private static Map<String, Object> measure(Context ctx, int rounds, long total, Read read) throws Exception {
		read.run();
		List<Double> rates = new ArrayList<>();
		List<Double> growths = new ArrayList<>();
		for (int r = 0; r < rounds; r++) {
			try (HeapPeak heap = HeapPeak.start(ctx.server)) {
				long start = System.nanoTime();
				read.run();
				double seconds = (System.nanoTime() - start) / 1e9;
				rates.add(total / 1e6 / seconds);
				growths.add(heap.stopMib());
			}
		}
		Map<String, Object> measured = new LinkedHashMap<>();
		measured.put("mb_per_s_median", Samples.round(Samples.median(rates)));
		measured.put("mb_per_s_rounds", rates.stream().map(Samples::round).toList());
		measured.put("heap_growth_mib_median", Samples.round(Samples.median(growths)));
		measured.put("heap_growth_mib_rounds", growths.stream().map(Samples::round).toList());
		return measured;
	}


	/** The framed stream to its end; checks the count of records and the last id. */
	private static void stream(Context ctx, String id, int lines, long total) throws Exception {
		try (Http http = ctx.client("bench-records");
				Http.Streamed response = http.stream("GET", "/sessions/" + id + "/stream?framing=jsonl", Map.of())) {
			SseReader reader = new SseReader(response.body());
			SseReader.Event event = new SseReader.Event();
			int records = 0;
			String lastId = null;
			while (reader.next(event)) {
				if ("record".equals(event.name)) {
					records++;
					lastId = event.id;
				}
				else if ("exit".equals(event.name)) {
					break;
				}
			}
			if (records != lines || !String.valueOf(total).equals(lastId)) {
				ctx.error("records stream: " + records + " records ending at " + lastId + ", expected " + lines
						+ " ending at " + total);
			}
		}
	}

	/** The records poll from offset 0 until {@code eof}; checks the count of records. */
	private static void poll(Context ctx, Http http, String id, int lines, long total) throws Exception {
		long offset = 0;
		int records = 0;
		for (int page = 0; page < 10_000; page++) {
			Http.Response response = http.get("/sessions/" + id + "/records?max_records=100&offset=" + offset);
			if (!ctx.expect(response, 200, "records poll")) {
				return;
			}
			Map<String, Object> body = response.json();
			records += ((List<?>) body.get("records")).size();
			offset = ((Number) body.get("next_offset")).longValue();
			if (Boolean.TRUE.equals(body.get("eof"))) {
				break;
			}
		}
		if (records != lines || offset != total) {
			ctx.error("records poll: " + records + " records up to " + offset + ", expected " + lines + " up to "
					+ total);
		}
	}

}
