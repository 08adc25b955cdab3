package dev.execd.output;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How a pattern matched line by line meets an empty line. A line is matched without its
 * end, and java.util.regex never matches a MULTILINE {@code ^} at the end of its input,
 * even where the input starts (Perl's rule): on an empty line {@code ^$} would fail where
 * {@code grep '^$'} matches. Without MULTILINE, {@code ^} and {@code $} match at the
 * start and the end of the input, which on an empty line is all MULTILINE would add: the
 * same pattern without the flag matches an empty line as grep does, {@code \z},
 * {@code \A} and lookaround included. The flag is taken out of the pattern's text too,
 * where an inline {@code (?m)}, {@code (?im)} or {@code (?m:...)} sets it again.
 */
final class EmptyLines {

	/** The letters of an inline flag group, {@code (?idmsuxUc-idmsuxUc)}. */
	private static final String FLAGS = "idmsuxUc-";

	private EmptyLines() {
	}

	/** The pattern to match against an empty line in place of {@code pattern}. */
	static Pattern pattern(Pattern pattern) {
		int flags = pattern.flags();
		String regex = pattern.pattern();
		String plain = ((flags & Pattern.LITERAL) != 0) ? regex : withoutMultiline(regex);
		if ((flags & Pattern.MULTILINE) == 0 && plain.equals(regex)) {
			return pattern;
		}
		try {
			return Pattern.compile(plain, flags & ~Pattern.MULTILINE);
		}
		catch (PatternSyntaxException ex) {
			// Not read as Java reads it; the inline flag then stays.
			return Pattern.compile(regex, flags & ~Pattern.MULTILINE);
		}
	}

	/**
	 * The regex with {@code m} taken out of the flags its inline groups turn on, past
	 * escapes and {@code \Q...\E}. A group found inside a character class or a comment
	 * changes nothing an empty line can match: a class needs a character, a comment is
	 * none.
	 */
	static String withoutMultiline(String regex) {
		StringBuilder out = new StringBuilder(regex.length());
		int n = regex.length();
		int i = 0;
		while (i < n) {
			char c = regex.charAt(i);
			if (c == '\\' && i + 1 < n) {
				int end = i + 2;
				if (regex.charAt(i + 1) == 'Q') {
					int quoteEnd = regex.indexOf("\\E", end);
					end = (quoteEnd < 0) ? n : quoteEnd + 2;
				}
				out.append(regex, i, end);
				i = end;
				continue;
			}
			int flagsEnd = flagsEnd(regex, i);
			if (flagsEnd > 0) {
				out.append("(?");
				boolean off = false;
				for (int k = i + 2; k < flagsEnd; k++) {
					char flag = regex.charAt(k);
					off |= flag == '-';
					if (off || flag != 'm') {
						out.append(flag);
					}
				}
				i = flagsEnd;
				continue;
			}
			out.append(c);
			i++;
		}
		return out.toString();
	}

	/**
	 * Where the flags of an inline flag group at {@code i} end (at its {@code )} or
	 * {@code :}), or -1 when none starts there.
	 */
	private static int flagsEnd(String regex, int i) {
		if (!regex.startsWith("(?", i)) {
			return -1;
		}
		int j = i + 2;
		while (j < regex.length() && FLAGS.indexOf(regex.charAt(j)) >= 0) {
			j++;
		}
		return (j > i + 2 && j < regex.length() && (regex.charAt(j) == ')' || regex.charAt(j) == ':')) ? j : -1;
	}

}
