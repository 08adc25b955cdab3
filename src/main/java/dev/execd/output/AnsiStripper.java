package dev.execd.output;

import static dev.execd.output.AnsiControls.*;

/**
 * Removes terminal escape sequences from decoded text and collapses carriage-return
 * rewrites, so that an agent sees what a person would read on the screen.
 * <p>
 * Stateful: a sequence split across chunks is still removed completely, and a control
 * string (OSC, DCS, SOS, PM, APC) of up to {@link #MAX_STRING_BYTES}, in constant memory.
 * Not thread-safe; use one instance per output stream.
 * <p>
 * C0 controls other than BEL, {@code \r} and {@code \n} (for example backspace or tab)
 * are kept as they are: emulating a cursor would need a screen model, and keeping them
 * leaves the agent the raw information. BEL is removed because it only rings.
 * <p>
 * Cursor moves keep rows apart ({@link CursorRows}): a move to another row becomes one
 * line break, a move forward within the row one space, a move to its first column a
 * {@code \r}.
 */
public final class AnsiStripper {

	/**
	 * Longest body of a pending escape or CSI sequence (intermediates, parameters, and
	 * the controls it executes). A program that never terminates one would otherwise hide
	 * all later output; past this length it is abandoned and the following characters are
	 * shown again.
	 */
	static final int MAX_SEQUENCE_LENGTH = 4096;

	/**
	 * Longest body of a control string, in bytes of UTF-8. A clipboard copy or an image
	 * runs long, but not forever: past this the string is abandoned as an overlong
	 * sequence is. The bound is what lets a read from any offset know the state here from
	 * the bytes just before it ({@link ReadStarts#stripperAt}).
	 */
	public static final int MAX_STRING_BYTES = 64 * 1024;

	private State state = State.GROUND;

	private int sequenceLength;

	private boolean carriageReturnPending;

	private final CursorRows rows = new CursorRows();

	// The last character returned by an earlier chunk; a line start before any.
	private char lastReturned = '\n';

	/**
	 * Strips the next chunk of text.
	 * @param chunk the chunk, continuing the previous one
	 * @return the visible text of the chunk; a {@code \r} at its end is held back until
	 * the next chunk shows whether it starts a {@code \r\n}
	 */
	public String strip(CharSequence chunk) {
		StringBuilder out = new StringBuilder(chunk.length());
		for (int i = 0; i < chunk.length(); i++) {
			char c = chunk.charAt(i);
			switch (this.state) {
				case GROUND -> ground(c, out);
				case ESCAPE -> escape(c, out);
				case CSI -> csi(c, out);
				case OSC, STRING -> string(c, out);
			}
		}
		if (!out.isEmpty()) {
			this.lastReturned = out.charAt(out.length() - 1);
		}
		return out.toString();
	}

	/**
	 * Forgets any pending sequence or carriage return, and the cursor's row.
	 */
	public void reset() {
		this.state = State.GROUND;
		this.sequenceLength = 0;
		this.carriageReturnPending = false;
		this.rows.reset();
		this.lastReturned = '\n';
	}

	/**
	 * Strips a complete text. A trailing {@code \r} is dropped: nothing follows that it
	 * could rewind.
	 * @param text the whole text
	 * @return the visible text
	 */
	public static String stripAll(CharSequence text) {
		// A held carriage return produces no text, so ending here is the flush.
		return new AnsiStripper().strip(text);
	}

	private void ground(char c, StringBuilder out) {
		switch (c) {
			case ESC -> enter(State.ESCAPE);
			case C1_CSI -> enter(State.CSI);
			case C1_OSC -> enter(State.OSC);
			case C1_DCS, C1_SOS, C1_PM, C1_APC -> enter(State.STRING);
			case BEL, C1_ST -> {
				// invisible, and transparent to a pending carriage return
			}
			case '\n' -> {
				this.carriageReturnPending = false;
				this.rows.lineFeed();
				out.append('\n');
			}
			// Decided by the next visible character: a PTY turns a program's own "\r\n"
			// into "\r\r\n", which must stay a plain newline.
			case '\r' -> {
				this.carriageReturnPending = true;
				this.rows.carriageReturn();
			}
			default -> {
				rewindIfCarriageReturnPending(out);
				this.rows.beforeCharacter(out, this.lastReturned);
				out.append(c);
			}
		}
	}

	// Only the text of this chunk can be taken back: earlier chunks were already
	// returned to the caller.
	private void rewindIfCarriageReturnPending(StringBuilder out) {
		if (this.carriageReturnPending) {
			out.setLength(out.lastIndexOf("\n") + 1);
			this.carriageReturnPending = false;
		}
	}

	private void escape(char c, StringBuilder out) {
		if (c < 0x20) {
			controlInSequence(c, out);
		}
		else if (c <= 0x2F) {
			// intermediate, as in ESC ( B (character set selection)
			withinBound(c, out);
		}
		else if (this.sequenceLength == 0 && c == '[') {
			enter(State.CSI);
		}
		else if (this.sequenceLength == 0 && c == ']') {
			enter(State.OSC);
		}
		else if (this.sequenceLength == 0 && (c == 'P' || c == 'X' || c == '^' || c == '_')) {
			enter(State.STRING);
		}
		else if (c < DEL) {
			// final character; ESC \ (ST) ending a string sequence also lands here
			this.state = State.GROUND;
			if (this.sequenceLength == 0) {
				move(this.rows.escapeFinal(c), out);
			}
		}
		else if (c > DEL) {
			// not part of any escape sequence: abandon it and show the character
			this.state = State.GROUND;
			ground(c, out);
		}
	}

	private void csi(char c, StringBuilder out) {
		if (c < 0x20) {
			controlInSequence(c, out);
		}
		else if (c <= 0x3F) {
			// parameter or intermediate
			this.rows.csiParameter(c);
			withinBound(c, out);
		}
		else if (c < DEL) {
			this.state = State.GROUND;
			move(this.rows.csiFinal(c), out);
		}
		else if (c > DEL) {
			this.state = State.GROUND;
			ground(c, out);
		}
	}

	// Anything else is payload, dropped up to MAX_STRING_BYTES.
	private void string(char c, StringBuilder out) {
		switch (c) {
			// ESC \ is the string terminator and is consumed as an ordinary escape;
			// any other ESC abandons the string and starts a new sequence, as in xterm.
			case ESC -> enter(State.ESCAPE);
			case C1_ST, CAN, SUB -> this.state = State.GROUND;
			// xterm ends OSC (only) with BEL too, and most programs send it that way.
			case BEL -> {
				if (this.state == State.OSC) {
					this.state = State.GROUND;
				}
			}
			default -> {
				// Surrogates count two bytes each, four a pair; U+FFFD counts three
				// whatever it stands for, so the bytes of the log are never more.
				this.sequenceLength += (c < 0x80) ? 1 : (c < 0x800 || Character.isSurrogate(c)) ? 2 : 3;
				if (this.sequenceLength > MAX_STRING_BYTES) {
					this.state = State.GROUND;
					ground(c, out);
				}
			}
		}
	}

	// Terminals execute C0 controls met inside ESC and CSI sequences as if outside;
	// CAN and SUB cancel the sequence and ESC restarts it.
	private void controlInSequence(char c, StringBuilder out) {
		switch (c) {
			case ESC -> enter(State.ESCAPE);
			case CAN, SUB -> this.state = State.GROUND;
			default -> {
				ground(c, out);
				if (++this.sequenceLength > MAX_SEQUENCE_LENGTH) {
					this.state = State.GROUND;
				}
			}
		}
	}

	private void withinBound(char c, StringBuilder out) {
		this.sequenceLength++;
		if (this.sequenceLength > MAX_SEQUENCE_LENGTH) {
			this.state = State.GROUND;
			ground(c, out);
		}
	}

	private void enter(State next) {
		this.state = next;
		this.sequenceLength = 0;
		if (next == State.CSI) {
			this.rows.csiStart();
		}
	}

	private void move(CursorRows.Move move, StringBuilder out) {
		this.carriageReturnPending = this.rows.apply(move, out, this.lastReturned, this.carriageReturnPending);
	}

	private enum State {

		GROUND, ESCAPE, CSI, OSC, STRING

	}

}
