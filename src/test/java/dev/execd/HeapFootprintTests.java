package dev.execd;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server started as {@code java -jar} is (no heap flags) gives memory back after a
 * collection, collects when idle and trims the C library's free memory; a flag an
 * operator set stays as set.
 */
@OwnServer
class HeapFootprintTests {

	@Test
	void setsTheFreeRatiosAndTheIdleCollectionOfAPlainJvm(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(), Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseG1GC"),
				"--execd.heap.native-trim=1s", "--logging.level.dev.execd.config.NativeTrim=debug")) {
			String flags = flags(server);
			assertThat(flags).contains("-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30",
					"-XX:G1PeriodicGCInterval=60000");
			assertThat(server.output())
				.contains("Heap: MinHeapFreeRatio=10, MaxHeapFreeRatio=30, G1PeriodicGCInterval=60000");
			// glibc's free memory goes back too: the first round trims whatever start-up
			// left.
			Awaitility.await()
				.atMost(Duration.ofSeconds(30))
				.until(() -> server.output().contains("Native memory trimmed in"));
		}
	}

	@Test
	void leavesWhatTheCommandLineSetAndFollowsItsProperties(@TempDir Path dir) throws Exception {
		try (ChildServer server = ChildServer.start(dir, List.of(),
				Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseG1GC -XX:MaxHeapFreeRatio=50 -XX:TrimNativeHeapInterval=5000"),
				"--execd.heap.idle-collection=5m", "--execd.heap.native-trim=1s",
				"--logging.level.dev.execd.config.NativeTrim=debug")) {
			String flags = flags(server);
			assertThat(flags).contains("-XX:MaxHeapFreeRatio=50", "-XX:G1PeriodicGCInterval=300000")
				.doesNotContain("MinHeapFreeRatio");
			assertThat(server.output())
				.contains("Native memory: trimmed as the JVM's -XX:TrimNativeHeapInterval says, not by execd");
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
