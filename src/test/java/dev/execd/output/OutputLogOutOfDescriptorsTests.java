package dev.execd.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Idle logs when the server is out of descriptors: read and written through the one
 * descriptor held in reserve, and refused for now (a read) or failed (an append) while
 * another log holds it. Each scenario uses up every descriptor of its JVM, so it runs in
 * one of its own ({@link OutOfDescriptorsScenarios}) under {@code ulimit -n 256}: other
 * test classes' servers in this JVM would fail meanwhile.
 */
class OutputLogOutOfDescriptorsTests {

	@TempDir
	Path dir;

	@Test
	void idleLogsAreStillReadAndWrittenThroughTheReserve() throws Exception {
		Map<String, String> seen = run("reserve");
		assertThat(Integer.parseInt(seen.get("hoarded"))).as("descriptors were used up").isPositive();
		assertThat(seen).containsEntry("readA", "kept a\\n").containsEntry("readB", "kept b\\nmore b\\n");
		// Each borrowed file gave the reserve back at the end of its use, or the next log
		// would have waited for it and failed.
		assertThat(seen).containsEntry("failures", "0");
		assertThat(seen).containsEntry("fileA", "kept a\\nmore a\\n").containsEntry("fileB", "kept b\\nmore b\\n");
	}

	@Test
	void withTheReserveLentAReadIsRefusedForNowAndAnAppendFailsUntilItIsBack() throws Exception {
		Map<String, String> seen = run("lent");
		assertThat(Integer.parseInt(seen.get("hoarded"))).as("descriptors were used up").isPositive();
		// The bytes are kept: a 503 to retry, not a 410.
		assertThat(seen).containsEntry("readError", OutputException.ResourcesExhausted.class.getName());
		assertThat(seen).containsEntry("failures", "1");
		assertThat(seen.get("failure.0")).startsWith("true").contains("Too many open files");
		assertThat(seen).containsEntry("lostBytes", "5")
			.containsEntry("readAfter", "kept\\nback\\n")
			.containsEntry("file", "kept\\nback\\n");
	}

	@Test
	void anAnswerOwedByACallThatTookEffectNamesTheRangeItCouldNotRead() throws Exception {
		Map<String, String> seen = run("owed");
		// What POST /stdin with input, a shell command's submit and a new session's start
		// answer: the bytes are named by the truncation marker, to be fetched from the
		// log.
		assertThat(seen).containsEntry("owedText",
				"\\n[... omitted 7 bytes (offsets 6-13); full output: GET /sessions/s1/log?offset=6&length=7 ...]\\n")
			.containsEntry("owedOmitted", "7");
		// A plain read is refused for now, to be retried.
		assertThat(seen).containsEntry("plainError", OutputException.ResourcesExhausted.class.getName());
		assertThat(seen).containsEntry("afterText", "answer\\n").containsEntry("afterOmitted", "0");
	}

	/** Runs a scenario in a JVM with 256 descriptors; what it saw, by name. */
	private Map<String, String> run(String scenario) throws IOException, InterruptedException {
		String java = ProcessHandle.current().info().command().orElseThrow();
		Path out = this.dir.resolve(scenario + ".out");
		Process process = new ProcessBuilder(List.of("bash", "-c", "ulimit -n 256; exec \"$@\"", "bash", java,
				"-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
				OutOfDescriptorsScenarios.class.getName(), scenario, this.dir.toString()))
			.redirectErrorStream(true)
			.redirectOutput(out.toFile())
			.start();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("the scenario did not end within 60 s:\n" + Files.readString(out));
		}
		String output = Files.readString(out, StandardCharsets.UTF_8);
		assertThat(process.exitValue()).as(output).isZero();
		Map<String, String> seen = new LinkedHashMap<>();
		output.lines().filter((line) -> line.contains("=")).forEach((line) -> {
			int at = line.indexOf('=');
			seen.put(line.substring(0, at), line.substring(at + 1));
		});
		return seen;
	}

}
