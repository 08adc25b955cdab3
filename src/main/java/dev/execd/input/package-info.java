/**
 * Input as bytes for a process: C-style escapes in typed text, named keys and the
 * terminal's cursor key mode they depend on. Only {@code session/} uses it: a session
 * encodes the input a client gives with its own terminal state, so the api never builds
 * bytes.
 */
@NullMarked
package dev.execd.input;

import org.jspecify.annotations.NullMarked;
