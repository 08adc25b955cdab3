package dev.execd.output;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The literal text every match of a regular expression must contain, read off its source:
 * for each top-level alternative, the longest run of plain ASCII characters outside
 * groups and classes that no quantifier makes optional. A line without any of them cannot
 * match, so the regex engine never sees it. Anything this reading is not sure about
 * (inline flags, quoting, escapes that consume more characters, back references) gives no
 * literals, and every line goes to the engine.
 */
final class RegexLiterals {

	private static final String MORE_CHARACTERS = "xucpPNkgQE0123456789";

	/**
	 * With case-insensitive matching, letters that Unicode case folding relates to
	 * characters outside ASCII (the Kelvin sign, the long s, the dotted and dotless i).
	 */
	private static final String FOLDS_BEYOND_ASCII = "kKsSiI";

	private RegexLiterals() {
	}

	/** One literal per alternative, or null when some alternative has none. */
	static @Nullable List<String> of(String regex, boolean ignoreCase) {
		if (regex.contains("\\Q") || hasInlineFlags(regex)) {
			return null;
		}
		List<String> literals = new ArrayList<>();
		StringBuilder run = new StringBuilder();
		String best = "";
		boolean literalLast = false;
		for (int i = 0; i <= regex.length();) {
			char c = (i < regex.length()) ? regex.charAt(i) : '|';
			if (c == '|') {
				best = longest(best, run);
				if (best.length() < 2) {
					return null;
				}
				literals.add(best);
				best = "";
				run.setLength(0);
				literalLast = false;
				i++;
				continue;
			}
			char literal = 0;
			int next = i + 1;
			if (c == '\\') {
				if (i + 1 >= regex.length() || MORE_CHARACTERS.indexOf(regex.charAt(i + 1)) >= 0) {
					return null;
				}
				char d = regex.charAt(i + 1);
				literal = Character.isLetterOrDigit(d) ? 0 : d;
				next = i + 2;
			}
			else if (c == '*' || c == '?' || c == '{') {
				if (literalLast) {
					// The character before is optional.
					run.setLength(run.length() - 1);
				}
				next = (c == '{') ? regex.indexOf('}', i) + 1 : i + 1;
				if (next == 0) {
					return null;
				}
			}
			else if (c == '[' || c == '(') {
				next = (c == '[') ? skipClass(regex, i) : skipGroup(regex, i);
				if (next < 0) {
					return null;
				}
			}
			else if (c == ')' || c == ']' || c == '}') {
				return null;
			}
			else if (c != '+' && c != '.' && c != '^' && c != '$') {
				literal = c;
			}
			boolean usable = literal >= ' ' && literal < 0x7F
					&& !(ignoreCase && FOLDS_BEYOND_ASCII.indexOf(literal) >= 0);
			if (usable) {
				run.append(literal);
			}
			else {
				best = longest(best, run);
				run.setLength(0);
			}
			literalLast = usable;
			i = next;
		}
		return literals;
	}

	private static String longest(String best, StringBuilder run) {
		return (run.length() > best.length()) ? run.toString() : best;
	}

	private static boolean hasInlineFlags(String regex) {
		for (int at = regex.indexOf("(?"); at >= 0; at = regex.indexOf("(?", at + 1)) {
			if (at + 2 >= regex.length() || "idmsuxUc-".indexOf(regex.charAt(at + 2)) >= 0) {
				return true;
			}
		}
		return false;
	}

	/** The index after the class that starts at {@code i}, or -1. */
	private static int skipClass(String s, int i) {
		int depth = 0;
		for (int j = i; j < s.length(); j++) {
			char c = s.charAt(j);
			if (c == '\\') {
				j++;
			}
			else if (c == '[') {
				depth++;
				int first = (j + 1 < s.length() && s.charAt(j + 1) == '^') ? j + 2 : j + 1;
				if (first < s.length() && s.charAt(first) == ']') {
					// Whether ] right after [ is literal is a subtlety better left alone.
					return -1;
				}
			}
			else if (c == ']' && --depth == 0) {
				return j + 1;
			}
		}
		return -1;
	}

	/** The index after the group that starts at {@code i}, or -1. */
	private static int skipGroup(String s, int i) {
		int depth = 0;
		for (int j = i; j < s.length(); j++) {
			char c = s.charAt(j);
			if (c == '\\') {
				j++;
			}
			else if (c == '[') {
				j = skipClass(s, j) - 1;
				if (j < 0) {
					return -1;
				}
			}
			else if (c == '(') {
				depth++;
			}
			else if (c == ')' && --depth == 0) {
				return j + 1;
			}
		}
		return -1;
	}

}
