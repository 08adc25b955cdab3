/**
 * Sessions: one live process with its output log, stdin writer, waits and reads
 * ({@link dev.execd.session.Session}), its state as an immutable value changed only by
 * transitions, the registry that scopes them to a tenant's conversation, the launcher and
 * the reaper, and the refusals an operation can meet
 * ({@link dev.execd.session.SessionException}). Nothing here knows about HTTP.
 */
@NullMarked
package dev.execd.session;

import org.jspecify.annotations.NullMarked;
