package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Tests for {@link Excerpt}.
 */
class ExcerptTests {

	private static final String URL = "/sessions/s1/log";

	private static final String ESC = "\u001b";

	@TempDir
	Path dir;

	@ParameterizedTest
	@EnumSource(Truncation.class)
	void keepsEverythingWithoutMarkerWhenTheRangeFitsTheCap(Truncation mode) {
		String text = ascii(2000);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 2000, 2000, mode, null, URL)).isEqualTo(new Excerpt(text, 0));
			assertThat(Excerpt.of(log, 100, 300, 200, mode, null, URL))
				.isEqualTo(new Excerpt(text.substring(100, 300), 0));
		}
	}

	@Test
	void headTailKeepsTheFirstAndLastHalvesWithTheMarkerBetween() {
		String text = ascii(2000);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 2000, 100, Truncation.HEAD_TAIL, null, URL)).isEqualTo(
					new Excerpt(
							text.substring(0, 50) + "\n[... omitted 1900 bytes (offsets 50-1950); full output: "
									+ "GET /sessions/s1/log?offset=50&length=1900 ...]\n" + text.substring(1950),
							1900));
		}
	}

	@Test
	void headTailGivesTheTailTheExtraByteOfAnOddCap() {
		String text = ascii(2000);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 200, 1800, 101, Truncation.HEAD_TAIL, null, URL)).isEqualTo(
					new Excerpt(text.substring(200, 250) + marker(250, 1499, URL) + text.substring(1749, 1800), 1499));
		}
	}

	@Test
	void headKeepsTheStartWithTheMarkerLast() {
		String text = ascii(2000);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 2000, 100, Truncation.HEAD, null, URL))
				.isEqualTo(new Excerpt(text.substring(0, 100) + marker(100, 1900, URL), 1900));
		}
	}

	@Test
	void tailKeepsTheEndWithTheMarkerFirst() {
		String text = ascii(2000);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 2000, 100, Truncation.TAIL, null, URL))
				.isEqualTo(new Excerpt(marker(0, 1900, URL) + text.substring(1900), 1900));
		}
	}

	@Test
	void joinsTheMarkerQueryWithAnAmpersandWhenTheLogUrlHasAQuery() {
		String text = ascii(2000);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 2000, 100, Truncation.TAIL, null, URL + "?token=t"))
				.isEqualTo(new Excerpt(
						"\n[... omitted 1900 bytes (offsets 0-1900); full output: "
								+ "GET /sessions/s1/log?token=t&offset=0&length=1900 ...]\n" + text.substring(1900),
						1900));
		}
	}

	static Stream<Arguments> headCuts() {
		// "€" occupies bytes 48 to 50
		String x = "x".repeat(48);
		return Stream.of(arguments(48, x, 48), arguments(49, x, 48), arguments(50, x, 48), arguments(51, x + "€", 51),
				arguments(52, x + "€y", 52));
	}

	@ParameterizedTest(name = "cap {0}")
	@MethodSource("headCuts")
	void headGivesBackACharacterTheCutWouldSplit(int cap, String head, int omitFrom) {
		String text = "x".repeat(48) + "€" + "y".repeat(100);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 151, cap, Truncation.HEAD, null, URL))
				.isEqualTo(new Excerpt(head + marker(omitFrom, 151 - omitFrom, URL), 151 - omitFrom));
		}
	}

	static Stream<Arguments> tailCuts() {
		// "€" occupies bytes 100 to 102
		String z = "z".repeat(48);
		return Stream.of(arguments(48, z, 103), arguments(49, z, 103), arguments(50, z, 103),
				arguments(51, "€" + z, 100), arguments(52, "y€" + z, 99));
	}

	@ParameterizedTest(name = "cap {0}")
	@MethodSource("tailCuts")
	void tailSkipsTheRestOfACharacterTheCutWouldSplit(int cap, String tail, int omitTo) {
		String text = "y".repeat(100) + "€" + "z".repeat(48);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 151, cap, Truncation.TAIL, null, URL))
				.isEqualTo(new Excerpt(marker(0, omitTo, URL) + tail, omitTo));
		}
	}

	@Test
	void headTailCutsBothEndsAtCharacterBoundaries() {
		// the head cut (byte 50) falls in the first "€" (49-51), the tail cut (byte 1053)
		// in the second (1052-1054)
		String text = "x".repeat(49) + "€" + "y".repeat(1000) + "€" + "z".repeat(48);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 1103, 100, Truncation.HEAD_TAIL, null, URL))
				.isEqualTo(new Excerpt("x".repeat(49) + marker(49, 1006, URL) + "z".repeat(48), 1006));
		}
	}

	@Test
	void stripsEscapeSequencesButCountsRawOffsetsInTheMarker() {
		String text = ESC + "[31m" + "a".repeat(60) + ESC + "[0m" + "b".repeat(1000) + ESC + "[1m" + "c".repeat(60)
				+ ESC + "[0m";
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 1137, 100, Truncation.HEAD_TAIL, new AnsiStripper(), URL))
				.isEqualTo(new Excerpt("a".repeat(45) + marker(50, 1037, URL) + "c".repeat(46), 1037));
		}
	}

	@Test
	void stripsEscapeSequencesFromARangeThatFits() {
		try (OutputLog log = log(ESC + "[32mREADY" + ESC + "[0m\n")) {
			assertThat(Excerpt.of(log, 0, 15, 100, Truncation.HEAD_TAIL, new AnsiStripper(), URL))
				.isEqualTo(new Excerpt("READY\n", 0));
		}
	}

	@Test
	void headGivesBackAtMostOneCharacterOfInvalidBytes() {
		byte[] bytes = new byte[2000];
		Arrays.fill(bytes, (byte) 0x80);
		try (OutputLog log = new OutputLog(this.dir.resolve("binary.log"), 1L << 30, 1 << 18)) {
			log.append(bytes, 0, bytes.length, StreamTag.STDOUT);
			Excerpt excerpt = Excerpt.of(log, 0, 2000, 100, Truncation.HEAD, null, URL);
			assertThat(excerpt.omitted()).isLessThanOrEqualTo(1903);
			assertThat(excerpt.text()).startsWith("\uFFFD".repeat(97));
		}
	}

	@Test
	void readsFullyAcrossTheFileAndWindowBoundary() {
		byte[] data = new byte[10_000];
		for (int i = 0; i < data.length; i++) {
			data[i] = (byte) (i % 251);
		}
		// The file keeps [0, 6000), the window at least [5904, 10000).
		try (OutputLog log = new OutputLog(this.dir.resolve("split.log"), 6_000, 4_096)) {
			log.append(data, 0, data.length, StreamTag.STDOUT);
			assertThat(Excerpt.readFully(log, 5_000, 8_000)).isEqualTo(Arrays.copyOfRange(data, 5_000, 8_000));
			assertThat(Excerpt.readFully(log, 0, 10_000)).isEqualTo(data);
		}
	}

	@Test
	void readFullyFailsWhenPartOfTheRangeIsNoLongerKept() {
		byte[] data = new byte[10_000];
		try (OutputLog log = new OutputLog(this.dir.resolve("gap.log"), 1_000, 4_096)) {
			log.append(data, 0, data.length, StreamTag.STDOUT);
			assertThatExceptionOfType(OutputException.OutputUnavailable.class)
				.isThrownBy(() -> Excerpt.readFully(log, 500, 2_000))
				.withMessage("output at offset 1000 is no longer kept");
		}
	}

	/** {@code seq 1 200000} with a 300-byte cap: both cuts move to line ends. */
	@ParameterizedTest
	@EnumSource(Truncation.class)
	void cutsAtLineEndsWithinTheSlack(Truncation mode) {
		String text = seq(1, 200_000);
		int length = text.length();
		try (OutputLog log = log(text)) {
			Excerpt excerpt = Excerpt.of(log, 0, length, 300, mode, null, URL);
			String shown = excerpt.text();
			int markerAt = shown.indexOf("\n[... omitted ");
			String head = shown.substring(0, markerAt);
			String rest = shown.substring(shown.indexOf(" ...]\n", markerAt) + 6);
			long from = head.length();
			assertThat(shown).isEqualTo(head + marker(from, excerpt.omitted(), URL) + rest);
			// Nothing lost or repeated: head, omitted range and tail make the whole.
			assertThat(head + text.substring((int) from, (int) (from + excerpt.omitted())) + rest).isEqualTo(text);
			assertThat(head.length() + rest.length()).isLessThanOrEqualTo(300);
			assertThat(head).satisfiesAnyOf((h) -> assertThat(h).isEmpty(), (h) -> assertThat(h).endsWith("\n"));
			if (mode != Truncation.HEAD) {
				assertThat(text.substring(0, length - rest.length())).endsWith("\n");
				assertThat(rest).matches("(?s)\\d+\n.*").endsWith("200000\n");
			}
		}
	}

	@Test
	void keepsTheByteCutWhenNoLineEndsNearby() {
		String text = "x\n" + ascii(2000) + "\n";
		try (OutputLog log = log(text)) {
			Excerpt excerpt = Excerpt.of(log, 0, text.length(), 600, Truncation.HEAD_TAIL, null, URL);
			assertThat(excerpt).isEqualTo(new Excerpt(text.substring(0, 300) + marker(300, text.length() - 600, URL)
					+ text.substring(text.length() - 300), text.length() - 600));
		}
	}

	@Test
	void keepsACutThatFallsOnALineEnd() {
		String line = ascii(99) + "\n";
		String text = line.repeat(20);
		try (OutputLog log = log(text)) {
			assertThat(Excerpt.of(log, 0, 2000, 400, Truncation.HEAD_TAIL, null, URL))
				.isEqualTo(new Excerpt(line.repeat(2) + marker(200, 1600, URL) + line.repeat(2), 1600));
		}
	}

	private static String seq(int first, int last) {
		StringBuilder text = new StringBuilder();
		for (int i = first; i <= last; i++) {
			text.append(i).append('\n');
		}
		return text.toString();
	}

	private OutputLog log(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		OutputLog log = new OutputLog(this.dir.resolve("session.log"), 1L << 30, 1 << 18);
		log.append(bytes, 0, bytes.length, StreamTag.STDOUT);
		return log;
	}

	private static String marker(long from, long omitted, String url) {
		return "\n[... omitted " + omitted + " bytes (offsets " + from + "-" + (from + omitted) + "); full output: GET "
				+ url + "?offset=" + from + "&length=" + omitted + " ...]\n";
	}

	private static String ascii(int length) {
		StringBuilder text = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			text.append((char) ('a' + i % 26));
		}
		return text.toString();
	}

}
