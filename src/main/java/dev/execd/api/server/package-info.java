/**
 * The servlet container: Tomcat's limits and the request read deadline, and problem+json
 * for the refusals the container or Spring's error page make before a controller runs.
 */
@NullMarked
package dev.execd.api.server;

import org.jspecify.annotations.NullMarked;
