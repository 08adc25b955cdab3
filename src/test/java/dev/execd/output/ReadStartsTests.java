package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ReadStarts}.
 */
class ReadStartsTests {

	private static final String ESC = "\u001b";

	private static final String BEL = "\u0007";

	@TempDir
	Path dir;

	@Test
	void aStripperAtAnOffsetInsideAnOscDropsTheRestOfIt() {
		try (OutputLog log = log("A" + ESC + "]0;secret-title" + BEL + "B" + ESC + "[31mC\n")) {
			assertThat(strippedFrom(log, 4)).isEqualTo("BC\n");
			assertThat(strippedFrom(log, 21)).isEqualTo("C\n");
			assertThat(strippedFrom(log, 0)).isEqualTo("ABC\n");
		}
	}

	@Test
	void pagesStrippedFromEveryOffsetJoinIntoTheWholeText() {
		String text = "plain " + ESC + "[1;31mRED" + ESC + "[0m " + ESC + "]8;;https://x.dev/" + ESC + "\\link" + ESC
				+ "]8;;" + ESC + "\\ " + ESC + "]0;title" + BEL + "after-osc " + ESC + "Pq#0;2~~" + ESC + "\\end\n";
		try (OutputLog log = log(text)) {
			String whole = AnsiStripper.stripAll(text);
			for (int cut = 0; cut <= log.total(); cut++) {
				String head = ReadStarts.stripperAt(log, 0, null).strip(read(log, 0, cut));
				assertThat(head + strippedFrom(log, cut)).as("cut at %d", cut).isEqualTo(whole);
			}
		}
	}

	@Test
	void knowsAControlStringLongerThanAChunkStartedBeforeTheOffset() {
		String payload = "QUJD".repeat(8 * 1024);
		try (OutputLog log = log("copy" + ESC + "]52;c;" + payload + BEL + "done\n")) {
			assertThat(strippedFrom(log, 20_000)).isEqualTo("done\n");
		}
	}

	@Test
	void findsTheBytesBeforeAnOffsetOfTheSameRun() {
		try (OutputLog log = new OutputLog(this.dir.resolve("runs.log"), 1L << 30, 1024)) {
			log.append(new byte[] { 'a', (byte) 0xe2 }, 0, 2, StreamTag.STDOUT);
			log.append(new byte[] { (byte) 0x82, (byte) 0xac }, 0, 2, StreamTag.STDERR);
			assertThat(ReadStarts.before(log, 2, null, false)).containsExactly('a', 0xe2);
			// Streams decode each run on its own: another stream's run starts at 2.
			assertThat(ReadStarts.before(log, 2, null, true)).isEmpty();
			assertThat(ReadStarts.before(log, 3, null, true)).containsExactly(0x82);
			assertThat(ReadStarts.before(log, 2, StreamTag.STDERR, false)).isEmpty();
		}
	}

	private OutputLog log(String text) {
		OutputLog log = new OutputLog(this.dir.resolve("session.log"), 1L << 30, 256 * 1024);
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		log.append(bytes, 0, bytes.length, StreamTag.PTY);
		return log;
	}

	private static String strippedFrom(OutputLog log, long at) {
		return ReadStarts.stripperAt(log, at, null).strip(read(log, at, log.total()));
	}

	private static String read(OutputLog log, long from, long to) {
		return Utf8.decode(Excerpt.readFully(log, from, to));
	}

}
