package dev.execd;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The output model end to end: exact bytes, offsets, UTF-8 boundaries, truncation and
 * waits.
 */
class SessionOutputTests extends EndToEndTest {

	@Test
	void tenMebibytesOfBinaryOutputReadBackByOffsetAreExact(@TempDir Path dir) throws Exception {
		Path written = dir.resolve("written.bin");
		JsonNode started = start(
				Map.of("cmd", "head -c 10485760 /dev/urandom | tee " + written + " > /dev/null; " + "cat " + written,
						"yield_time_ms", 0, "max_output_bytes", 256));
		String id = id(started);
		ByteArrayOutputStream read = new ByteArrayOutputStream();
		long offset = 0;
		while (true) {
			JsonNode chunk = this.api
				.get("/sessions/" + id + "/output?encoding=base64&max_bytes=1048576&wait_ms=5000&offset=" + offset)
				.json();
			assertThat(chunk.get("output_offset").asLong()).isEqualTo(offset);
			read.writeBytes(Base64.getDecoder().decode(chunk.get("output").asString()));
			offset = chunk.get("next_offset").asLong();
			if (chunk.get("eof").asBoolean()) {
				break;
			}
		}
		byte[] expected = Files.readAllBytes(written);
		assertThat(expected).hasSize(10 * 1024 * 1024);
		assertThat(read.toByteArray()).isEqualTo(expected);
		assertThat(this.api.get("/sessions/" + id).json().get("output_bytes_total").asLong())
			.isEqualTo(expected.length);
	}

	@Test
	void outputOfChildrenThatOutliveTheLeaderIsStillCaptured() {
		// The JDK drains and closes its own pipes when the leader exits; a child's next
		// write would then die of SIGPIPE. The session's pipes stay open for it.
		JsonNode started = start(
				Map.of("cmd", "(for i in 1 2 3; do sleep 0.2; echo late$i; echo err$i >&2; done) & echo first",
						"yield_time_ms", 5000));
		String id = id(started);
		assertThat(started.get("session").get("status").asString()).isEqualTo("exited");
		assertThat(started.get("output").asString()).isEqualTo("first\n");
		// "first\n", three "lateN\n" and three "errN\n".
		long total = 6 + 3 * 6 + 3 * 5;
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.api.get("/sessions/" + id).json().get("output_bytes_total").asLong() == total);
		String all = this.api.get("/sessions/" + id + "/output?offset=0").json().get("output").asString();
		assertThat(all.lines().sorted()).containsExactly("err1", "err2", "err3", "first", "late1", "late2", "late3");
		assertThat(all.lines().filter((line) -> line.startsWith("late"))).containsExactly("late1", "late2", "late3");
	}

	@Test
	void characterSplitAcrossWritesIsNeverSplitInText() {
		// The rest of the character is written only once the test sends a line.
		String id = id(start(Map.of("cmd", "printf 'aa\\342\\202'; read x; printf '\\254 bb'; sleep 100", "wait_for",
				"aa", "yield_time_ms", 10000)));
		assertThat(this.api.get("/sessions/" + id).json().get("output_bytes_total").asLong()).isEqualTo(4);
		// The first poll sees "aa" plus two bytes of the euro sign: it must stop before
		// them.
		JsonNode first = this.api.get("/sessions/" + id + "/output?offset=0&wait_ms=0").json();
		assertThat(first.get("output").asString()).isEqualTo("aa");
		assertThat(first.get("next_offset").asLong()).isEqualTo(2);
		this.api.post("/sessions/" + id + "/stdin", Map.of("chars", "\\n", "yield_time_ms", 0));
		JsonNode rest = this.api.get("/sessions/" + id + "/output?offset=2&wait_ms=5000&wait_for=bb").json();
		assertThat(rest.get("output").asString()).isEqualTo("€ bb");
		JsonNode inside = this.api.get("/sessions/" + id + "/output?offset=3").json();
		assertThat(inside.get("output_offset").asLong()).isEqualTo(5);
		assertThat(inside.get("output").asString()).isEqualTo(" bb");
		JsonNode capped = this.api.get("/sessions/" + id + "/output?offset=0&max_bytes=3").json();
		assertThat(capped.get("output").asString()).isEqualTo("aa€");
		assertThat(capped.get("next_offset").asLong()).isEqualTo(5);
	}

	@Test
	void pollsContinueFromTheDeliveryCursor() {
		String id = id(start(Map.of("cmd", "echo one; read x; echo two; sleep 100", "wait_for", "one")));
		JsonNode second = this.api
			.post("/sessions/" + id + "/stdin", Map.of("chars", "\\n", "wait_for", "two", "yield_time_ms", 5000))
			.json();
		assertThat(second.get("output").asString()).isEqualTo("two\n");
		assertThat(second.get("output_offset").asLong()).isEqualTo(4);
		assertThat(second.get("next_offset").asLong()).isEqualTo(8);
		JsonNode all = this.api.get("/sessions/" + id + "/output?offset=0").json();
		assertThat(all.get("output").asString()).isEqualTo("one\ntwo\n");
	}

	@Test
	void waitForReturnsOnMatchWellBeforeDeadline() {
		JsonNode result = start(
				Map.of("cmd", "sleep 0.3; echo READY; sleep 100", "wait_for", "^READY$", "yield_time_ms", 20000));
		assertThat(result.get("matched").asBoolean()).isTrue();
		assertThat(result.get("wall_time_ms").asLong()).isLessThan(5000);
		assertThat(result.get("session").get("status").asString()).isEqualTo("running");
	}

	@Test
	void waitForMatchesTextSpanningMoreThan64KiB() {
		JsonNode result = start(Map.of("cmd",
				"echo START; sleep 0.3; head -c 70000 /dev/zero | tr '\\0' x; echo; sleep 0.3; echo END; sleep 100",
				"wait_for", "(?s)START.*END", "max_output_bytes", 256, "yield_time_ms", 20000));
		assertThat(result.get("matched").asBoolean()).as(result.toString()).isTrue();
		assertThat(result.get("ended_by").asString()).isEqualTo("match");
		String id = id(start(Map.of("cmd", "echo START; sleep 0.3; seq 1 20000; sleep 0.3; echo END; sleep 100",
				"yield_time_ms", 0)));
		JsonNode read = this.api
			.get("/sessions/" + id
					+ "/output?offset=0&max_bytes=256&wait_ms=20000&wait_for=%28%3Fs%29%5ESTART%24.*%5EEND%24")
			.json();
		assertThat(read.get("matched").asBoolean()).as(read.toString()).isTrue();
	}

	@Test
	void exitReturnsWellBeforeYieldDeadlineWithAllOutput() {
		JsonNode result = start(Map.of("cmd", "seq 1 5000", "yield_time_ms", 20000));
		assertThat(result.get("wall_time_ms").asLong()).isLessThan(5000);
		assertThat(result.get("matched").isNull()).isTrue();
		assertThat(result.get("output").asString()).isEqualTo(seq(1, 5000));
	}

	@Test
	void unmatchedWaitEndsAtDeadline() {
		JsonNode result = start(Map.of("cmd", "sleep 100", "wait_for", "never", "yield_time_ms", 300));
		assertThat(result.get("matched").asBoolean()).isFalse();
		assertThat(result.get("wall_time_ms").asLong()).isBetween(250L, 5000L);
	}

	@Test
	void truncationMarkerAndOffsetsAreExact() {
		String full = seq(1, 3000);
		int total = full.getBytes(StandardCharsets.UTF_8).length;
		JsonNode result = start(Map.of("cmd", "seq 1 3000", "yield_time_ms", 20000, "max_output_bytes", 1000));
		String logUrl = result.get("session").get("log_url").asString();
		assertThat(logUrl).isEqualTo("/sessions/" + id(result) + "/log?conversation_id="
				+ result.get("session").get("conversation_id").asString());
		long omitted = total - 1000;
		String marker = "\n[... omitted " + omitted + " bytes (offsets 500-" + (total - 500) + "); full output: GET "
				+ logUrl + "&offset=500&length=" + omitted + " ...]\n";
		assertThat(result.get("output").asString())
			.isEqualTo(full.substring(0, 500) + marker + full.substring(total - 500));
		assertThat(result.get("omitted_bytes").asLong()).isEqualTo(omitted);
		assertThat(result.get("output_offset").asLong()).isZero();
		assertThat(result.get("next_offset").asLong()).isEqualTo(total);
		assertThat(result.get("original_token_count").asLong()).isEqualTo((total + 3) / 4);
	}

	@Test
	void tailTruncationPutsMarkerFirst() {
		String full = seq(1, 3000);
		int total = full.length();
		JsonNode result = start(
				Map.of("cmd", "seq 1 3000", "yield_time_ms", 20000, "max_output_bytes", 1000, "truncation", "tail"));
		String logUrl = result.get("session").get("log_url").asString();
		long omitted = total - 1000;
		assertThat(result.get("output").asString())
			.isEqualTo("\n[... omitted " + omitted + " bytes (offsets 0-" + omitted + "); full output: GET " + logUrl
					+ "&offset=0&length=" + omitted + " ...]\n" + full.substring(total - 1000));
	}

	@Test
	void aReadByOffsetInsideAnEscapeSequenceStripsTheRestOfIt() {
		// The title's OSC runs from 1 to 17, the colour's CSI from 19 to 23.
		String id = id(
				start(Map.of("cmd", "printf 'A\\033]0;secret-title\\007B\\033[31mC\\n'", "yield_time_ms", 10000)));
		pollUntilExited(id);
		String output = "/sessions/" + id + "/output?strip_ansi=true&offset=";
		JsonNode whole = this.api.get(output + "0").json();
		assertThat(whole.get("output").asString()).isEqualTo("ABC\n");
		assertThat(this.api.get(output + "4").json().get("output").asString()).isEqualTo("BC\n");
		assertThat(this.api.get(output + "21").json().get("output").asString()).isEqualTo("C\n");
		// Pages of any size join into the whole text.
		StringBuilder paged = new StringBuilder();
		for (long offset = 0; offset < whole.get("next_offset").asLong();) {
			JsonNode page = this.api.get(output + offset + "&max_bytes=5").json();
			paged.append(page.get("output").asString());
			offset = page.get("next_offset").asLong();
		}
		assertThat(paged).hasToString("ABC\n");
	}

	@Test
	void aStrayContinuationByteAtAnOffsetIsReadFromThere() {
		// "A", five continuation bytes without a lead, "B", the start of a "€" that "C"
		// cuts short: each is U+FFFD, none is inside a character.
		String id = id(start(Map.of("cmd", "printf 'A\\200\\200\\200\\200\\200B\\342\\202C'", "yield_time_ms", 10000)));
		pollUntilExited(id);
		String output = "/sessions/" + id + "/output?offset=";
		String whole = this.api.get(output + "0").json().get("output").asString();
		assertThat(whole).isEqualTo("A\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDB\uFFFDC");
		for (int offset = 1; offset <= 6; offset++) {
			JsonNode read = this.api.get(output + offset).json();
			assertThat(read.get("output_offset").asLong()).as("offset %d", offset).isEqualTo(offset);
			assertThat(read.get("output").asString()).isEqualTo(whole.substring(offset));
		}
		JsonNode first = this.api.get(output + "0&max_bytes=1").json();
		assertThat(first.get("output").asString()).isEqualTo("A");
		assertThat(first.get("next_offset").asLong()).isEqualTo(1);
		StringBuilder paged = new StringBuilder();
		for (long offset = 0; offset < this.api.get(output + "0").json().get("next_offset").asLong();) {
			JsonNode page = this.api.get(output + offset + "&max_bytes=1").json();
			paged.append(page.get("output").asString());
			offset = page.get("next_offset").asLong();
		}
		assertThat(paged).hasToString(whole);
	}

	@Test
	void stripAnsiRemovesEscapesAndCollapsesProgress() {
		JsonNode result = start(Map.of("cmd", "printf '\\033[32mgreen\\033[0m\\n10%%\\r50%%\\r100%%\\n'", "strip_ansi",
				true, "yield_time_ms", 10000));
		assertThat(result.get("output").asString()).isEqualTo("green\n100%\n");
		JsonNode raw = this.api.get("/sessions/" + id(result) + "/output?offset=0").json();
		assertThat(raw.get("output").asString()).startsWith("\u001b[32mgreen");
	}

	private static String seq(int from, int to) {
		return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).collect(Collectors.joining("\n", "", "\n"));
	}

	@Test
	void concurrentReadsWithoutOffsetNeverReturnTheSameBytes() throws Exception {
		JsonNode started = start(
				Map.of("cmd", "for i in $(seq 1 400); do echo line-$i; sleep 0.002; done", "yield_time_ms", 0));
		String id = id(started);
		Callable<List<JsonNode>> reader = () -> {
			List<JsonNode> reads = new ArrayList<>();
			while (true) {
				JsonNode read = this.api.get("/sessions/" + id + "/output?wait_ms=30").json();
				reads.add(read);
				if (read.get("eof").asBoolean()) {
					return reads;
				}
			}
		};
		try (ExecutorService readers = Executors.newFixedThreadPool(2)) {
			Future<List<JsonNode>> one = readers.submit(reader);
			Future<List<JsonNode>> two = readers.submit(reader);
			// On a busy machine the start's own answer may already hold the first lines.
			List<JsonNode> reads = new ArrayList<>(List.of(started));
			reads.addAll(one.get(60, TimeUnit.SECONDS));
			reads.addAll(two.get(60, TimeUnit.SECONDS));
			reads.sort(Comparator.comparingLong((read) -> read.get("output_offset").asLong()));
			StringBuilder text = new StringBuilder();
			long next = 0;
			for (JsonNode read : reads) {
				if (read.get("output_offset").asLong() == read.get("next_offset").asLong()) {
					continue;
				}
				// Each range starts where the one before it ended: none twice, none lost.
				assertThat(read.get("output_offset").asLong()).isEqualTo(next);
				next = read.get("next_offset").asLong();
				text.append(read.get("output").asString());
			}
			String expected = IntStream.rangeClosed(1, 400)
				.mapToObj((i) -> "line-" + i + "\n")
				.collect(Collectors.joining());
			assertThat(text.toString()).isEqualTo(expected);
		}
	}

	@Test
	void aReadWaitsForAWholeCharacter(@TempDir Path dir) throws Exception {
		// Only the first byte of the euro sign is there until the test creates the flag
		// file; the process does not read its input meanwhile, so no wait ends on input.
		Path flag = dir.resolve("flag");
		String id = id(start(Map.of("cmd",
				"printf 'a\\342'; while [ ! -e " + flag + " ]; do sleep 0.05; done; printf '\\202\\254b'; sleep 100",
				"wait_for", "a", "yield_time_ms", 10000)));
		long started = System.nanoTime();
		JsonNode waited = this.api.get("/sessions/" + id + "/output?offset=1&wait_ms=1000").json();
		assertThat(waited.get("ended_by").asString()).isEqualTo("deadline");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(900));
		assertThat(waited.get("output").asString()).isEmpty();
		assertThat(waited.get("next_offset").asLong()).isEqualTo(1);
		CompletableFuture<JsonNode> read = CompletableFuture
			.supplyAsync(() -> this.api.get("/sessions/" + id + "/output?offset=1&wait_ms=20000").json());
		Files.createFile(flag);
		JsonNode whole = read.get(30, TimeUnit.SECONDS);
		assertThat(whole.get("output").asString()).startsWith("\u20ac");
		assertThat(whole.get("ended_by").asString()).isEqualTo("output");
	}

}
