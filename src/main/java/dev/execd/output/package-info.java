/**
 * Output as bytes at absolute offsets: the per-session log (file plus bounded memory
 * window), UTF-8 boundaries, escape-sequence stripping, truncation with exact markers,
 * pattern waits under a step budget, and decoding of typed input and named keys.
 */
@NullMarked
package dev.execd.output;

import org.jspecify.annotations.NullMarked;
