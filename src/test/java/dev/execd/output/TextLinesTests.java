package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Lines for watches: whole across reads and characters, read as a person reads them, with
 * raw log offsets; and the matcher's budget.
 */
class TextLinesTests {

	private final TextLines lines = new TextLines();

	private final List<String> seen = new ArrayList<>();

	private final List<Long> offsets = new ArrayList<>();

	private long offset;

	private void feed(byte[] bytes) {
		this.lines.feed(bytes, bytes.length, this.offset, (line) -> {
			this.seen.add(line.toString());
			this.offsets.add(line.offsetOf(0));
		});
		this.offset += bytes.length;
	}

	private void feed(String text) {
		feed(text.getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void aLineSplitAcrossReadsIsHandedOnWhole() {
		feed("one\nRea");
		assertThat(this.seen).containsExactly("one");
		feed("dy\ntwo");
		assertThat(this.seen).containsExactly("one", "Ready");
		assertThat(this.offsets).containsExactly(0L, 4L);
		this.lines.end((line) -> this.seen.add(line.toString()));
		assertThat(this.seen).containsExactly("one", "Ready", "two");
	}

	/**
	 * stdout and stderr share one log: when another stream's bytes came between two parts
	 * of a line, the second part's characters still report where they are in the log.
	 */
	@Test
	void offsetsStayExactWhenAnotherStreamWroteInsideTheLine() {
		List<Long> colon = new ArrayList<>();
		TextLines.Sink sink = (line) -> {
			this.seen.add(line.toString());
			colon.add(line.offsetOf(line.toString().indexOf(':')));
			this.offsets.add(line.offsetOf(0));
		};
		byte[] head = "Listening on ".getBytes(StandardCharsets.UTF_8);
		this.lines.feed(head, head.length, 0, sink);
		// bytes 13..17 are "warn\n" of the other stream
		byte[] tail = ":8000\n".getBytes(StandardCharsets.UTF_8);
		this.lines.feed(tail, tail.length, 18, sink);
		assertThat(this.seen).containsExactly("Listening on :8000");
		assertThat(this.offsets).containsExactly(0L);
		assertThat(colon).containsExactly(18L);
	}

	@Test
	void offsetsStayExactAcrossSegmentsWhenALongLineIsCut() {
		List<Long> marks = new ArrayList<>();
		TextLines.Sink sink = (line) -> {
			String text = line.toString();
			int at = text.indexOf('#');
			marks.add((at < 0) ? -1L : line.offsetOf(at));
		};
		byte[] first = "a".repeat(TextLines.MAX_LINE - 10).getBytes(StandardCharsets.UTF_8);
		this.lines.feed(first, first.length, 0, sink);
		// another stream wrote 100 bytes; this part straddles the 64 KiB cut
		byte[] second = ("b".repeat(20) + "#").getBytes(StandardCharsets.UTF_8);
		long secondAt = first.length + 100;
		this.lines.feed(second, second.length, secondAt, sink);
		byte[] end = "\n".getBytes(StandardCharsets.UTF_8);
		this.lines.feed(end, 1, secondAt + second.length, sink);
		// the cut line holds no '#'; the rest is the line with it, 20 bytes into part two
		assertThat(marks).containsExactly(-1L, secondAt + 20);
	}

	@Test
	void aCharacterSplitAcrossReadsIsDecodedWhole() {
		byte[] bytes = "x\nété €😀\n".getBytes(StandardCharsets.UTF_8);
		for (byte b : bytes) {
			feed(new byte[] { b });
		}
		assertThat(this.seen).containsExactly("x", "été €😀");
		assertThat(this.seen).noneMatch((line) -> line.contains("\uFFFD"));
	}

	@Test
	void escapesAndCarriageReturnsAreReadAsAPersonSeesThemWithRawOffsets() {
		List<Long> at = new ArrayList<>();
		byte[] bytes = "\u001b[1;32mOK\u001b[0m\u001b[2Cdone\r\n10%\r100%\n\u001b]0;title\u0007end\n"
			.getBytes(StandardCharsets.UTF_8);
		this.lines.feed(bytes, bytes.length, 100, (line) -> {
			this.seen.add(line.toString());
			at.add(line.offsetOf(Math.max(0, line.toString().indexOf("done"))));
		});
		assertThat(this.seen).containsExactly("OK done", "100%", "end");
		assertThat(at.get(0)).isEqualTo(100 + new String(bytes, StandardCharsets.UTF_8).indexOf("done"));
		assertThat(at.get(1)).isEqualTo(100 + new String(bytes, StandardCharsets.UTF_8).indexOf("100%"));
		assertThat(at.get(2)).isEqualTo(100 + new String(bytes, StandardCharsets.UTF_8).indexOf("end"));
	}

	@Test
	void aLineLongerThanTheCapIsHandedOnInPiecesBetweenCharacters() {
		String euros = "€".repeat(TextLines.MAX_LINE / 3 + 10);
		feed(euros + "\n");
		assertThat(this.seen).hasSize(2);
		assertThat(String.join("", this.seen)).isEqualTo(euros);
		assertThat(this.offsets.get(1)).isEqualTo(3L * this.seen.get(0).length());
	}

	@Test
	void skippedOutputKeepsOnlyTheLineUnderWay() {
		byte[] bytes = "old\nRe".getBytes(StandardCharsets.UTF_8);
		this.lines.skip(bytes, bytes.length, 0);
		this.offset = bytes.length;
		feed("ady\n");
		assertThat(this.seen).containsExactly("Ready");
		assertThat(this.offsets).containsExactly(4L);
	}

	@Test
	void anExcerptIsCutToOneKibibyteFromTheMatchWhenItBeginsLater() {
		String line = "é".repeat(1000) + "port 80";
		feed(line + "\n");
		List<String> excerpts = new ArrayList<>();
		byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
		this.lines.feed(bytes, bytes.length, 0, (l) -> {
			excerpts.add(l.excerpt(0));
			excerpts.add(l.excerpt(1000));
		});
		assertThat(excerpts.get(0)).isEqualTo("é".repeat(512));
		assertThat(excerpts.get(1)).isEqualTo("port 80");
		assertThat(TextLine.capped("a" + "😀".repeat(300))).hasSize(1 + 2 * 255);
	}

	@Test
	void emptyLinesAreHandedOnAtTheirOffsetsAndAFullPieceLeavesNoneBehind() {
		feed("a\n\nb\r\n\r\n" + "x".repeat(TextLines.MAX_LINE) + "\n\nc\r\n");
		assertThat(this.seen).containsExactly("a", "", "b", "", "x".repeat(TextLines.MAX_LINE), "", "c");
		long afterFull = 8 + TextLines.MAX_LINE;
		assertThat(this.offsets).containsExactly(0L, 2L, 3L, 6L, 8L, afterFull + 1, afterFull + 2);
		List<Long> ends = new ArrayList<>();
		byte[] bytes = "ab\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
		this.lines.feed(bytes, bytes.length, 100, (line) -> ends.add(line.offsetOf(line.length())));
		assertThat(ends).as("where the \\r is").containsExactly(102L, 104L);
	}

	@Test
	void anEmptyLineMatchesCaretDollarAsGrepDoes() {
		WatchMatcher empty = new WatchMatcher(Pattern.compile("^$", Pattern.MULTILINE));
		empty.budget(100);
		assertThat(empty.find("")).isZero();
		assertThat(empty.find("a")).isEqualTo(-1);
		WatchMatcher blank = new WatchMatcher(Pattern.compile("^(\\s*)(\\z)", Pattern.MULTILINE));
		blank.budget(100);
		assertThat(blank.find("   ")).isZero();
		assertThat(blank.groups()).containsExactly("   ", "");
		assertThat(blank.find("")).isZero();
		assertThat(blank.groups()).containsExactly("", "");
		assertThat(blank.find(" x")).isEqualTo(-1);
		WatchMatcher notEnd = new WatchMatcher(Pattern.compile("^(?!\\z)", Pattern.MULTILINE));
		notEnd.budget(100);
		assertThat(notEnd.find("")).isEqualTo(-1);
		assertThat(notEnd.find("a")).isZero();
	}

	@Test
	void theMatcherFindsGroupsAndStopsACatastrophicPattern() {
		WatchMatcher matcher = new WatchMatcher(Pattern.compile("port (\\d+)( x)?", Pattern.MULTILINE));
		matcher.budget(100);
		assertThat(matcher.find("Serving on port 8000 ...")).isEqualTo(11);
		assertThat(matcher.groups()).containsExactly("8000", null);
		assertThat(matcher.find("nothing")).isEqualTo(-1);
		WatchMatcher catastrophic = new WatchMatcher(Pattern.compile("(a+)+b"));
		catastrophic.budget(100);
		long began = System.nanoTime();
		assertThatExceptionOfType(PatternScanner.StepBudgetExceededException.class)
			.isThrownBy(() -> catastrophic.find("a".repeat(5000)));
		assertThat(System.nanoTime() - began).isLessThan(2_000_000_000L);
	}

}
