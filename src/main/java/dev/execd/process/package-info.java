/**
 * Launching session leaders on pipes or a pseudo-terminal, their environment, and
 * signalling or terminating every process of a Unix session through {@code /proc} and
 * libc. The {@link dev.execd.process.Poller} serves the streams and exits of every child
 * on a few epoll threads: output reads, non-blocking stdin writes and pidfd reaping.
 */
@NullMarked
package dev.execd.process;

import org.jspecify.annotations.NullMarked;
