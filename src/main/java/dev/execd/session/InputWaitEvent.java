package dev.execd.session;

/**
 * {@code session_waiting_for_input}: the session's foreground process is blocked reading
 * its input.
 *
 * @param offset the end of the output when it was seen: the prompt ends there
 */
public record InputWaitEvent(long offset) implements EventDetail {

}
