package dev.execd.session;

/**
 * What an event tells beyond its session's state: a watch's match, a port, a command's
 * result. Implementations are records of plain values; the API writes their components as
 * the event's fields beside {@code session_id} and {@code name}.
 */
public interface EventDetail {

}
