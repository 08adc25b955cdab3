package dev.execd.session;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a {@code session_matched} event tells: a watch matched a line of output.
 *
 * @param watch the watch's name
 * @param offset where the match starts in the session's log, in bytes
 * @param text the line as a person reads it (escape sequences removed), cut to 1 KiB
 * @param groups the capture groups, each cut to 1 KiB; null for one that did not take
 * part
 */
public record WatchMatch(String watch, long offset, String text, List<@Nullable String> groups) implements EventDetail {

}
