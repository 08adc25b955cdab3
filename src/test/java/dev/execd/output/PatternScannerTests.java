package dev.execd.output;

import java.time.Duration;
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
		assertThat(scanner.feed("a".repeat(5 * PatternScanner.OVERLAP) + "END-")).isFalse();
		assertThat(scanner.feed("MARK")).isTrue();
	}

	@Test
	void doesNotAnchorCaretAtTheTrimmedStartOfALongLine() {
		PatternScanner scanner = scanner("^b", false);
		// One line of 5 * OVERLAP characters; after trimming, the buffer starts with "b".
		String line = "a".repeat(4 * PatternScanner.OVERLAP) + "b".repeat(PatternScanner.OVERLAP);
		assertThat(scanner.feed(line)).isFalse();
		assertThat(scanner.feed("\n")).isFalse();
	}

	private static PatternScanner scanner(String regex, boolean stripAnsi) {
		return new PatternScanner(Pattern.compile(regex, Pattern.MULTILINE), stripAnsi);
	}

}
