package dev.execd;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /output?stream=}: one stream's bytes read by log offsets, the other stream's
 * runs skipped, never split inside a character.
 */
class OutputStreamFilterTests extends EndToEndTest {

	/** 1,000 alternations of both streams, with two- and three-byte characters. */
	private static final String ALTERNATING = "python3 -c \"import os\nfor i in range(1000):\n"
			+ " os.write(1, ('o%d \u00e9\u2713\\n' % i).encode())\n os.write(2, ('e%d \u00fc\\n' % i).encode())\"";

	@Test
	void pagesThroughOneStreamInOrderAndMatchesTheLog() {
		String id = id(start(Map.of("cmd", ALTERNATING, "yield_time_ms", 0)));
		pollUntilExited(id);
		byte[] log = this.api.get("/sessions/" + id + "/log").body();
		StringBuilder expectedOut = new StringBuilder();
		StringBuilder expectedErr = new StringBuilder();
		for (int i = 0; i < 1000; i++) {
			expectedOut.append("o").append(i).append(" \u00e9\u2713\n");
			expectedErr.append("e").append(i).append(" \u00fc\n");
		}
		assertThat(readAll(id, "stdout", 7, log)).isEqualTo(expectedOut.toString());
		assertThat(readAll(id, "stderr", 1000, log)).isEqualTo(expectedErr.toString());
	}

	/** Reads a stream from 0 to the end in pages, checking each page against the log. */
	private String readAll(String id, String stream, int maxBytes, byte[] log) {
		StringBuilder text = new StringBuilder();
		long offset = 0;
		for (int page = 0; page < 100_000; page++) {
			JsonNode result = this.api
				.get("/sessions/" + id + "/output?stream=" + stream + "&max_bytes=" + maxBytes + "&offset=" + offset)
				.json();
			String chunk = result.get("output").asString();
			long first = result.get("output_offset").asLong();
			long next = result.get("next_offset").asLong();
			assertThat(next).isGreaterThanOrEqualTo(offset).isLessThanOrEqualTo(log.length);
			assertThat(chunk).doesNotContain("\ufffd");
			if (!chunk.isEmpty()) {
				// The page's first character sits at output_offset in the log.
				byte[] head = chunk.substring(0, 1).getBytes(StandardCharsets.UTF_8);
				assertThat(new String(log, (int) first, head.length, StandardCharsets.UTF_8))
					.isEqualTo(chunk.substring(0, 1));
			}
			text.append(chunk);
			if (result.get("eof").asBoolean()) {
				assertThat(next).isEqualTo(log.length);
				return text.toString();
			}
			assertThat(next).as("progress at %d", offset).isGreaterThan(offset);
			offset = next;
		}
		throw new AssertionError("no eof");
	}

	@Test
	void aWaitForTheFirstByteIgnoresTheOtherStream() {
		String id = id(start(Map.of("cmd", "sleep 0.3; echo first >&2; sleep 1; echo second", "yield_time_ms", 0)));
		long started = System.nanoTime();
		JsonNode result = this.api.get("/sessions/" + id + "/output?offset=0&stream=stdout&wait_ms=10000").json();
		long elapsedMs = (System.nanoTime() - started) / 1_000_000;
		assertThat(result.get("output").asString()).isEqualTo("second\n");
		assertThat(elapsedMs).isGreaterThanOrEqualTo(1000).isLessThan(8000);
		assertThat(result.get("output_offset").asLong()).isEqualTo("first\n".length());
	}

	@Test
	void aCursorReadOfOneStreamAdvancesTheCursorPastTheOther() {
		String id = id(
				start(Map.of("cmd", "echo a >&2; sleep 0.2; echo b; sleep 0.2; echo c >&2", "yield_time_ms", 0)));
		pollUntilExitedWithoutReading(id);
		JsonNode result = this.api.get("/sessions/" + id + "/output?stream=stdout").json();
		assertThat(result.get("output").asString()).isEqualTo("b\n");
		assertThat(result.get("next_offset").asLong()).isEqualTo(6);
		JsonNode rest = this.api.get("/sessions/" + id + "/output").json();
		assertThat(rest.get("output").asString()).isEmpty();
		assertThat(rest.get("eof").asBoolean()).isTrue();
	}

	private void pollUntilExitedWithoutReading(String id) {
		for (int i = 0; i < 100; i++) {
			JsonNode session = this.api.get("/sessions/" + id).json();
			if ("exited".equals(session.get("status").asString())) {
				return;
			}
			sleep(100);
		}
		throw new AssertionError("session " + id + " did not exit");
	}

	@Test
	void aTerminalsOneStreamIsStdout() {
		String id = id(start(Map.of("cmd", "printf 'on the tty\\n'", "tty", true, "yield_time_ms", 0)));
		pollUntilExited(id);
		long total = this.api.get("/sessions/" + id + "/log").body().length;
		JsonNode out = this.api.get("/sessions/" + id + "/output?offset=0&stream=stdout").json();
		assertThat(out.get("output").asString()).contains("on the tty");
		JsonNode err = this.api.get("/sessions/" + id + "/output?offset=0&stream=stderr").json();
		assertThat(err.get("output").asString()).isEmpty();
		assertThat(err.get("next_offset").asLong()).isEqualTo(total);
		assertThat(err.get("eof").asBoolean()).isTrue();
	}

	@Test
	void anUnknownStreamIsRefused() {
		String id = id(start(Map.of("cmd", "true", "yield_time_ms", 0)));
		for (String stream : new String[] { "both", "pty", "STDOUT", "" }) {
			TestClient.Response response = this.api.get("/sessions/" + id + "/output?offset=0&stream=" + stream);
			assertThat(response.status()).as(stream).isEqualTo(400);
			assertThat(response.json().get("code").asString()).isEqualTo("invalid_request");
		}
	}

	private static void sleep(long ms) {
		try {
			Thread.sleep(ms);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
