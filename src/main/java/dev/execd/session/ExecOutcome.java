package dev.execd.session;

import org.jspecify.annotations.Nullable;

/**
 * Output since the delivery cursor, as one call returns it.
 *
 * @param output the text, truncated with a marker when over the cap
 * @param outputOffset where the covered range starts
 * @param nextOffset where it ends (exclusive)
 * @param omittedBytes bytes left out by truncation
 * @param wallTimeMs time the call spent
 * @param matched whether {@code wait_for} or {@code wait_for_screen} matched, null
 * without either
 * @param endedBy why the wait ended
 * @param session the session's state after the read
 */
public record ExecOutcome(String output, long outputOffset, long nextOffset, long omittedBytes, long wallTimeMs,
		@Nullable Boolean matched, EndedBy endedBy, SessionSnapshot session) {

	/** A rough token count of the untruncated range: four bytes a token. */
	public long originalTokenCount() {
		return (this.nextOffset - this.outputOffset + 3) / 4;
	}

}
