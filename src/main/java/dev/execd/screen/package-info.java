/**
 * Terminal screens: a terminal emulator fed with a PTY session's output bytes, rendered
 * as the rows a person would see. Knows nothing of sessions or logs: the session feeds it
 * in log order and says which offset the screen reflects.
 */
@NullMarked
package dev.execd.screen;

import org.jspecify.annotations.NullMarked;
