/**
 * What the two faces of the API share: the session use cases ({@link SessionService}),
 * the request and response records (the only wire types), the conversation scope of a
 * call, and the contract's code of every refusal ({@link Refusals}). The adapters live in
 * subpackages and call this package, never each other: {@code rest} (HTTP routes, SSE and
 * the problem advice), {@code mcp} (the MCP tools at {@code /mcp}), {@code attach} (the
 * WebSocket of interactive clients), {@code docs} (the OpenAPI description),
 * {@code server} (Tomcat and the container's own refusals) and {@code security}
 * (authentication and the loopback guard).
 */
@NullMarked
package dev.execd.api;

import org.jspecify.annotations.NullMarked;
