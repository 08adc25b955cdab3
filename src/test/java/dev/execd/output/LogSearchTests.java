package dev.execd.output;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link LogSearch}: offsets against a naive search, lines across chunk
 * boundaries, long lines, UTF-8, gaps, budgets and context.
 */
class LogSearchTests {

	private static final long LARGE = 1L << 30;

	@TempDir
	Path dir;

	private int logs;

	@Test
	void findsEveryLineOfALogSpanningManyChunksAtTheNaiveOffsets() {
		byte[] data = randomLines(5 * LogChunks.CHUNK + 12345, 42);
		try (OutputLog log = log(data, LARGE, 4096)) {
			for (LineMatcher matcher : List.of(LineMatcher.literal("needle", false),
					LineMatcher.literal("NeEdLe", true), LineMatcher.regex(Pattern.compile("ne{2}d(le)")))) {
				LogScan scan = LogSearch.scan(log, matcher, 0, data.length, 100_000, 0, unlimited());
				assertThat(scan.hits()).extracting(LogScan.Hit::offset)
					.containsExactlyElementsOf(naive(data, "needle"));
				assertThat(scan.stop()).isNull();
				assertThat(scan.next()).isEqualTo(data.length);
				assertThat(scan.scanned()).isEqualTo(data.length);
			}
		}
	}

	@Test
	void aLineAcrossAChunkBoundaryIsMatchedWhole() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		byte[] filler = "x".repeat(LogChunks.CHUNK - 10).getBytes(StandardCharsets.US_ASCII);
		out.writeBytes(filler);
		// The line starts before the first chunk ends; the token straddles the boundary.
		out.writeBytes("\nab needle cd\n".getBytes(StandardCharsets.US_ASCII));
		out.writeBytes("tail\n".getBytes(StandardCharsets.US_ASCII));
		byte[] data = out.toByteArray();
		try (OutputLog log = log(data, LARGE, 4096)) {
			for (LineMatcher matcher : List.of(LineMatcher.literal("needle", false),
					LineMatcher.regex(Pattern.compile("^ab needle cd$")))) {
				LogScan scan = LogSearch.scan(log, matcher, 0, data.length, 10, 0, unlimited());
				assertThat(scan.hits()).hasSize(1);
				LogScan.Hit hit = scan.hits().get(0);
				long lineStart = filler.length + 1;
				assertThat(hit.line()).isEqualTo(new LogScan.Span(lineStart, lineStart + 12));
				assertThat(LineText.around(log, hit.line(), hit.offset()).text()).isEqualTo("ab needle cd");
			}
		}
	}

	@Test
	void aLongLineIsMatchedInPiecesAndShownAroundTheMatch() {
		StringBuilder line = new StringBuilder("y".repeat(100_000));
		line.replace(90_000, 90_006, "needle");
		byte[] data = ("start\n" + line + "\nend\n").getBytes(StandardCharsets.US_ASCII);
		try (OutputLog log = log(data, LARGE, 4096)) {
			LogScan scan = LogSearch.scan(log, LineMatcher.regex(Pattern.compile("needle")), 0, data.length, 10, 0,
					unlimited());
			assertThat(scan.hits()).extracting(LogScan.Hit::offset).containsExactly(6L + 90_000);
			LogScan.Hit hit = scan.hits().get(0);
			assertThat(hit.line()).isEqualTo(new LogScan.Span(6 + LogSearch.MAX_LINE, 6 + 100_000));
			LineText.Excerpt text = LineText.around(log, hit.line(), hit.offset());
			assertThat(text.truncated()).isTrue();
			assertThat(text.text()).hasSize(LineText.MAX_BYTES).startsWith("y".repeat(LineText.LEAD) + "needle");
		}
	}

	@Test
	void multiByteLinesGiveByteOffsetsAndCaseFoldingWorksBeyondAscii() {
		String text = "ascii line\nété: naïve ÉTÉ\n\uD83D\uDE00 x déjà vu\n";
		byte[] data = text.getBytes(StandardCharsets.UTF_8);
		try (OutputLog log = log(data, LARGE, 4096)) {
			LogScan regex = LogSearch.scan(log, LineMatcher.regex(Pattern.compile("vu")), 0, data.length, 10, 0,
					unlimited());
			long vu = new String(data, StandardCharsets.ISO_8859_1).indexOf("vu");
			assertThat(regex.hits()).extracting(LogScan.Hit::offset).containsExactly(vu);
			LogScan folded = LogSearch.scan(log, LineMatcher.literal("ÉTÉ", true), 0, data.length, 10, 0, unlimited());
			assertThat(folded.hits()).extracting(LogScan.Hit::offset).containsExactly(11L);
			LogScan exact = LogSearch.scan(log, LineMatcher.literal("ÉTÉ", false), 0, data.length, 10, 0, unlimited());
			long upper = new String(data, StandardCharsets.ISO_8859_1)
				.indexOf(new String("ÉTÉ".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
			assertThat(exact.hits()).extracting(LogScan.Hit::offset).containsExactly(upper);
			assertThat(LineText.head(log, exact.hits().get(0).line()).text()).isEqualTo("été: naïve ÉTÉ");
		}
	}

	@Test
	void bytesPastTheLogCapAreSkippedAsAGap() {
		byte[] data = randomLines(200_000, 7);
		try (OutputLog log = log(data, 64 * 1024, 4096)) {
			LogScan scan = LogSearch.scan(log, LineMatcher.literal("needle", false), 0, data.length, 100_000, 0,
					unlimited());
			long windowStart = data.length - 4096;
			assertThat(scan.gaps()).containsExactly(new LogScan.Span(64 * 1024, windowStart));
			List<Long> kept = naive(data, "needle").stream()
				.filter((offset) -> offset + 6 <= 64 * 1024 || offset >= windowStart)
				.toList();
			assertThat(scan.hits()).extracting(LogScan.Hit::offset).isSubsetOf(naive(data, "needle"));
			assertThat(scan.hits()).extracting(LogScan.Hit::offset)
				.containsAll(
						kept.stream().filter((offset) -> offset < 60 * 1024 || offset > windowStart + 200).toList());
			assertThat(scan.scanned()).isEqualTo(64 * 1024 + 4096);
		}
	}

	@Test
	void maxMatchesAndTheByteBudgetStopAtALineAndTheRestFollowsFromNext() {
		byte[] data = randomLines(3 * LogChunks.CHUNK, 3);
		List<Long> all = naive(data, "needle");
		try (OutputLog log = log(data, LARGE, 4096)) {
			// The regex has no literal to search for: the DFA alone passes over lines.
			assertThat(RegexLiterals.of("n[e]{2}d[l]e", false)).isNull();
			for (LineMatcher matcher : List.of(LineMatcher.literal("needle", false),
					LineMatcher.regex(Pattern.compile("n[e]{2}d[l]e")))) {
				for (boolean budget : new boolean[] { false, true }) {
					List<Long> found = new ArrayList<>();
					long from = 0;
					int rounds = 0;
					while (from < data.length) {
						SearchBudget spend = budget ? new SearchBudget(Long.MAX_VALUE / 2, 700_000) : unlimited();
						LogScan scan = LogSearch.scan(log, matcher, from, data.length, budget ? 1_000_000 : 7, 0,
								spend);
						scan.hits().forEach((hit) -> found.add(hit.offset()));
						assertThat(scan.next()).isGreaterThan(from);
						assertThat(scan.next() == data.length || data[(int) scan.next() - 1] == '\n').isTrue();
						assertThat(scan.stop()).isEqualTo((scan.next() < data.length)
								? (budget ? LogScan.Stop.BUDGET : LogScan.Stop.MAX_MATCHES) : scan.stop());
						from = scan.next();
						rounds++;
					}
					assertThat(found).isEqualTo(all);
					assertThat(rounds).isGreaterThan(budget ? 3 : all.size() / 7 - 1);
				}
			}
		}
	}

	@Test
	void contextLinesSurroundEachMatch() {
		byte[] data = "a\nb\nhit 1\nc\nd\ne\nhit 2\nf\n".getBytes(StandardCharsets.US_ASCII);
		try (OutputLog log = log(data, LARGE, 4096)) {
			LogScan scan = LogSearch.scan(log, LineMatcher.literal("hit", false), 0, data.length, 10, 2, unlimited());
			assertThat(scan.hits()).hasSize(2);
			assertThat(texts(log, scan.hits().get(0).before())).containsExactly("a", "b");
			assertThat(texts(log, scan.hits().get(0).after())).containsExactly("c", "d");
			assertThat(texts(log, scan.hits().get(1).before())).containsExactly("d", "e");
			assertThat(texts(log, scan.hits().get(1).after())).containsExactly("f");
			LogScan first = LogSearch.scan(log, LineMatcher.literal("hit", false), 0, data.length, 1, 2, unlimited());
			assertThat(texts(log, first.hits().get(0).after())).containsExactly("c", "d");
			assertThat(first.next()).isEqualTo(10);
		}
	}

	@Test
	void aCatastrophicPatternCountsLinesOverItsStepBudgetAsNotMatching() {
		byte[] data = ("a".repeat(5000) + "!\nok\n").getBytes(StandardCharsets.US_ASCII);
		try (OutputLog log = log(data, LARGE, 4096)) {
			LogScan scan = LogSearch.scan(log, LineMatcher.regex(Pattern.compile("(a|aa)+$|ok")), 0, data.length, 10, 0,
					unlimited());
			assertThat(scan.overBudgetLines()).isEqualTo(1);
			assertThat(scan.hits()).extracting(LogScan.Hit::offset).containsExactly(5002L);
		}
	}

	@Test
	void aRegexFindsTheSameLinesThroughItsPrefiltersAsLineByLine() {
		Random random = new Random(11);
		StringBuilder text = new StringBuilder();
		String[] words = { "filler", " ab", "XY12 ab", "7", "123x", "QQ", "9 ab", "z", "été", "\uD83D\uDE00" };
		while (text.length() < 3 * LogChunks.CHUNK) {
			// Lines longer than MAX_LINE, matched in pieces, are ASCII: a piece may cut a
			// character, which the plain decoding here would show differently.
			boolean longLine = random.nextInt(100) == 0;
			for (int i = random.nextInt(longLine ? 20_000 : 12); i > 0; i--) {
				text.append(words[random.nextInt(longLine ? words.length - 2 : words.length)]);
			}
			text.append('\n');
		}
		byte[] data = text.toString().getBytes(StandardCharsets.UTF_8);
		try (OutputLog log = log(data, LARGE, 4096)) {
			// A literal on most lines with the DFA after it; no literal; a back
			// reference.
			for (String source : List.of("[A-Z]{2}\\d+ ab", "\\d{3}[a-z]", "(Q)\\1Y?\\d", "[^\\x00-\\x7F]7")) {
				Pattern pattern = Pattern.compile(source);
				for (int context : new int[] { 0, 1 }) {
					LogScan scan = LogSearch.scan(log, LineMatcher.regex(pattern), 0, data.length, 100_000, context,
							unlimited());
					assertThat(scan.hits()).as(source)
						.extracting(LogScan.Hit::offset)
						.containsExactlyElementsOf(naiveRegex(data, pattern))
						.isNotEmpty();
				}
			}
		}
	}

	/**
	 * An empty line matches {@code ^$} as grep counts it; a line of exactly
	 * {@link LogSearch#MAX_LINE} bytes is one piece, with no empty line after it. The
	 * {@code \r} of {@code \r\n} goes with the line's end, so an empty {@code \r\n} line
	 * is empty for every pattern; an inline {@code (?m)} changes nothing.
	 */
	@Test
	void emptyLinesMatchAsGrepCountsThemAndAFullPieceLeavesNoneBehind() {
		String full = "x".repeat(LogSearch.MAX_LINE);
		byte[] data = ("a\n\nb\n\n   \nc\r\n\r\n" + full + "\n\nend").getBytes(StandardCharsets.US_ASCII);
		long afterFull = 15 + LogSearch.MAX_LINE;
		try (OutputLog log = log(data, LARGE, 4096)) {
			assertThat(offsets(log, data, "^$")).containsExactly(2L, 5L, 13L, afterFull + 1);
			assertThat(offsets(log, data, "^\\s*$")).containsExactly(2L, 5L, 6L, 13L, afterFull + 1);
			assertThat(offsets(log, data, "^\\z")).containsExactly(2L, 5L, 13L, afterFull + 1);
			assertThat(offsets(log, data, "\\A(?=\\z)")).containsExactly(2L, 5L, 13L, afterFull + 1);
			assertThat(offsets(log, data, "^(?!\\z)")).containsExactly(0L, 3L, 6L, 10L, 15L, afterFull + 2);
			for (String inline : List.of("(?m)^$", "(?im)^$", "(?m:^$)", "(?mi-s)^$", "(?d)^$")) {
				assertThat(offsets(log, data, inline)).as(inline).containsExactly(2L, 5L, 13L, afterFull + 1);
			}
			// Only a flag group's m goes: an escaped paren or a quote keeps its m.
			for (String kept : List.of("^\\(?m$", "^\\Q(?m)\\E$", "^[(?m)]?$x")) {
				assertThat(offsets(log, data, kept)).as(kept).isEmpty();
			}
			assertThat(offsets(log, data, "\\r")).isEmpty();
			assertThat(offsets(log, data, "c\\z")).containsExactly(10L);
			assertThat(offsets(log, data, "$")).containsExactly(1L, 2L, 4L, 5L, 9L, 11L, 13L, afterFull, afterFull + 1,
					afterFull + 5);
			assertThat(offsets(log, data, "^b$")).containsExactly(3L);
			LogScan scan = LogSearch.scan(log, LineMatcher.regex(Pattern.compile("^$", Pattern.MULTILINE)), 0,
					data.length, 100, 1, unlimited());
			assertThat(scan.hits().get(0).line()).isEqualTo(new LogScan.Span(2, 2));
			assertThat(texts(log, scan.hits().get(0).before())).containsExactly("a");
			assertThat(texts(log, scan.hits().get(0).after())).containsExactly("b");
		}
	}

	private static List<Long> offsets(OutputLog log, byte[] data, String regex) {
		LineMatcher matcher = LineMatcher.regex(Pattern.compile(regex, Pattern.MULTILINE));
		return LogSearch.scan(log, matcher, 0, data.length, 100, 0, unlimited())
			.hits()
			.stream()
			.map(LogScan.Hit::offset)
			.toList();
	}

	/** The byte offset of the first match of each line that has one, lines read whole. */
	private static List<Long> naiveRegex(byte[] data, Pattern pattern) {
		List<Long> offsets = new ArrayList<>();
		int start = 0;
		while (start < data.length) {
			int end = start;
			while (end < data.length && data[end] != '\n') {
				end++;
			}
			for (int piece = start; piece < end; piece += LogSearch.MAX_LINE) {
				int stop = Math.min(end, piece + LogSearch.MAX_LINE);
				int text = (stop > piece && data[stop - 1] == '\r') ? stop - 1 : stop;
				String line = new String(data, piece, text - piece, StandardCharsets.UTF_8);
				Matcher matcher = pattern.matcher(line);
				if (matcher.find()) {
					offsets
						.add((long) piece + line.substring(0, matcher.start()).getBytes(StandardCharsets.UTF_8).length);
				}
			}
			start = end + 1;
		}
		return offsets;
	}

	private static List<String> texts(OutputLog log, List<LogScan.Span> lines) {
		return lines.stream().map((line) -> LineText.head(log, line).text()).toList();
	}

	private static SearchBudget unlimited() {
		return new SearchBudget(Long.MAX_VALUE / 2, Long.MAX_VALUE);
	}

	/**
	 * Lines of random lengths (some beyond a chunk's reach) with "needle" now and then.
	 */
	static byte[] randomLines(int size, long seed) {
		Random random = new Random(seed);
		ByteArrayOutputStream out = new ByteArrayOutputStream(size + 200);
		while (out.size() < size) {
			int length = (random.nextInt(50) == 0) ? random.nextInt(3000) : random.nextInt(120);
			StringBuilder line = new StringBuilder();
			for (int i = 0; i < length; i++) {
				line.append((char) ('a' + random.nextInt(26)));
			}
			if (random.nextInt(20) == 0) {
				line.insert(random.nextInt(line.length() + 1), (random.nextBoolean()) ? "needle" : "neeedle");
			}
			out.writeBytes(line.append('\n').toString().getBytes(StandardCharsets.US_ASCII));
		}
		return out.toByteArray();
	}

	/** The offset of the first "needle" of each line that has one. */
	static List<Long> naive(byte[] data, String token) {
		List<Long> offsets = new ArrayList<>();
		String text = new String(data, StandardCharsets.ISO_8859_1);
		int start = 0;
		while (start < text.length()) {
			int end = text.indexOf('\n', start);
			end = (end < 0) ? text.length() : end;
			int at = text.substring(start, end).indexOf(token);
			if (at >= 0) {
				offsets.add((long) start + at);
			}
			start = end + 1;
		}
		return offsets;
	}

	private OutputLog log(byte[] data, long maxLogSize, int window) {
		OutputLog log = new OutputLog(this.dir.resolve("log" + (this.logs++)), maxLogSize, window);
		for (int i = 0; i < data.length; i += 8192) {
			log.append(data, i, Math.min(8192, data.length - i), StreamTag.STDOUT);
		}
		return log;
	}

}
