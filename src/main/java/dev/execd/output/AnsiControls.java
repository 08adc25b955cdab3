package dev.execd.output;

/**
 * The C0 and C1 controls {@link AnsiStripper} acts on.
 */
final class AnsiControls {

	static final char BEL = 0x07;

	static final char CAN = 0x18;

	static final char SUB = 0x1A;

	static final char ESC = 0x1B;

	static final char DEL = 0x7F;

	static final char C1_DCS = 0x90;

	static final char C1_SOS = 0x98;

	static final char C1_CSI = 0x9B;

	static final char C1_ST = 0x9C;

	static final char C1_OSC = 0x9D;

	static final char C1_PM = 0x9E;

	static final char C1_APC = 0x9F;

	private AnsiControls() {
	}

}
