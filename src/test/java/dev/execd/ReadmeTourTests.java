package dev.execd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README.md's curl tour, run top to bottom as written against a server of its own (in a
 * JVM of its own, so its default conversation holds only the tour's sessions): every
 * command succeeds and prints what the README shows, so the tour cannot rot.
 */
@OwnServer
class ReadmeTourTests {

	private static final Pattern END = Pattern.compile("\n?@@tour-step (\\d+) (\\d+)\n");

	/**
	 * curl's exit status when {@code --max-time} ended a stream the tour only samples.
	 */
	private static final int CURL_TIMEOUT = 28;

	@TempDir
	Path dir;

	@Test
	void theTourRunsAsWritten() throws Exception {
		requirePrograms("curl", "jq", "vim", "python3");
		List<ReadmeTour.Step> steps = ReadmeTour.steps(Files.readString(Path.of("README.md")));
		assertThat(steps).hasSizeGreaterThan(15);
		Path work = Files.createDirectories(this.dir.resolve("work"));
		Files.writeString(work.resolve("notes.txt"), "line one\nline two\n");
		try (ChildServer server = ChildServer.start(this.dir, "--execd.process.default-workdir=" + work)) {
			StringBuilder script = new StringBuilder();
			for (int k = 0; k < steps.size(); k++) {
				script.append(steps.get(k).command().replace("localhost:8080", "localhost:" + server.port))
					.append("\nprintf '\\n@@tour-step %d %d\\n' ")
					.append(k)
					.append(" $?\n");
			}
			String out = run(script.toString(), work);
			List<String> outputs = new ArrayList<>();
			List<Integer> statuses = new ArrayList<>();
			Matcher end = END.matcher(out);
			int from = 0;
			while (end.find()) {
				outputs.add(out.substring(from, end.start()));
				statuses.add(Integer.parseInt(end.group(2)));
				from = end.end();
			}
			assertThat(outputs).as(out).hasSameSizeAs(steps);
			for (int k = 0; k < steps.size(); k++) {
				ReadmeTour.Step step = steps.get(k);
				boolean sampled = step.command().contains("--max-time");
				assertThat(statuses.get(k)).as(step.command()).isIn(sampled ? List.of(0, CURL_TIMEOUT) : List.of(0));
				assertThat(ReadmeTour.mismatch(step.expected(), outputs.get(k))).as(step.command()).isNull();
			}
			assertThat(Files.readString(work.resolve("notes.txt"))).isEqualTo("line one\nline two EDITED\n");
		}
	}

	private static String run(String script, Path work) throws Exception {
		Process bash = new ProcessBuilder("bash", "-c", script).directory(work.toFile())
			.redirectErrorStream(true)
			.start();
		bash.getOutputStream().close();
		byte[] out = bash.getInputStream().readAllBytes();
		assertThat(bash.waitFor(120, TimeUnit.SECONDS)).isTrue();
		return new String(out, StandardCharsets.UTF_8);
	}

	/** Skips without them, except in CI (which installs them): there it fails. */
	private static void requirePrograms(String... programs) throws Exception {
		for (String program : programs) {
			Process which = new ProcessBuilder("which", program).start();
			if (which.waitFor() != 0) {
				String message = "the README tour needs " + program + " (.ci/run installs it)";
				if (System.getenv("CI") != null) {
					throw new AssertionError(message);
				}
				Assumptions.abort(message);
			}
		}
	}

}
