package dev.execd.api;

/**
 * What {@code DELETE /sessions} returns.
 */
record RemovedCount(int removed) {

}
