package dev.execd.output.dfa;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ByteDfa}: what each construct lets through and passes over, where a
 * scan stops, what it does not read, and its bounded table.
 */
class ByteDfaTests {

	private static final int FOLD = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

	@Test
	void eachConstructLetsThroughWhatMatchesAndPassesOverWhatCannot() {
		// pattern, flags, a line it matches, a line it cannot match
		Object[][] cases = { { "abc", 0, "xxabcxx", "abd" }, { "a.c", 0, "a-c", "ac" }, { "[a-c]x", 0, "bx", "dx" },
				{ "[^a-c]x", 0, "éx", "ax" }, { "\\d+ms", 0, "took 15ms", "took ms" }, { "\\w+@\\w+", 0, "a@b", "@" },
				{ "\\s\\S", 0, "a b", "ab" }, { "colou?r", 0, "color", "colr" }, { "a{3}", 0, "caaat", "aa" },
				{ "a{2,3}b", 0, "aab", "ab" }, { "a{2,}b", 0, "aaaab", "ab" },
				{ "(foo|bar)baz", 0, "barbaz", "bazbar" }, { "(?:ab)+c", 0, "ababc", "ac" },
				{ "(?<word>ab)c", 0, "abc", "ac" }, { "(?>ab|a)c", 0, "abc", "bc" },
				{ "^start", 0, "start here", "stat" }, { "end$", 0, "the end", "edn" },
				{ "\\bword\\B", 0, "wordy", "wor" }, { "x*?y", 0, "y", "x" }, { "a++b", 0, "aab", "aa" },
				{ "(?=ab)a", 0, "ab", "b" }, { "(?<!x)ab", 0, "ab", "a b" }, { "(a)\\1", 0, "aa", "b" },
				{ "error", FOLD, "An ERROR", "eror" }, { "(?i)error", 0, "ErRoR", "eror" },
				{ "(?i:e)rror", 0, "Error", "Eror" }, { "é+", 0, "café", "cafe" }, { "[é-ü]", 0, "ñ", "n" },
				{ "\\x41\\u0042\\0103\\x{44}", 0, "ABCD", "ABC" }, { "\\Qa.b\\E", 0, "a.b", "axb" },
				{ "[\\]\\[]", 0, "]", "x" }, { "\\t\\cA", 0, "\t\u0001", "\t" }, { "\\p{Lu}\\d", 0, "X1", "1" },
				{ "[a-z&&[^b]]1", 0, "b1", "1" }, { "\\R", 0, "\r", "" }, { "a|\\h", 0, "\u00A0", "b" },
				{ "k", FOLD, "\u212A", "x" }, { "\u212A", FOLD, "k", "x" }, { "S", FOLD, "ſ", "x" },
				{ "i", FOLD, "İ", "x" }, { "\uD83D\uDE00", 0, "a\uD83D\uDE00", "a" },
				{ "A", 0, "\u00E0\u0081\u0081", "B" } };
		for (Object[] c : cases) {
			Pattern pattern = Pattern.compile((String) c[0], (int) c[1]);
			ByteDfa dfa = ByteDfa.of(pattern);
			assertThat(dfa).as("/%s/", c[0]).isNotNull();
			byte[] matching = bytes((String) c[2]);
			byte[] other = bytes((String) c[3]);
			assertThat(dfa.scan(matching, 0, matching.length)).as("/%s/ on %s", c[0], c[2]).isNotNegative();
			assertThat(dfa.scan(other, 0, other.length)).as("/%s/ on %s", c[0], c[3]).isEqualTo(-1);
		}
	}

	@Test
	void anchorsAndLookaroundLetThroughMoreThanTheyMatch() {
		ByteDfa dfa = ByteDfa.of(Pattern.compile("^start(?!ed)"));
		byte[] line = bytes("not started");
		assertThat(Pattern.compile("^start(?!ed)").matcher("not started").find()).isFalse();
		assertThat(dfa.scan(line, 0, line.length)).isNotNegative();
	}

	@Test
	void aScanStopsInTheFirstLineThatMayMatchAndStartsOverAtEachNewline() {
		ByteDfa dfa = ByteDfa.of(Pattern.compile("ab+c"));
		byte[] text = bytes("xxab\nbc\nabbbd\nzabbc1\nabc\n");
		assertThat(dfa.scan(text, 0, text.length)).isEqualTo(18);
		assertThat(dfa.scan(text, 20, text.length)).isEqualTo(23);
		assertThat(dfa.scan(text, 0, 18)).isEqualTo(-1);
		// A scan from inside a line reads that line from there on.
		assertThat(dfa.scan(text, 16, text.length)).isEqualTo(23);
	}

	@Test
	void givesNoDfaForWhatItDoesNotReadOrWhatMatchesEveryLine() {
		assertThat(ByteDfa.of(Pattern.compile("a b", Pattern.COMMENTS))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("a.b", Pattern.LITERAL))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("\\w", Pattern.UNICODE_CHARACTER_CLASS))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("(?x)a b"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("(?U)\\w"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("[]a]"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("[a\\Q]\\E]"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("a{20000}"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("x*"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("^$"))).isNull();
		assertThat(ByteDfa.of(Pattern.compile("a|"))).isNull();
	}

	@Test
	void caseFoldingReachesBeyondAsciiOnlyFromTheLettersItTreatsSo() {
		// Every character beyond ASCII that an ASCII letter matches with Unicode case
		// folding must be let through by that letter.
		for (char letter = 'A'; letter <= 'z'; letter++) {
			if (!Character.isLetter(letter)) {
				continue;
			}
			Pattern pattern = Pattern.compile(String.valueOf(letter), FOLD);
			ByteDfa dfa = ByteDfa.of(pattern);
			for (int c = 0x80; c < 0x10000; c++) {
				if (!Character.isSurrogate((char) c) && pattern.matcher(String.valueOf((char) c)).matches()) {
					byte[] line = bytes(String.valueOf((char) c));
					assertThat(dfa.scan(line, 0, line.length)).as("%s on U+%04X", letter, c).isNotNegative();
				}
			}
		}
	}

	@Test
	void aStateExplosionEmptiesTheTableAndThenGivesUpLettingEveryLineThrough() {
		// The last 13 characters decide: 2^13 states, more than the table holds.
		ByteDfa dfa = ByteDfa.of(Pattern.compile("a[ab]{12}c"));
		Random random = new Random(3);
		byte[] text = new byte[1 << 20];
		for (int i = 0; i < text.length; i++) {
			text[i] = (i % 100 == 99) ? (byte) '\n' : (byte) (random.nextBoolean() ? 'a' : 'b');
		}
		int stop = dfa.scan(text, 0, text.length);
		assertThat(stop).isBetween(0, text.length - 1);
		assertThat(dfa.scan(text, 500, text.length)).isEqualTo(500);
	}

	@Test
	void statesTooCostlyToMakeGiveUpLettingEveryLineThrough() {
		// Hundreds of NFA states in each DFA state, a new one at almost every byte.
		ByteDfa dfa = ByteDfa.of(Pattern.compile("[a-z]{0,500}q[a-z]{0,300}zz9"));
		Random random = new Random(5);
		byte[] text = new byte[1 << 20];
		for (int i = 0; i < text.length; i++) {
			text[i] = (i % 200 == 199) ? (byte) '\n' : (byte) ('a' + random.nextInt(26));
		}
		assertThat(dfa.scan(text, 0, text.length)).isBetween(0, text.length / 2);
		assertThat(dfa.emptied()).isZero();
		assertThat(dfa.scan(text, 400, text.length)).isEqualTo(400);
	}

	@Test
	void aTableEmptiedWhenFullFindsTheSameLines() {
		Pattern pattern = Pattern.compile("a[ab]{3}c|x\\d");
		ByteDfa small = ByteDfa.of(pattern, 8);
		ByteDfa large = ByteDfa.of(pattern);
		Random random = new Random(9);
		StringBuilder text = new StringBuilder();
		for (int line = 0; line < 20_000; line++) {
			text.append("z".repeat(random.nextInt(2000)));
			for (int i = random.nextInt(8); i > 0; i--) {
				text.append("abcx0".charAt(random.nextInt(5)));
			}
			text.append('\n');
		}
		byte[] bytes = bytes(text.toString());
		List<Integer> lines = Scans.candidateLines(large, bytes);
		assertThat(lines).isEqualTo(Scans.lineByLine(large, bytes)).isNotEmpty();
		assertThat(Scans.candidateLines(small, bytes)).isEqualTo(lines);
		assertThat(small.emptied()).isPositive();
		assertThat(large.emptied()).isZero();
	}

	private static byte[] bytes(String text) {
		if (text.startsWith("\u00E0\u0081")) {
			// Overlong UTF-8 for 'A': E0 81 81.
			return new byte[] { (byte) 0xE0, (byte) 0x81, (byte) 0x81 };
		}
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
