package dev.execd.session;

import java.time.Duration;

/**
 * An exclusive key a start asks for: while a session of the tenant holds it, the start
 * waits for that one to end.
 *
 * @param key the key, unique per tenant
 * @param maxWait how long the start may wait for the holder to end; zero refuses at once
 */
public record Exclusive(String key, Duration maxWait) {

}
