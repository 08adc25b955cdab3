/**
 * The HTTP API: controllers, request and response records (the only wire types), the
 * conversation scope of each request, and the one advice that turns every refusal into
 * RFC 9457 problem details with a stable {@code code}. The MCP tools at {@code /mcp}
 * ({@code Mcp*}) are a second face of the same routes: they call the controllers.
 */
@NullMarked
package dev.execd.api;

import org.jspecify.annotations.NullMarked;
