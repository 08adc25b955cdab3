package dev.execd.session;

import java.time.Instant;

/**
 * What a {@code session_matches_dropped} event tells: a watch matched more often than
 * {@link ActiveWatch#MATCHES_PER_SECOND} in one second, and the matches beyond were
 * counted instead of published.
 *
 * @param watch the watch's name
 * @param dropped how many matches were not published
 * @param since when the second began
 */
public record MatchesDropped(String watch, long dropped, Instant since) implements EventDetail {

}
