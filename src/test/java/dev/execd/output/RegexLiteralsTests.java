package dev.execd.output;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RegexLiterals}: what is read off a pattern, and that lines the
 * prefilter rejects never match.
 */
class RegexLiteralsTests {

	@Test
	void readsTheLongestRequiredRunOfEachAlternative() {
		assertThat(RegexLiterals.of("error: \\w+ failed", false)).containsExactly("error: ");
		assertThat(RegexLiterals.of("ERROR|FATAL", false)).containsExactly("ERROR", "FATAL");
		assertThat(RegexLiterals.of("abcd?ef", false)).containsExactly("abc");
		assertThat(RegexLiterals.of("ab+cdef", false)).containsExactly("cdef");
		assertThat(RegexLiterals.of("(optional)?long text", false)).containsExactly("long text");
		assertThat(RegexLiterals.of("x\\.y\\.zz{2,3}", false)).containsExactly("x.y.z");
		assertThat(RegexLiterals.of("fail(ed|ure) in [a-z|]+", false)).containsExactly("fail");
		assertThat(RegexLiterals.of("Kiss me", true)).containsExactly(" me");
	}

	@Test
	void givesUpWhereItCannotBeSure() {
		assertThat(RegexLiterals.of("(?i)error", false)).isNull();
		assertThat(RegexLiterals.of("\\Qa.b\\E", false)).isNull();
		assertThat(RegexLiterals.of("\\x41bcd", false)).isNull();
		assertThat(RegexLiterals.of("(a)\\1bcd", false)).isNull();
		assertThat(RegexLiterals.of("error|\\d+", false)).isNull();
		assertThat(RegexLiterals.of("\\d{4}-\\d\\d", false)).isNull();
	}

	@Test
	void aFilteredRegexFindsWhatThePlainOneFinds() {
		Random random = new Random(5);
		String alphabet = "abcAB .|-xyz\u00e9";
		List<String> patterns = List.of("ab+c", "a.c|xyz", "(ab)?c A", "ab\\.?c", "b{2}a", "[ab]c x", "a b|B A", "xy*z",
				"^abc", "c$|ab c", "A.b", "Ab");
		for (String source : patterns) {
			for (int flags : new int[] { Pattern.MULTILINE,
					Pattern.MULTILINE | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE }) {
				Pattern pattern = Pattern.compile(source, flags);
				RegexMatcher matcher = new RegexMatcher(pattern);
				for (int n = 0; n < 3000; n++) {
					StringBuilder line = new StringBuilder();
					for (int i = random.nextInt(12); i > 0; i--) {
						line.append(alphabet.charAt(random.nextInt(alphabet.length())));
					}
					byte[] bytes = line.toString().getBytes(StandardCharsets.UTF_8);
					boolean expected = pattern.matcher(line).find();
					assertThat(matcher.find(bytes, 0, bytes.length) >= 0).as("%s on '%s'", pattern, line)
						.isEqualTo(expected);
				}
			}
		}
	}

}
