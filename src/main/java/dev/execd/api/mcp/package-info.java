/**
 * The MCP adapter: the Streamable HTTP endpoint at {@code /mcp}, its tools and their
 * results. Each tool binds its arguments to the REST request record it mirrors and calls
 * the same use case as that route, so both faces validate, wait and refuse alike.
 */
@NullMarked
package dev.execd.api.mcp;

import org.jspecify.annotations.NullMarked;
