/**
 * The HTTP routes: one controller per concern (start and poll, list and remove, change a
 * running session, the log, the two Server-Sent Events streams), the request records only
 * REST has, the SSE writer and the one advice that turns every refusal into RFC 9457
 * problem details. Controllers check the request and call the shared use cases; they
 * never decode output or encode input.
 */
@NullMarked
package dev.execd.api.rest;

import org.jspecify.annotations.NullMarked;
