/**
 * Launching session leaders on pipes or a pseudo-terminal, their environment, and
 * signalling or terminating every process of a Unix session through {@code /proc} and
 * libc. The {@link dev.execd.process.Poller} serves the streams of every child on a few
 * epoll threads (output reads, non-blocking stdin writes); one thread reaps every child
 * ({@code ChildReaper}), with no descriptor per child.
 */
@NullMarked
package dev.execd.process;

import org.jspecify.annotations.NullMarked;
