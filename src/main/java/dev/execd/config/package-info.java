/**
 * The one validated configuration tree of execd ({@code execd.*}), read by every other
 * package.
 */
@NullMarked
package dev.execd.config;

import org.jspecify.annotations.NullMarked;
