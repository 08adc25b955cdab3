package dev.execd.session;

import org.jspecify.annotations.Nullable;

/**
 * One read of output by offset.
 *
 * @param text the text, when read as text
 * @param bytes the exact bytes, when read as base64
 * @param outputOffset where the read starts (a character boundary for text)
 * @param nextOffset where it ends
 * @param eof whether the process ended and every byte has been read
 * @param matched whether {@code wait_for} or {@code wait_for_screen} matched, null
 * without either
 * @param endedBy why the wait ended
 * @param session the session's state after the read
 */
public record ReadOutcome(@Nullable String text, byte @Nullable [] bytes, long outputOffset, long nextOffset,
		boolean eof, @Nullable Boolean matched, EndedBy endedBy, SessionSnapshot session) {

}
