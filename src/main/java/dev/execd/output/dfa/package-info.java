/**
 * A byte-level DFA that tells which lines of a log a regular expression may match, so
 * that {@code java.util.regex} only sees those. It reads a subset of the Java syntax and
 * over-approximates the rest (anchors, lookaround and back references accept more), works
 * on the raw UTF-8 bytes of a line, and never rejects a line the regex would match; the
 * engine still decides every candidate, so results are the engine's.
 */
@NullMarked
package dev.execd.output.dfa;

import org.jspecify.annotations.NullMarked;
