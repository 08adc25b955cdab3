package dev.execd.output;

import java.time.Duration;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link PatternScanner}.
 */
class PatternScannerTests {

	private static final String ESC = "\u001b";

	@Test
	void matchesTextThatSpansSeveralChunks() {
		PatternScanner scanner = scanner("server started on port \\d+", false);
		assertThat(scanner.feed("booting\nserver sta")).isFalse();
		assertThat(scanner.feed("rted on po")).isFalse();
		assertThat(scanner.feed("rt 8080\n")).isTrue();
		assertThat(scanner.matched()).isTrue();
	}

	@Test
	void anchorsCaretAndDollarAtLineBoundaries() {
		PatternScanner scanner = scanner("^READY$", false);
		assertThat(scanner.feed("NOT READY\nREADY NOW\n")).isFalse();
		assertThat(scanner.feed("booting\nREA")).isFalse();
		assertThat(scanner.feed("DY\nmore")).isTrue();
	}

	@Test
	void anchorsCaretOnlyAtTheStartOfALineWhenTheScanResumes() {
		PatternScanner scanner = scanner("^done", false);
		assertThat(scanner.feed("not ")).isFalse();
		assertThat(scanner.feed("done\n")).isFalse();
		assertThat(scanner.feed("done\n")).isTrue();
	}

	@Test
	void matchesTextWhoseEscapeSequencesWereStripped() {
		PatternScanner scanner = scanner("^READY$", true);
		assertThat(scanner.feed(ESC + "[32mRE")).isFalse();
		assertThat(scanner.feed("ADY" + ESC + "[0m\n")).isTrue();
	}

	@Test
	void matchesAcrossAnEscapeSequenceSplitBetweenChunksWhenStripping() {
		PatternScanner scanner = scanner("READY", true);
		assertThat(scanner.feed("RE" + ESC + "[1")).isFalse();
		assertThat(scanner.feed(";32mADY")).isTrue();
	}

	@Test
	void keepsEscapeSequencesWhenNotStripping() {
		PatternScanner scanner = scanner("^READY$", false);
		assertThat(scanner.feed(ESC + "[32mREADY" + ESC + "[0m\n")).isFalse();
		assertThat(scanner("READY", false).feed("RE" + ESC + "[1mADY")).isFalse();
	}

	@Test
	void abandonsACatastrophicPatternWithinTheStepBudget() {
		PatternScanner scanner = scanner("(a+)+b", false);
		long begin = System.nanoTime();
		assertThatExceptionOfType(PatternScanner.StepBudgetExceededException.class)
			.isThrownBy(() -> scanner.feed("a".repeat(5000)))
			.withMessage("wait_for pattern exceeded its step budget");
		assertThat(Duration.ofNanos(System.nanoTime() - begin)).isLessThan(Duration.ofSeconds(5));
		assertThat(scanner.matched()).isFalse();
	}

	@Test
	void endsAPatternThatOverflowsTheStackLikeOneOverBudget() {
		PatternScanner scanner = scanner("(.|\\n)*DONE", false);
		assertThatExceptionOfType(PatternScanner.StepBudgetExceededException.class)
			.isThrownBy(() -> scanner.feed("some output\n".repeat(50_000)))
			.withMessageContaining("recursed too deeply");
		assertThat(scanner.matched()).isFalse();
	}

	@Test
	void staysMatchedOnceMatched() {
		PatternScanner scanner = scanner("done", false);
		assertThat(scanner.matched()).isFalse();
		assertThat(scanner.feed("all done\n")).isTrue();
		assertThat(scanner.feed("something else\n")).isTrue();
		assertThat(scanner.feed("")).isTrue();
		assertThat(scanner.matched()).isTrue();
	}

	@Test
	void ignoresAnEmptyChunk() {
		PatternScanner scanner = scanner("x", false);
		assertThat(scanner.feed("")).isFalse();
		assertThat(scanner.matched()).isFalse();
	}

	@Test
	void stillMatchesAcrossChunksAfterTrimmingOldText() {
		PatternScanner scanner = scanner("END-MARK", false);
		assertThat(scanner.feed("a".repeat(2 * PatternScanner.WINDOW) + "END-")).isFalse();
		assertThat(scanner.feed("MARK")).isTrue();
	}

	@Test
	void doesNotAnchorCaretAtTheTrimmedStartOfALongLine() {
		PatternScanner scanner = scanner("^b", false);
		// One line longer than the window: after trimming, the window starts with "b".
		String line = "a".repeat(PatternScanner.WINDOW) + "b".repeat(PatternScanner.WINDOW);
		assertThat(scanner.feed(line)).isFalse();
		assertThat(scanner.feed("\n")).isFalse();
	}

	@Test
	void matchesAcrossFarMoreTextThanOneChunk() {
		PatternScanner scanner = scanner("(?s)START.*END", false);
		assertThat(scanner.feed("START\n")).isFalse();
		for (int i = 0; i < 40; i++) {
			assertThat(scanner.feed("x".repeat(4096))).isFalse();
		}
		assertThat(scanner.feed("\nEN")).isFalse();
		assertThat(scanner.feed("D\n")).isTrue();
	}

	@Test
	void matchesLinesSpanningMoreThan64KiBInOneChunkAndAcrossChunks() {
		StringBuilder numbers = new StringBuilder();
		for (int i = 1; i <= 20000; i++) {
			numbers.append(i).append('\n');
		}
		assertThat(numbers.length()).isGreaterThan(100_000);
		assertThat(scanner("(?s)^START$.*^END$", false).feed("START\n" + numbers + "END\n")).isTrue();
		PatternScanner scanner = scanner("(?s)^START$.*^END$", false);
		assertThat(scanner.feed("START\n")).isFalse();
		for (int at = 0; at < numbers.length(); at += 1000) {
			assertThat(scanner.feed(numbers.substring(at, Math.min(at + 1000, numbers.length())))).isFalse();
		}
		assertThat(scanner.feed("END\n")).isTrue();
	}

	@Test
	void letsGoOfAMatchStartOlderThanTheWindow() {
		PatternScanner scanner = scanner("(?s)START.*END", false);
		assertThat(scanner.feed("START")).isFalse();
		for (int i = 0; i < 6; i++) {
			assertThat(scanner.feed("x".repeat(PatternScanner.WINDOW / 4))).isFalse();
		}
		assertThat(scanner.feed("END")).isFalse();
		assertThat(scanner.feed("START END")).isTrue();
	}

	@Test
	void resumesATryThatReadToTheEnd() {
		PatternScanner scanner = scanner("ab+c", false);
		assertThat(scanner.feed("xxabbb")).isFalse();
		assertThat(scanner.feed("bbb")).isFalse();
		assertThat(scanner.feed("bc")).isTrue();
	}

	@Test
	void seesTheTextBeforeAResumedTry() {
		assertThat(scanner("(?<=abc)def", false).feed("ab")).isFalse();
		PatternScanner behind = scanner("(?<=abc)def", false);
		behind.feed("xxab");
		assertThat(behind.feed("cdef")).isTrue();
		PatternScanner notBehind = scanner("(?<!x)yes", false);
		notBehind.feed("x");
		assertThat(notBehind.feed("yes")).isFalse();
		PatternScanner boundary = scanner("\\bword", false);
		boundary.feed("sword");
		assertThat(boundary.feed("word")).isFalse();
		assertThat(boundary.feed(" word")).isTrue();
	}

	@Test
	void matchesBackslashGOnlyAtTheStartOfTheText() {
		PatternScanner resumed = scanner("\\Gfoo", false);
		assertThat(resumed.feed("x")).isFalse();
		assertThat(resumed.feed("foo")).isFalse();
		PatternScanner split = scanner("\\Gfoo", false);
		assertThat(split.feed("fo")).isFalse();
		assertThat(split.feed("o")).isTrue();
		assertThat(scanner("\\Q\\G\\E", false).feed("x\\G")).isTrue();
		assertThat(scanner("[\\cG]x|\\c\\G", false).feed("y\u001c" + "G")).isTrue();
	}

	@Test
	void findsWhatASearchOfTheWholeTextFindsAfterEveryChunk() {
		String[] patterns = { "ab+c", "^a.b$", "(?<=a)b\\b", "\\bab", "a(?!b)c", "(?<!a)b$", "ba*$", "\\Gab",
				"(a|bc)+d", "a\\z", "\\Bb\\B", "^$", "c\\R?a", "(?s)a.*\\n.*d", "(?<=^|c)a{2,3}\\b", "\\Aaa",
				// Plain literals, found by a string search.
				"ab", "a\\ b", "bca", "\\$a", "\n\nc" };
		Random random = new Random(42);
		for (String regex : patterns) {
			Pattern pattern = Pattern.compile(regex, Pattern.MULTILINE);
			for (int round = 0; round < 300; round++) {
				PatternScanner scanner = new PatternScanner(pattern, false);
				StringBuilder text = new StringBuilder();
				boolean expected = false;
				for (int chunk = 0; chunk < 6 && !expected; chunk++) {
					String next = randomText(random, 1 + random.nextInt(5));
					text.append(next);
					expected = pattern.matcher(text).find();
					assertThat(scanner.feed(next)).as("%s over %s", regex, text.toString().replace("\n", "\\n"))
						.isEqualTo(expected);
				}
			}
		}
	}

	@Test
	void literalPatternsAreKnownAndOthersAreNot() {
		assertThat(LiteralPattern.text(Pattern.compile("BUILD SUCCESS", Pattern.MULTILINE))).isEqualTo("BUILD SUCCESS");
		assertThat(LiteralPattern.text(Pattern.compile("\\$ \\(x\\)"))).isEqualTo("$ (x)");
		assertThat(LiteralPattern.text(Pattern.compile("a.b", Pattern.LITERAL))).isEqualTo("a.b");
		for (String regex : new String[] { "a.b", "^ab", "ab$", "a\\db", "\\Qab\\E", "(?i)ab", "a|b", "ab+", "\\1",
				"" }) {
			assertThat(LiteralPattern.text(Pattern.compile(regex))).as(regex).isNull();
		}
		assertThat(LiteralPattern.text(Pattern.compile("ab", Pattern.CASE_INSENSITIVE))).isNull();
		assertThat(LiteralPattern.text(Pattern.compile("a b", Pattern.COMMENTS))).isNull();
	}

	@Test
	void scansManySmallChunksInLinearTime() {
		String chunk = "log line of exactly fifty characters, more or les\n";
		long begin = System.nanoTime();
		PatternScanner lines = scanner("END-MARK", false);
		for (int i = 0; i < 4 * 1024 * 1024 / chunk.length(); i++) {
			lines.feed(chunk.substring(0, 25));
			lines.feed(chunk.substring(25));
		}
		assertThat(lines.feed("END-MARK")).isTrue();
		// Not a literal: every start is tried by the regex engine.
		PatternScanner bytes = scanner("END-MAR[K]", false);
		String text = "0123456789abcdef".repeat(4 * 1024 * 1024 / 16);
		for (int i = 0; i < text.length(); i++) {
			bytes.feed(text.substring(i, i + 1));
		}
		assertThat(bytes.feed("END-MARK")).isTrue();
		// Quadratic work, trying every start again with each chunk, would take hours.
		assertThat(Duration.ofNanos(System.nanoTime() - begin)).isLessThan(Duration.ofSeconds(60));
	}

	@Test
	void restartsAfterAGapWithItsContext() {
		PatternScanner scanner = scanner("START", false);
		assertThat(scanner.feed("STA")).isFalse();
		scanner.restart("xx");
		assertThat(scanner.feed("RT")).isFalse();
		PatternScanner caret = scanner("^b", false);
		caret.restart("a");
		assertThat(caret.feed("b")).isFalse();
		caret.restart("a\n");
		assertThat(caret.feed("b")).isTrue();
		PatternScanner context = scanner("START", false);
		context.restart("START");
		assertThat(context.feed("x")).isFalse();
	}

	private static String randomText(Random random, int length) {
		String alphabet = "aabbcd \n\r";
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < length; i++) {
			out.append(alphabet.charAt(random.nextInt(alphabet.length())));
		}
		return out.toString();
	}

	private static PatternScanner scanner(String regex, boolean stripAnsi) {
		return new PatternScanner(Pattern.compile(regex, Pattern.MULTILINE), stripAnsi);
	}

}
