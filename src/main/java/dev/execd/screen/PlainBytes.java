package dev.execd.screen;

/**
 * Follows output byte by byte as a terminal parses it, enough to tell {@link PlainRuns}
 * which bytes are plain (text, CR, LF, TAB, BS, BEL, SGR colours), where a line ends
 * ({@code \r\n}), where a sequence that does more begins and ends, and whether the
 * program may have set a scroll region (DECSTBM, reset by {@code CSI r}, RIS and DECSTR).
 */
final class PlainBytes {

	/** What the scanner reports to the run being scanned. */
	interface Listener {

		/** A line ended just before {@code end}, at the first column. */
		void lineEnded(long end);

		/** The byte at {@code at} is not plain: a run before it ends there. */
		void broken(long at);

		/** A run may start at {@code at}: a sequence or control ended just before it. */
		void startAt(long at);

		/**
		 * An SGR sequence ended at {@code at}, with these parameters (cut at 32
		 * characters).
		 */
		void styled(long at, String params);

	}

	private enum State {

		GROUND, ESCAPE, CSI, CSI_OTHER, ESCAPE_INTERMEDIATE, STRING, STRING_ESCAPE

	}

	private final Listener listener;

	private State state = State.GROUND;

	/** Whether the current CSI's parameters were all digits, {@code ;} or {@code :}. */
	private boolean sgrOnly;

	private final StringBuilder params = new StringBuilder();

	/** The control string's introducer: {@code ]} (OSC), {@code P} (DCS), ... */
	private int string;

	private boolean lastWasCr;

	private boolean lastWasC2;

	private boolean regionSet;

	private int rows;

	PlainBytes(Listener listener) {
		this.listener = listener;
	}

	/** The screen's height, against which a scroll region is judged full. */
	void rows(int rows) {
		this.rows = rows;
	}

	/** Whether no sequence is under way: a run may start here. */
	boolean inGround() {
		return this.state == State.GROUND;
	}

	/** Whether the program may have confined scrolling to part of the screen. */
	boolean regionSet() {
		return this.regionSet;
	}

	/** See {@link PlainRuns#lost}. */
	void lost() {
		this.state = State.GROUND;
		this.regionSet = true;
		this.lastWasCr = false;
		this.lastWasC2 = false;
	}

	void step(int b, long at) {
		if (b == 0x1b && this.state != State.GROUND && this.state.compareTo(State.STRING) < 0) {
			// ESC inside a sequence (or after one) starts the next, as for
			// ControlStrings.
			this.listener.broken(at);
			this.state = State.ESCAPE;
			return;
		}
		switch (this.state) {
			case GROUND -> ground(b, at);
			case ESCAPE -> escape(b, at);
			case ESCAPE_INTERMEDIATE -> {
				if (b >= 0x30 && b <= 0x7e) {
					restartAfter(at);
				}
			}
			case CSI -> csi(b, at);
			case CSI_OTHER -> {
				if (b >= 0x40 && b <= 0x7e) {
					restartAfter(at);
				}
			}
			case STRING -> {
				// As ControlStrings reads a string: BEL ends an OSC only, CAN and SUB
				// abort any, an ESC ends all but a DCS.
				if (b == 0x07 && this.string == ']' || b == 0x18 || b == 0x1a) {
					restartAfter(at);
				}
				else if (b == 0x1b) {
					this.state = State.STRING_ESCAPE;
				}
			}
			case STRING_ESCAPE -> {
				if (b == '\\') {
					restartAfter(at);
				}
				else if (this.string == 'P') {
					this.state = State.STRING;
				}
				else {
					escape(b, at); // cut short: the ESC starts the next sequence
				}
			}
		}
	}

	private void ground(int b, long at) {
		boolean c2 = this.lastWasC2;
		this.lastWasC2 = (b == 0xc2);
		if (b == '\n') {
			if (this.lastWasCr) {
				this.listener.lineEnded(at + 1);
			}
		}
		else if (b == 0x1b) {
			this.state = State.ESCAPE;
		}
		else if (c2 && b >= 0x80 && b <= 0x9f) {
			// A C1 control in UTF-8: the emulator may act on it.
			this.listener.broken(at - 1);
			this.listener.startAt(at + 1);
		}
		else if (b < 0x20 && b != '\r' && b != '\t' && b != '\b' && b != 0x07 || b == 0x7f) {
			this.listener.broken(at);
			this.listener.startAt(at + 1);
		}
		this.lastWasCr = (b == '\r');
	}

	private void escape(int b, long at) {
		this.lastWasCr = false;
		this.lastWasC2 = false;
		if (b == '[') {
			this.state = State.CSI;
			this.params.setLength(0);
			this.sgrOnly = true;
		}
		else if (b == ']' || b == 'P' || b == 'X' || b == '^' || b == '_') {
			this.listener.broken(at - 1);
			this.state = State.STRING;
			this.string = b;
		}

		else if (b >= 0x20 && b <= 0x2f) {
			this.listener.broken(at - 1);
			this.state = State.ESCAPE_INTERMEDIATE;
		}
		else {
			this.listener.broken(at - 1);
			if (b == 'c') {
				this.regionSet = false;
			}
			restartAfter(at);
		}
	}

	private void csi(int b, long at) {
		if (b >= '0' && b <= '9' || b == ';' || b == ':') {
			if (this.params.length() < 32) {
				this.params.append((char) b);
			}
			return;
		}
		if (b >= 0x40 && b <= 0x7e) {
			if (b == 'm' && this.sgrOnly) {
				// Colours only: the run goes on.
				this.state = State.GROUND;
				this.listener.styled(at, this.params.toString());
				return;
			}
			this.listener.broken(at);
			if (b == 'r' && this.sgrOnly) {
				this.regionSet = !fullRegion(this.params.toString());
			}
			restartAfter(at);
			return;
		}
		this.sgrOnly = false;
		if (b < 0x20 || b > 0x3f) {
			// Not a parameter or intermediate byte: the sequence is malformed; wait for
			// its final byte as the emulator does.
			this.listener.broken(at);
			this.state = State.CSI_OTHER;
		}
		else if (b == '!' || b == '?' || b == '>' || b == '<' || b == '=' || b == ' ' || b == '"' || b == '$') {
			this.state = State.CSI_OTHER;
			this.listener.broken(at);
			if (b == '!') {
				// DECSTR (soft reset) resets the region.
				this.regionSet = false;
			}
		}
	}

	private boolean fullRegion(String params) {
		if (params.isEmpty()) {
			return true;
		}
		String[] parts = params.split("[;:]", -1);
		int top = parse(parts[0], 1);
		int bottom = (parts.length > 1) ? parse(parts[1], this.rows) : this.rows;
		return top <= 1 && bottom >= this.rows;
	}

	private static int parse(String digits, int absent) {
		if (digits.isEmpty()) {
			return absent;
		}
		try {
			int value = Integer.parseInt(digits);
			return (value == 0) ? absent : value;
		}
		catch (NumberFormatException ex) {
			return Integer.MAX_VALUE;
		}
	}

	private void restartAfter(long at) {
		this.state = State.GROUND;
		this.listener.startAt(at + 1);
	}

}
