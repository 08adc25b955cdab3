/**
 * Webhooks: an outbound adapter beside {@code rest} and {@code mcp}. It listens to every
 * published event ({@code session.EventListener}), queues a delivery per subscription
 * that wants it (bounded, the oldest dropped first) and posts it from a few threads with
 * retries, so a slow or dead receiver never holds up a session or another subscription
 * for long. It uses the api root (the event's data, the port it implements), session and
 * config, and nothing else uses it but through {@link dev.execd.api.Webhooks}.
 */
@NullMarked
package dev.execd.api.webhook;

import org.jspecify.annotations.NullMarked;
