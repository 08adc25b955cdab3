package dev.execd.api;

import dev.execd.session.ExecOutcome;
import org.jspecify.annotations.Nullable;

/**
 * What start, stdin and poll calls return: the output since the delivery cursor.
 */
record ExecResult(String output, long outputOffset, long nextOffset, long omittedBytes, long originalTokenCount,
		long wallTimeMs, @Nullable Boolean matched, SessionView session) {

	static ExecResult of(ExecOutcome o) {
		return new ExecResult(o.output(), o.outputOffset(), o.nextOffset(), o.omittedBytes(), o.originalTokenCount(),
				o.wallTimeMs(), o.matched(), SessionView.of(o.session()));
	}

}
