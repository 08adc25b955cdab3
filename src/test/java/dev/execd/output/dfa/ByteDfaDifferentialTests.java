package dev.execd.output.dfa;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random patterns of the syntax {@link ByteDfa} reads against random lines (ASCII,
 * characters beyond ASCII, invalid and overlong UTF-8): every line
 * {@code java.util.regex} matches must be a candidate, in a line of its own and in a
 * buffer of many lines.
 */
class ByteDfaDifferentialTests {

	private static final String[] ATOMS = { "a", "b", "c", "A", "B", "k", "K", "s", "S", "i", "I", "0", "7", " ", "-",
			"_", "é", "Ü", "ı", "ſ", "\u212A", "\uD83D\uDE00", "\\.", "\\-", "\\t", "\\x41", "\\u00e9", "\\0142",
			"\\cA", "\\x{1F600}", ".", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\h", "\\H", "\\v", "\\V", "\\p{Lu}",
			"\\P{L}", "\\pL", "[abc]", "[^abc]", "[a-cK]", "[^a-z]", "[A-Z0-9_]", "[\\d\\s]", "[^\\w]", "[é-ü]", "[^é]",
			"[-a]", "[a-]", "[\\]\\[]", "[ab[cd]]", "[a-z&&[^b]]", "[\\p{L}x]", "^", "$", "\\b", "\\B", "\\A", "\\z",
			"\\Z", "\\R", "\\X", "\\Qa.b\\E", "\\N{LATIN SMALL LETTER A}" };

	private static final String[] QUANTIFIERS = { "*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "*?", "+?", "??",
			"*+", "++", "{1,2}?", "{2}+" };

	private static final String[] TEXT = { "a", "b", "c", "A", "B", "C", "k", "K", "s", "S", "i", "I", "0", "7", " ",
			"-", "_", ".", "\t", "\r", "é", "É", "ü", "Ü", "ı", "İ", "ſ", "\u212A", "\uD83D\uDE00", "\u2028", "\u0085",
			"\u00A0", "\u3000", "x" };

	/** Raw bytes: invalid UTF-8, overlong 'A' and 'a', a surrogate, a lone lead. */
	private static final byte[][] RAW = { { (byte) 0x80 }, { (byte) 0xC0, (byte) 0x81 },
			{ (byte) 0xE0, (byte) 0x81, (byte) 0x81 }, { (byte) 0xE0, (byte) 0x81, (byte) 0xA1 },
			{ (byte) 0xF0, (byte) 0x80, (byte) 0x81, (byte) 0x81 }, { (byte) 0xED, (byte) 0xA0, (byte) 0x80 },
			{ (byte) 0xE0, (byte) 0x80, (byte) 0xB0 }, { (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80 },
			{ (byte) 0xE2 }, { (byte) 0xFF } };

	private static final int[] FLAGS = { 0, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE, Pattern.CASE_INSENSITIVE,
			Pattern.MULTILINE | Pattern.DOTALL };

	@Test
	void neverRejectsALineTheRegexMatches() {
		Random random = new Random(17);
		int patterns = 0;
		long rejected = 0;
		long lines = 0;
		while (patterns < 1500) {
			String source = alternatives(random, 3);
			int flags = FLAGS[random.nextInt(FLAGS.length)];
			Pattern pattern;
			try {
				pattern = Pattern.compile(source, flags);
			}
			catch (PatternSyntaxException ex) {
				continue;
			}
			ByteDfa dfa = ByteDfa.of(pattern);
			if (dfa == null) {
				continue;
			}
			patterns++;
			ByteArrayOutputStream buffer = new ByteArrayOutputStream();
			int firstMatch = -1;
			for (int n = 0; n < 60; n++) {
				byte[] line = line(random);
				boolean matches = pattern.matcher(RegexDecoding.decode(line)).find();
				boolean candidate = dfa.scan(line, 0, line.length) >= 0;
				assertThat(candidate || !matches).as("/%s/ (flags %d) on %s", source, flags, RegexDecoding.show(line))
					.isTrue();
				rejected += candidate ? 0 : 1;
				lines++;
				if (matches && firstMatch < 0) {
					firstMatch = buffer.size() + line.length;
				}
				buffer.writeBytes(line);
				buffer.write('\n');
			}
			byte[] all = buffer.toByteArray();
			int found = dfa.scan(all, 0, all.length);
			if (firstMatch >= 0) {
				// The candidate's line starts no later than the first matching line.
				assertThat(found).as("/%s/ over many lines", source).isBetween(0, firstMatch);
			}
		}
		assertThat(rejected).as("lines passed over").isGreaterThan(lines / 4);
	}

	@Test
	void aLongTextReadInTwoHalvesStopsInTheLinesThatLineByLineReadingDoes() {
		Random random = new Random(23);
		int patterns = 0;
		while (patterns < 60) {
			Pattern pattern;
			try {
				pattern = Pattern.compile(alternatives(random, 2), FLAGS[random.nextInt(FLAGS.length)]);
			}
			catch (PatternSyntaxException ex) {
				continue;
			}
			ByteDfa dfa = ByteDfa.of(pattern);
			if (dfa == null) {
				continue;
			}
			patterns++;
			ByteArrayOutputStream text = new ByteArrayOutputStream();
			while (text.size() < 3 * ByteDfa.SPLIT) {
				text.writeBytes(line(random));
				text.write('\n');
			}
			byte[] bytes = text.toByteArray();
			assertThat(Scans.candidateLines(dfa, bytes)).as("/%s/", pattern)
				.isEqualTo(Scans.lineByLine(ByteDfa.of(pattern), bytes));
		}
	}

	private static String alternatives(Random random, int depth) {
		StringBuilder out = new StringBuilder(sequence(random, depth));
		while (random.nextInt(4) == 0) {
			out.append('|').append(sequence(random, depth));
		}
		return out.toString();
	}

	private static String sequence(Random random, int depth) {
		StringBuilder out = new StringBuilder();
		for (int n = 1 + random.nextInt(4); n > 0; n--) {
			String atom = (depth > 0 && random.nextInt(5) == 0) ? group(random, depth - 1)
					: ATOMS[random.nextInt(ATOMS.length)];
			out.append(atom);
			if (random.nextInt(3) == 0) {
				out.append(QUANTIFIERS[random.nextInt(QUANTIFIERS.length)]);
			}
		}
		return out.toString();
	}

	private static String group(Random random, int depth) {
		String inner = alternatives(random, depth);
		return switch (random.nextInt(12)) {
			case 0 -> "(?:" + inner + ")";
			case 1 -> "(?<name" + random.nextInt(1000) + ">" + inner + ")";
			case 2 -> "(?>" + inner + ")";
			case 3 -> "(?=" + inner + ")";
			case 4 -> "(?!" + inner + ")";
			case 5 -> "(?<=" + inner + ")";
			case 6 -> "(?<!" + inner + ")";
			case 7 -> "(?i:" + inner + ")";
			case 8 -> "(?i)" + inner;
			case 9 -> "(" + inner + ")\\1";
			case 10 -> "(?-i:" + inner + ")";
			default -> "(" + inner + ")";
		};
	}

	private static byte[] line(Random random) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (int n = random.nextInt(14); n > 0; n--) {
			if (random.nextInt(12) == 0) {
				out.writeBytes(RAW[random.nextInt(RAW.length)]);
			}
			else {
				out.writeBytes(TEXT[random.nextInt(TEXT.length)].getBytes(StandardCharsets.UTF_8));
			}
		}
		return out.toByteArray();
	}

}
