package dev.execd;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.Test;

class RecordBenchProbe extends EndToEndTest {

	@Test
	void measure() throws Exception {
		String cmd = "python3 -c \"import sys\nl=b'{\\\"type\\\":\\\"message_update\\\",\\\"delta\\\":\\\"' + b'x'*(4*1024*1024-40) + b'\\\"}\\n'\nfor i in range(25): sys.stdout.buffer.write(l)\"";
		String id = id(start(Map.of("cmd", cmd, "yield_time_ms", 0)));
		pollUntilExited(id);
		long logBytes = this.api.get("/sessions/" + id + "/log").body().length;
		for (int round = 0; round < 3; round++) {
			System.gc();
			for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
				pool.resetPeakUsage();
			}
			long t0 = System.nanoTime();
			HttpRequest req = HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/sessions/" + id + "/stream?framing=jsonl"))
				.header("X-Conversation-Id", this.api.conversation())
				.build();
			long n = 0;
			try (InputStream in = HttpClient.newHttpClient()
				.send(req, HttpResponse.BodyHandlers.ofInputStream())
				.body()) {
				byte[] buf = new byte[1 << 16];
				for (int r; (r = in.read(buf)) > 0;) {
					n += r;
				}
			}
			double secs = (System.nanoTime() - t0) / 1e9;
			long peak = 0;
			for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
				if (pool.getType() == MemoryType.HEAP) {
					peak += pool.getPeakUsage().getUsed();
				}
			}
			System.out.printf("BENCH log=%d sse=%d time=%.3fs %.1f MB/s peakHeap=%d MiB%n", logBytes, n, secs,
					logBytes / 1e6 / secs, peak >> 20);
		}
	}

}
