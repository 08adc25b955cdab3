/**
 * Output as bytes at absolute offsets: the per-session log (file plus bounded memory
 * window), UTF-8 boundaries, escape-sequence stripping, truncation with exact markers,
 * and pattern waits under a step budget.
 */
@NullMarked
package dev.execd.output;

import org.jspecify.annotations.NullMarked;
