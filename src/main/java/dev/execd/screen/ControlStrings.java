package dev.execd.screen;

/**
 * Takes control strings out of the characters before JediTerm parses them. JediTerm reads
 * a string up to BEL or ST only, so one cut short swallowed all that followed, and it
 * drew the payload of any but an OSC as text. Here they end as xterm and tmux end them:
 * an OSC ({@code ESC ]}) at BEL or ST ({@code ESC \}); a DCS ({@code ESC P}: DECRQSS,
 * sixel, tmux passthrough) at ST only, an ESC with anything else being payload
 * (passthrough doubles the ESCs it wraps); a SOS ({@code ESC X}), PM ({@code ESC ^}) or
 * APC ({@code ESC _}) at ST. CAN or SUB aborts any of them, and an ESC that does not
 * start ST aborts all but a DCS and starts the next sequence.
 * <p>
 * Nothing of a string is drawn, however long it runs, as in xterm. An OSC that ends is
 * handed on whole (its payload without controls, ended by BEL) for JediTerm to act on
 * (the title), unless its payload passed {@link #MAX_OSC} characters: then it is dropped,
 * so a string that never ends holds no more than that. The others are dropped: the screen
 * has no use for them.
 */
final class ControlStrings {

	/** The longest OSC payload kept; a longer one (a clipboard copy) is ignored. */
	static final int MAX_OSC = 4096;

	private static final char ESC = 0x1b;

	private static final char BEL = 0x07;

	private static final char CAN = 0x18;

	private static final char SUB = 0x1a;

	private enum State {

		/** Characters pass. */
		GROUND,
		/** After an ESC, kept back until the next character says what it starts. */
		ESCAPE,
		/** In a control string. */
		STRING,
		/** After an ESC in a control string: ST, or the end of the string. */
		STRING_ESCAPE

	}

	private State state = State.GROUND;

	/** Whether the string is an OSC, the one kind handed on. */
	private boolean osc;

	/** Whether the string is a DCS, which an ESC other than ST's does not end. */
	private boolean dcs;

	private final StringBuilder payload = new StringBuilder();

	private boolean tooLong;

	/** Appends to {@code out} what JediTerm is to parse of {@code in[from, to)}. */
	void filter(char[] in, int from, int to, StringBuilder out) {
		for (int i = from; i < to; i++) {
			char c = in[i];
			switch (this.state) {
				case GROUND -> {
					if (c == ESC) {
						this.state = State.ESCAPE;
					}
					else {
						out.append(c);
					}
				}
				case ESCAPE -> escape(c, out);
				case STRING -> string(c, out);
				case STRING_ESCAPE -> {
					if (c == '\\') {
						end(out);
					}
					else if (this.dcs) {
						// tmux's passthrough doubles each ESC it wraps: the pair is
						// payload.
						this.state = State.STRING;
					}
					else {
						// The string is cut short: it is dropped, and the ESC starts what
						// follows.
						escape(c, out);
					}
				}
			}
		}
	}

	private void escape(char c, StringBuilder out) {
		switch (c) {
			case ']', 'P', 'X', '^', '_' -> {
				this.state = State.STRING;
				this.osc = (c == ']');
				this.dcs = (c == 'P');
				this.payload.setLength(0);
				this.tooLong = false;
			}
			// ESC ESC: the first one starts nothing.
			case ESC -> this.state = State.ESCAPE;
			default -> {
				this.state = State.GROUND;
				out.append(ESC).append(c);
			}
		}
	}

	private void string(char c, StringBuilder out) {
		if (c == ESC) {
			this.state = State.STRING_ESCAPE;
		}
		else if (c == CAN || c == SUB) {
			this.state = State.GROUND;
		}
		else if (c == BEL && this.osc) {
			end(out);
		}
		else if (this.osc && !Character.isISOControl(c)) {
			// Controls inside an OSC are ignored, as xterm does; C1 ones would end
			// JediTerm's parse of it early.
			if (this.payload.length() < MAX_OSC) {
				this.payload.append(c);
			}
			else {
				this.tooLong = true;
			}
		}
	}

	private void end(StringBuilder out) {
		this.state = State.GROUND;
		if (this.osc && !this.tooLong) {
			out.append(ESC).append(']').append(this.payload).append(BEL);
		}
	}

}
