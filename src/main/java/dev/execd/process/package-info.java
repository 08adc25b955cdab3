/**
 * Launching session leaders on pipes or a pseudo-terminal, their environment, and
 * signalling or terminating every process of a Unix session through {@code /proc} and
 * libc.
 */
@NullMarked
package dev.execd.process;

import org.jspecify.annotations.NullMarked;
