package dev.execd.api.attach;

import dev.execd.api.SessionView;
import dev.execd.session.LiveEvent;

/**
 * The text frames execd sends on the attach channel, written through the mapper in
 * snake_case; {@code type} comes first so a client can switch on it.
 */
final class ServerMessages {

	private ServerMessages() {
	}

	/** The message that carries an event of the output. */
	static Object of(LiveEvent event) {
		return switch (event) {
			case LiveEvent.Text text -> new Text(text.offset(), text.next(), text.stream(), text.text());
			case LiveEvent.Bytes bytes -> new Binary(bytes.offset(), bytes.next(), bytes.stream(), bytes.copy());
			case LiveEvent.Gap gap -> new Gap(gap.from(), gap.to());
			case LiveEvent.End end -> new Exit(SessionView.of(end.session()));
		};
	}

	/**
	 * Output as text: the bytes {@code [offset, next)} of the log, never split inside a
	 * UTF-8 character.
	 */
	record Text(String type, long offset, long next, String stream, String text) {

		Text(long offset, long next, String stream, String text) {
			this("output", offset, next, stream, text);
		}

	}

	/** Output as exact bytes ({@code encoding=base64}). */
	record Binary(String type, long offset, long next, String stream, byte[] dataB64) {

		Binary(long offset, long next, String stream, byte[] dataB64) {
			this("output", offset, next, stream, dataB64);
		}

	}

	/** The bytes {@code [from, to)} are no longer kept; output goes on at {@code to}. */
	record Gap(String type, long from, long to) {

		Gap(long from, long to) {
			this("gap", from, to);
		}

	}

	/** The session ended and every byte of its output was sent, or it was removed. */
	record Exit(String type, SessionView session) {

		Exit(SessionView session) {
			this("exit", session);
		}

	}

	/** A client message was refused; the connection stays. */
	record Error(String type, String code, String detail) {

		Error(String code, String detail) {
			this("error", code, detail);
		}

	}

}
