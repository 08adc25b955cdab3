package dev.execd.api;

import java.util.List;

/**
 * What {@code GET /sessions} returns, newest first.
 */
record SessionList(List<SessionView> sessions) {

}
