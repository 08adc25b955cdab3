package dev.execd.output;

import java.util.regex.Pattern;

/**
 * How a pattern matched line by line meets an empty line. A line is matched without its
 * end, and java.util.regex never matches a MULTILINE {@code ^} at the end of its input,
 * even where the input starts (Perl's rule): on an empty line {@code ^$} would fail where
 * {@code grep '^$'} matches. Without MULTILINE, {@code ^} and {@code $} match at the
 * start and the end of the input, which on an empty line is all MULTILINE would add: the
 * same pattern compiled without the flag matches an empty line as grep does, {@code \z},
 * {@code \A} and lookaround included. Only an inline {@code (?m)}, which repeats the flag
 * every pattern already has, brings the rule back.
 */
final class EmptyLines {

	private EmptyLines() {
	}

	/** The pattern to match against an empty line in place of {@code pattern}. */
	static Pattern pattern(Pattern pattern) {
		int flags = pattern.flags();
		return ((flags & Pattern.MULTILINE) == 0) ? pattern
				: Pattern.compile(pattern.pattern(), flags & ~Pattern.MULTILINE);
	}

}
