package dev.execd.session;

import java.util.List;

/**
 * Input for a session's process as the client gave it. The session turns it into bytes
 * with its own terminal state ({@link Session#type}): a key's bytes depend on whether the
 * session has a terminal and on the cursor mode its program chose.
 */
public sealed interface Input {

	/** Most bytes one write may carry once encoded. */
	int MAX_BYTES = 1024 * 1024;

	/**
	 * Text with C-style escapes. In a pipe session Ctrl-C and Ctrl-\ in it become
	 * signals, as a terminal would make them.
	 *
	 * @param chars the text, escapes not yet decoded
	 */
	record Text(String chars) implements Input {

		/** The bytes of the text, escapes decoded: they do not depend on a terminal. */
		public byte[] bytes() {
			return dev.execd.input.InputDecoder.decode(this.chars);
		}

	}

	/**
	 * Exact bytes, written as they are: control bytes never become signals.
	 *
	 * @param bytes the bytes
	 */
	record Bytes(byte[] bytes) implements Input {

	}

	/**
	 * Named keys, sent in order.
	 *
	 * @param names the names, each one {@link #isKnown}
	 */
	record Keys(List<String> names) implements Input {

		public Keys {
			names = List.copyOf(names);
		}

		/**
		 * The fixed key names ({@code Enter}, {@code F1}...), in the contract's order.
		 */
		public static final List<String> NAMES = dev.execd.input.Keys.NAMES;

		/** Whether a key of this name exists. */
		public static boolean isKnown(String name) {
			return dev.execd.input.Keys.isKnown(name);
		}

	}

	/**
	 * End of input after whatever came before it: a pipe's stdin is closed, a terminal
	 * gets Ctrl-D.
	 */
	record Eof() implements Input {

	}

}
