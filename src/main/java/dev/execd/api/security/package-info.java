/**
 * Who may call execd, on Spring Security: bearer tokens whose names are tenants, the
 * firewall that refuses paths that are not normalized, CORS, and the Host and Origin
 * checks of a server without tokens. Every refusal is RFC 9457 problem details with the
 * contract's {@code code}. The API reads the tenant as the request's principal and knows
 * nothing else of this package.
 */
@NullMarked
package dev.execd.api.security;

import org.jspecify.annotations.NullMarked;
