package dev.execd.screen;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlainRunsTests {

	private static final int COLS = 20;

	private static final int ROWS = 5;

	private static final int SCROLLBACK = 7;

	@Test
	void aFloodOfLinesIsSkippedUpToTheLinesTheScreenAndScrollbackStillShow() {
		byte[] flood = "y\r\n".repeat(10_000).getBytes(StandardCharsets.US_ASCII);
		List<PlainRuns.Skip> skips = scan(flood, 4096, 0);
		assertThat(skips).hasSize(1);
		int lines = 2 * ROWS + SCROLLBACK + 1;
		// What is left holds lines - 1 whole lines.
		assertThat(flood.length - skips.get(0).to()).isEqualTo(3L * (lines - 1));
		assertThat(skips.get(0).from()).isZero();
		assertSameScreen(flood, 4096);
	}

	@Test
	void aSkipHandsOnTheColoursItsHeadSetSinceItsLastReset() {
		String head = "\u001b[31mx\u001b[0m\r\n\u001b[1mbold from here\r\n\u001b[44m";
		byte[] flood = (head + "y\r\n".repeat(100)).getBytes(StandardCharsets.US_ASCII);
		List<PlainRuns.Skip> skips = scan(flood, 4096, 0);
		assertThat(skips).hasSize(1);
		assertThat(skips.get(0).style()).isEqualTo("\u001b[m\u001b[1m\u001b[44m");
		assertSameScreen(flood, 4096);
	}

	@Test
	void aRunWithTooManyColoursSinceItsLastResetIsNotSkipped() {
		byte[] flood = "\u001b[1;2;3;4;5;31;42m\r\n".repeat(100).getBytes(StandardCharsets.US_ASCII);
		assertThat(scan(flood, 4096, 0)).isEmpty();
		assertSameScreen(flood, 4096);
	}

	@Test
	void coloursAndCarriageReturnsKeepARunGoing() {
		String line = "\u001b[1;31mred\u001b[0m 50%\rdone \t tab\u001b[m\r\n";
		byte[] flood = line.repeat(500).getBytes(StandardCharsets.UTF_8);
		assertThat(scan(flood, 1000, 0)).hasSize(1);
		assertSameScreen(flood, 1000);
	}

	@Test
	void nothingIsSkippedWhileAScrollRegionMayBeSet() {
		byte[] flood = ("\u001b[2;4r" + "x\r\n".repeat(500)).getBytes(StandardCharsets.US_ASCII);
		assertThat(scan(flood, 777, 0)).isEmpty();
		byte[] reset = ("\u001b[2;4r" + "x\r\n".repeat(50) + "\u001b[r" + "y\r\n".repeat(500))
			.getBytes(StandardCharsets.US_ASCII);
		assertThat(scan(reset, 777, 0)).hasSize(1);
		assertSameScreen(reset, 777);
	}

	@Test
	void aCursorMoveEndsARunAndTheLinesBeforeItCountOnlyForThatRun() {
		String text = "a\r\n".repeat(10) + "\u001b[3;4H" + "b\r\n".repeat(10);
		assertThat(scan(text.getBytes(StandardCharsets.US_ASCII), 5, 0)).isEmpty();
	}

	@Test
	void aSequenceSplitAcrossScansIsFollowed() {
		PlainRuns runs = new PlainRuns();
		byte[] first = ("z\r\n".repeat(100) + "\u001b]2;ti").getBytes(StandardCharsets.US_ASCII);
		runs.begin(0, ROWS, SCROLLBACK);
		runs.scan(first, 0, first.length, 0);
		assertThat(runs.end(first.length)).hasSize(1);
		byte[] second = ("tle\u0007" + "q\r\n".repeat(100)).getBytes(StandardCharsets.US_ASCII);
		runs.begin(first.length, ROWS, SCROLLBACK);
		runs.scan(second, 0, second.length, first.length);
		List<PlainRuns.Skip> skips = runs.end(first.length + second.length);
		// The run starts after the title's BEL, not inside the title.
		assertThat(skips).singleElement().satisfies((skip) -> assertThat(skip.from()).isEqualTo(first.length + 4));
	}

	@Test
	void controlStringsEndWhereTheEmulatorEndsThem() {
		String lines = "hidden\r\n".repeat(200);
		// An ESC inside a sequence starts the next one: here, an OSC that hides the lines
		// until its BEL.
		for (String start : new String[] { "\u001b\u001b]0;", "\u001b[1\u001b]0;", "\u001b(\u001b]0;" }) {
			byte[] output = (start + lines + "\u0007shown\r\n").getBytes(StandardCharsets.US_ASCII);
			for (int chunk : new int[] { 7, 64, 4096 }) {
				assertSameScreen(output, chunk);
			}
		}
		// CAN aborts an OSC, and a BEL does not end a DCS: the lines after CAN are plain,
		// those after the DCS's BEL are not.
		byte[] aborted = ("\u001b]0;x\u0018" + lines).getBytes(StandardCharsets.US_ASCII);
		assertThat(scan(aborted, 4096, 0)).isNotEmpty();
		byte[] dcs = ("\u001bPq\u0007" + lines + "\u001b\\").getBytes(StandardCharsets.US_ASCII);
		assertThat(scan(dcs, 4096, 0)).isEmpty();
		assertSameScreen(dcs, 64);
	}

	@Test
	void skippingNeverChangesTheScreenOfRandomOutput() {
		long skipped = 0;
		long total = 0;
		for (int seed = 0; seed < 400; seed++) {
			Random random = new Random(seed);
			byte[] output = randomOutput(random);
			skipped += assertSameScreen(output, 1 + random.nextInt(300));
			total += output.length;
		}
		// The streams give the skipping something to do.
		assertThat(skipped).isGreaterThan(total / 20);
	}

	/** Feeds everything to one emulator and all but the skips to another. */
	private static long assertSameScreen(byte[] output, int chunk) {
		Emulator all = Emulators.create(COLS, ROWS, SCROLLBACK);
		Emulator skipping = Emulators.create(COLS, ROWS, SCROLLBACK);
		PlainRuns runs = new PlainRuns();
		int skipped = 0;
		// Several catch-ups, as a session makes them, each over a few chunks.
		for (int at = 0; at < output.length;) {
			int end = Math.min(output.length, at + chunk * 3);
			all.feed(output, at, end - at);
			runs.begin(at, ROWS, SCROLLBACK);
			for (int i = at; i < end; i += chunk) {
				runs.scan(output, i, Math.min(end, i + chunk), i);
			}
			int fed = at;
			for (PlainRuns.Skip skip : runs.end(end)) {
				skipping.feed(output, fed, (int) skip.from() - fed);
				skipped += (int) (skip.to() - skip.from());
				fed = (int) skip.to();
				byte[] style = skip.style().getBytes(StandardCharsets.US_ASCII);
				skipping.feed(style, 0, style.length);
			}
			skipping.feed(output, fed, end - fed);
			at = end;
		}
		assertThat(skipping.grid(SCROLLBACK))
			.as("skipped %d of %d bytes of %s", skipped, output.length,
					new String(output, StandardCharsets.UTF_8).replace("\u001b", "\\e"))
			.isEqualTo(all.grid(SCROLLBACK));
		return skipped;
	}

	private static List<PlainRuns.Skip> scan(byte[] output, int chunk, long base) {
		PlainRuns runs = new PlainRuns();
		runs.begin(base, ROWS, SCROLLBACK);
		for (int i = 0; i < output.length; i += chunk) {
			runs.scan(output, i, Math.min(output.length, i + chunk), base + i);
		}
		return runs.end(base + output.length);
	}

	private static final String[] NOT_PLAIN = { "\u001b[2J", "\u001b[H", "\u001b[3;7H", "\u001b[K", "\u001b[2;4r",
			"\u001b[r", "\u001b[?1049h", "\u001b[?1049l", "\u001b]2;title\u0007", "\u001b7", "\u001b8", "\u001b[?25l",
			"\u001b[?25h", "\u001bM", "\u001b[5A", "\u001b[2L", "\u001b[1M", "\u001b[4h", "\u001b[4l", "\u001b(0",
			"\u001b(B", "\n", "\u001b[?7l", "\u001b[?7h", "\u001b[3@", "\u001bc", "\u001b[!p", "\u000e", "\u000f",
			"\u001bPq#0\u0007~~\u001b\u001b[31m\u001b\\", "\u001b]0;cut", "\u001b_apc", "\u0018", "\u001b",
			"\u001b[3" };

	private static final String[] PLAIN = { "y", "hello world", "x".repeat(45), "中文", "e\u0301", "\t", "\b",
			"\u001b[1;32m", "\u001b[0m", "\r", "\u0007", "🙂" };

	private static byte[] randomOutput(Random random) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		int pieces = 50 + random.nextInt(400);
		for (int i = 0; i < pieces; i++) {
			int kind = random.nextInt(20);
			if (kind == 0) {
				out.writeBytes(NOT_PLAIN[random.nextInt(NOT_PLAIN.length)].getBytes(StandardCharsets.UTF_8));
			}
			else if (kind < 4) {
				// A run of many lines, long enough to skip from.
				int lines = random.nextInt(60);
				for (int l = 0; l < lines; l++) {
					out.writeBytes(PLAIN[random.nextInt(PLAIN.length)].getBytes(StandardCharsets.UTF_8));
					out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
				}
			}
			else if (kind < 9) {
				out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
			}
			else {
				out.writeBytes(PLAIN[random.nextInt(PLAIN.length)].getBytes(StandardCharsets.UTF_8));
			}
		}
		return out.toByteArray();
	}

}
