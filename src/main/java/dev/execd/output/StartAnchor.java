package dev.execd.output;

import java.util.regex.Pattern;

/**
 * Turns {@code \G} into {@code \A} for {@link PatternScanner}. The engine matches
 * {@code \G} where a search starts; a search of the whole text starts at its beginning,
 * where {@code \A} matches, but a scanner that resumes mid-text starts the engine there.
 */
final class StartAnchor {

	private StartAnchor() {
	}

	static Pattern rewrite(Pattern pattern) {
		String source = pattern.pattern();
		if ((pattern.flags() & Pattern.LITERAL) != 0 || !source.contains("\\G")) {
			return pattern;
		}
		StringBuilder out = new StringBuilder(source.length());
		int i = 0;
		while (i < source.length()) {
			char c = source.charAt(i);
			int end = i + 2;
			if (c != '\\' || i + 1 == source.length()) {
				end = i + 1;
			}
			else if (source.charAt(i + 1) == 'Q') {
				// Quoted text runs to \E, or to the end without one.
				int quoteEnd = source.indexOf("\\E", i + 2);
				end = (quoteEnd < 0) ? source.length() : quoteEnd + 2;
			}
			else if (source.charAt(i + 1) == 'G') {
				out.append("\\A");
				i = end;
				continue;
			}
			else if (source.charAt(i + 1) == 'c') {
				// \cX names a control character by the next one, which may be a
				// backslash.
				end = Math.min(i + 3, source.length());
			}
			out.append(source, i, end);
			i = end;
		}
		return Pattern.compile(out.toString(), pattern.flags());
	}

}
