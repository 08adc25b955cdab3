package dev.execd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server started as {@code java -jar} is (no heap flags) gives memory back after a
 * collection and collects when idle; a flag an operator set stays as set.
 */
class HeapFootprintTests {

	@Test
	void setsTheFreeRatiosAndTheIdleCollectionOfAPlainJvm(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(), Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseG1GC"))) {
			String flags = flags(server);
			assertThat(flags).contains("-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30",
					"-XX:G1PeriodicGCInterval=60000");
			assertThat(server.output())
				.contains("Heap: MinHeapFreeRatio=10, MaxHeapFreeRatio=30, G1PeriodicGCInterval=60000");
		}
	}

	@Test
	void leavesWhatTheCommandLineSetAndFollowsItsProperties(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(),
				Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseG1GC -XX:MaxHeapFreeRatio=50"),
				"--execd.heap.idle-collection=5m")) {
			String flags = flags(server);
			assertThat(flags).contains("-XX:MaxHeapFreeRatio=50", "-XX:G1PeriodicGCInterval=300000")
				.doesNotContain("MinHeapFreeRatio");
		}
	}

	/**
	 * The flags that differ from the JVM's defaults, as {@code jcmd VM.flags} lists them.
	 */
	private static String flags(ChildServer server) throws IOException, InterruptedException {
		Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
				Long.toString(server.pid()), "VM.flags")
			.redirectErrorStream(true)
			.start();
		String text = new String(jcmd.getInputStream().readAllBytes());
		assertThat(jcmd.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(jcmd.exitValue()).as(text).isZero();
		return text;
	}

}
