/**
 * Terminal screens: a terminal emulator fed with a PTY session's output bytes, rendered
 * as the rows a person would see, with each row's colours and attributes as runs of
 * cells. Knows nothing of sessions or logs: the session feeds it in log order and says
 * which offset the screen reflects.
 */
@NullMarked
package dev.execd.screen;

import org.jspecify.annotations.NullMarked;
