package dev.execd.api;

import java.util.Base64;

import dev.execd.session.ReadOutcome;
import org.jspecify.annotations.Nullable;

/**
 * What {@code GET /sessions/{id}/output} returns.
 */
record OutputResult(String output, long outputOffset, long nextOffset, boolean eof, @Nullable Boolean matched,
		SessionView session) {

	static OutputResult of(ReadOutcome o) {
		String output = (o.bytes() != null) ? Base64.getEncoder().encodeToString(o.bytes()) : o.text();
		return new OutputResult((output != null) ? output : "", o.outputOffset(), o.nextOffset(), o.eof(), o.matched(),
				SessionView.of(o.session()));
	}

}
