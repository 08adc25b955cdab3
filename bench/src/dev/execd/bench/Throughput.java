package dev.execd.bench;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 3: output throughput. {@code head -c N /dev/zero} through a session, read
 * live over SSE (base64: NUL bytes as JSON text would be six characters each), and
 * captured into the log then downloaded with {@code GET /log}; against reading the same
 * command's pipe directly. Text over SSE ({@code utf8}) is measured with lines of
 * printable ASCII from {@code yes}, against that command's own pipe. MB are 10^6 bytes.
 */
final class Throughput {

	private Throughput() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		long size = ctx.config.throughputBytes();
		String cmd = "head -c " + size + " /dev/zero";
		String textCmd = "yes " + "0123456789abcdefghijklmnopqrstuvwxyz".repeat(2).substring(0, 71) + " | head -c " + size;
		List<Double> rawText = new ArrayList<>();
		List<Double> sseText = new ArrayList<>();
		List<Double> sseTextServerCpu = new ArrayList<>();
		List<Double> sseTextDriverCpu = new ArrayList<>();
		List<Double> raw = new ArrayList<>();
		List<Double> rawToFile = new ArrayList<>();
		List<Double> sse = new ArrayList<>();
		List<Double> capture = new ArrayList<>();
		List<Double> download = new ArrayList<>();
		// CPU seconds per GB: the server's and the driver's, far steadier than rates on a
		// shared machine.
		List<Double> sseServerCpu = new ArrayList<>();
		List<Double> sseDriverCpu = new ArrayList<>();
		List<Double> captureServerCpu = new ArrayList<>();
		List<Double> downloadServerCpu = new ArrayList<>();
		try (Http http = ctx.client("bench-throughput")) {
			if (!ctx.config.smoke()) {
				// Warm-up: the code paths, not the sizes.
				rawPipe(ctx, "head -c 268435456 /dev/zero", 268435456, null);
				viaSse(ctx, http, "head -c 268435456 /dev/zero", 268435456, true);
				viaSse(ctx, http, textCmd.replace(" " + size, " 268435456"), 268435456, false);
				viaLog(ctx, http, "head -c 268435456 /dev/zero", 268435456, new double[4]);
			}
			for (int r = 0; r < ctx.config.throughputRounds(); r++) {
				raw.add(rate(size, rawPipe(ctx, cmd, size, null)));
				Path file = ctx.server.dir.resolve("raw.log");
				rawToFile.add(rate(size, rawPipe(ctx, cmd, size, file)));
				Files.delete(file);
				long server0 = ctx.server.cpuNanos();
				long driver0 = driverCpuNanos();
				sse.add(rate(size, viaSse(ctx, http, cmd, size, true)));
				sseServerCpu.add(cpuPerGb(ctx.server.cpuNanos() - server0, size));
				sseDriverCpu.add(cpuPerGb(driverCpuNanos() - driver0, size));
				rawText.add(rate(size, rawPipe(ctx, textCmd, size, null)));
				server0 = ctx.server.cpuNanos();
				driver0 = driverCpuNanos();
				sseText.add(rate(size, viaSse(ctx, http, textCmd, size, false)));
				sseTextServerCpu.add(cpuPerGb(ctx.server.cpuNanos() - server0, size));
				sseTextDriverCpu.add(cpuPerGb(driverCpuNanos() - driver0, size));
				double[] logTimes = new double[4];
				viaLog(ctx, http, cmd, size, logTimes);
				captureServerCpu.add(cpuPerGb((long) logTimes[2], size));
				downloadServerCpu.add(cpuPerGb((long) logTimes[3], size));
				capture.add(rate(size, (long) logTimes[0]));
				download.add(rate(size, (long) logTimes[1]));
			}
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("bytes", size);
		double rawRate = median(raw);
		result.put("raw_pipe_mb_s", rawRate);
		result.put("raw_pipe_to_file_mb_s", median(rawToFile));
		result.put("sse_mb_s", median(sse));
		result.put("raw_text_pipe_mb_s", median(rawText));
		result.put("sse_utf8_mb_s", median(sseText));
		result.put("sse_utf8_ratio", Samples.ratio(median(sseText), median(rawText)));
		result.put("sse_utf8_server_cpu_s_per_gb", median(sseTextServerCpu));
		result.put("sse_utf8_driver_cpu_s_per_gb", median(sseTextDriverCpu));
		result.put("capture_mb_s", median(capture));
		result.put("log_download_mb_s", median(download));
		result.put("sse_server_cpu_s_per_gb", median(sseServerCpu));
		result.put("sse_driver_cpu_s_per_gb", median(sseDriverCpu));
		result.put("capture_server_cpu_s_per_gb", median(captureServerCpu));
		result.put("download_server_cpu_s_per_gb", median(downloadServerCpu));
		result.put("sse_ratio", Samples.ratio(median(sse), rawRate));
		result.put("capture_ratio", Samples.ratio(median(capture), rawRate));
		result.put("log_download_ratio", Samples.ratio(median(download), rawRate));
		Map<String, Object> rounds = new LinkedHashMap<>();
		rounds.put("raw_pipe_mb_s", raw);
		rounds.put("raw_pipe_to_file_mb_s", rawToFile);
		rounds.put("sse_mb_s", sse);
		rounds.put("sse_utf8_mb_s", sseText);
		rounds.put("sse_server_cpu_s_per_gb", sseServerCpu);
		rounds.put("sse_utf8_server_cpu_s_per_gb", sseTextServerCpu);
		rounds.put("capture_server_cpu_s_per_gb", captureServerCpu);
		rounds.put("capture_mb_s", capture);
		rounds.put("log_download_mb_s", download);
		result.put("rounds", rounds);
		return result;
	}

	/**
	 * Start to EOF and exit, reading the pipe with a 64 KiB buffer; with {@code file},
	 * also writing every read to it as execd writes its log (what SPEC 4 requires of
	 * every byte).
	 */
	private static long rawPipe(Context ctx, String cmd, long size, Path file) throws Exception {
		long t0 = System.nanoTime();
		Process p = new ProcessBuilder("/bin/bash", "-c", cmd).start();
		long total = 0;
		byte[] buf = new byte[64 * 1024];
		try (InputStream in = p.getInputStream();
				FileChannel log = (file != null) ? FileChannel.open(file, StandardOpenOption.CREATE_NEW,
						StandardOpenOption.WRITE) : null) {
			int n;
			while ((n = in.read(buf)) >= 0) {
				if (log != null) {
					ByteBuffer chunk = ByteBuffer.wrap(buf, 0, n);
					while (chunk.hasRemaining()) {
						log.write(chunk);
					}
				}
				total += n;
			}
		}
		p.waitFor();
		long elapsed = System.nanoTime() - t0;
		if (total != size) {
			ctx.error("raw pipe: " + total + " bytes, expected " + size);
		}
		return elapsed;
	}

	/**
	 * From the start request to the {@code exit} event, every byte received once, as
	 * base64 or as text.
	 */
	private static long viaSse(Context ctx, Http http, String cmd, long size, boolean base64) throws Exception {
		long t0 = System.nanoTime();
		Http.Response started = http.post("/sessions", "{\"cmd\":\"" + cmd + "\",\"yield_time_ms\":0}");
		if (!ctx.expect(started, 201, "start")) {
			return 1;
		}
		String id = (String) Context.session(started.json()).get("session_id");
		long received = 0;
		long elapsed = 0;
		boolean exited = false;
		try (Http.Streamed stream = ctx.client("bench-throughput")
			.stream("GET", "/sessions/" + id + "/stream?encoding=" + (base64 ? "base64" : "utf8"), Map.of())) {
			if (stream.status() != 200) {
				ctx.error("stream: HTTP " + stream.status());
				return 1;
			}
			SseReader reader = new SseReader(stream.body());
			SseReader.Event event = new SseReader.Event();
			while (reader.next(event)) {
				if ("output".equals(event.name)) {
					long offset = SseReader.longField(event, "offset");
					long bytes = base64 ? SseReader.base64Bytes(event) : SseReader.textBytes(event);
					if (offset != received || bytes <= 0 || !Long.toString(received + bytes).equals(event.id)) {
						ctx.error("stream: event at offset " + offset + " with " + bytes + " bytes, id " + event.id
								+ ", after " + received + " bytes");
						break;
					}
					received += bytes;
				}
				else if ("exit".equals(event.name)) {
					elapsed = System.nanoTime() - t0;
					exited = true;
					Map<String, Object> session = Context.session(Json.object(event.dataText()));
					if (!"0".equals(String.valueOf(session.get("exit_code")))) {
						ctx.error("stream: exit event without exit code 0: " + session);
					}
					break;
				}
			}
		}
		if (!exited || received != size) {
			ctx.error("stream: " + received + " of " + size + " bytes, exit event " + exited);
		}
		ctx.expect(http.delete("/sessions/" + id), 200, "delete");
		return Math.max(elapsed, 1);
	}

	/**
	 * Capture: start to the reported exit (the output drained into the log); then the
	 * download of the whole log. {@code times} receives both, in nanoseconds, then the
	 * server's CPU time of each.
	 */
	private static void viaLog(Context ctx, Http http, String cmd, long size, double[] times) throws Exception {
		long cpu0 = ctx.server.cpuNanos();
		long t0 = System.nanoTime();
		Http.Response started = http.post("/sessions", "{\"cmd\":\"" + cmd + "\",\"yield_time_ms\":0}");
		if (!ctx.expect(started, 201, "start")) {
			return;
		}
		String id = (String) Context.session(started.json()).get("session_id");
		while (true) {
			Http.Response poll = http.post("/sessions/" + id + "/stdin",
					"{\"yield_time_ms\":30000,\"max_output_bytes\":256}");
			if (!ctx.expect(poll, 200, "poll")) {
				return;
			}
			if ("exited".equals(Context.session(poll.json()).get("status"))) {
				break;
			}
		}
		long t1 = System.nanoTime();
		times[0] = t1 - t0;
		long cpu1 = ctx.server.cpuNanos();
		times[2] = cpu1 - cpu0;
		long total = 0;
		try (Http.Streamed log = ctx.client("bench-throughput").stream("GET", "/sessions/" + id + "/log", Map.of())) {
			if (log.status() != 200) {
				ctx.error("log: HTTP " + log.status());
			}
			byte[] buf = new byte[64 * 1024];
			int n;
			while ((n = log.body().read(buf)) >= 0) {
				total += n;
			}
		}
		times[1] = System.nanoTime() - t1;
		times[3] = ctx.server.cpuNanos() - cpu1;
		if (total != size) {
			ctx.error("log: " + total + " bytes, expected " + size);
		}
		ctx.expect(http.delete("/sessions/" + id), 200, "delete");
	}

	private static long driverCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
			.getOperatingSystemMXBean()).getProcessCpuTime();
	}

	private static double cpuPerGb(long nanos, long bytes) {
		return Math.round(nanos / 1e9 / (bytes / 1e9) * 100) / 100.0;
	}

	private static double rate(long bytes, long nanos) {
		return Math.round(bytes / (nanos / 1e9) / 1e6 * 10) / 10.0;
	}

	static double median(List<Double> values) {
		List<Double> sorted = values.stream().sorted().toList();
		return sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
	}

}
