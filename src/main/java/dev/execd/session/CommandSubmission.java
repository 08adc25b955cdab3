package dev.execd.session;

/**
 * A command submitted to a shell, and whether this call queued it: false when a retry
 * with the same request id found the command an earlier call queued.
 */
public record CommandSubmission(CommandSnapshot command, boolean created) {

}
