/**
 * The HTTP API: controllers, request and response records (the only wire types), the
 * conversation scope of each request, and the one advice that turns every refusal into
 * RFC 9457 problem details with a stable {@code code}.
 */
@NullMarked
package dev.execd.api;

import org.jspecify.annotations.NullMarked;
