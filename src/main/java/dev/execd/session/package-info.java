/**
 * Sessions: one live process with its output log, stdin writer, waits and reads
 * ({@link dev.execd.session.Session}), the registry that scopes them to a tenant's
 * conversation, and the refusals an operation can meet
 * ({@link dev.execd.session.SessionException}). Nothing here knows about HTTP.
 */
@NullMarked
package dev.execd.session;

import org.jspecify.annotations.NullMarked;
