package dev.execd.output;

import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The text of a pattern that matches one fixed string, such as {@code BUILD SUCCESS} or
 * {@code \$ }: most {@code wait_for} patterns are, and a string search finds them far
 * faster than the regex engine tried at every start.
 */
final class LiteralPattern {

	/** The flags that do not change what a fixed string matches. */
	private static final int HARMLESS = Pattern.MULTILINE | Pattern.DOTALL | Pattern.UNIX_LINES | Pattern.LITERAL;

	private static final String SPECIAL = "[](){}.*+?^$|";

	private LiteralPattern() {
	}

	/**
	 * The string the pattern matches, or null when it is not one fixed, non-empty string.
	 */
	static @Nullable String text(Pattern pattern) {
		if ((pattern.flags() & ~HARMLESS) != 0) {
			return null;
		}
		String regex = pattern.pattern();
		if ((pattern.flags() & Pattern.LITERAL) != 0) {
			return regex.isEmpty() ? null : regex;
		}
		StringBuilder text = new StringBuilder(regex.length());
		for (int i = 0; i < regex.length(); i++) {
			char c = regex.charAt(i);
			if (c == '\\') {
				// A backslash before a letter or digit is a construct (\d, \b, \Q, \1);
				// before anything else it stands for that character.
				if (i + 1 == regex.length() || Character.isLetterOrDigit(regex.charAt(i + 1))) {
					return null;
				}
				text.append(regex.charAt(++i));
			}
			else if (SPECIAL.indexOf(c) >= 0) {
				return null;
			}
			else {
				text.append(c);
			}
		}
		return text.isEmpty() ? null : text.toString();
	}

}
