/**
 * The attach channel: a WebSocket at {@code /sessions/{id}/attach} for interactive
 * clients (the console, SDKs, people at a terminal), so a keystroke is one frame each way
 * instead of a request. The controller refuses before the upgrade, with the same problem
 * bodies as every route; once upgraded, {@link dev.execd.api.attach.AttachSocket} writes
 * what the client sends to the session and sends the output it reads from the session's
 * log at its own offset, so a slow client holds one chunk and loses nothing.
 */
@NullMarked
package dev.execd.api.attach;

import org.jspecify.annotations.NullMarked;
