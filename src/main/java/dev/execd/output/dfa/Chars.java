package dev.execd.output.dfa;

/**
 * A set of characters one step of a match may consume: which ASCII characters exactly,
 * and whether any character beyond ASCII (then all of them, as the DFA sees every
 * non-ASCII character as some run of bytes 0x80-0xFF).
 *
 * @param low ASCII 0-63, one bit each
 * @param high ASCII 64-127, one bit each
 * @param nonAscii whether characters beyond ASCII are in the set
 */
record Chars(long low, long high, boolean nonAscii) implements Node {

	static final Chars NONE = new Chars(0, 0, false);

	static final Chars ANY = new Chars(-1L, -1L, true);

	/**
	 * ASCII letters that Unicode case folding relates to characters beyond ASCII: i to
	 * the dotted capital I and the dotless i, k to the Kelvin sign, s to the long s.
	 */
	private static final String FOLDS_BEYOND_ASCII = "iIkKsS";

	static Chars of(int c) {
		return range(c, c);
	}

	/** The characters {@code from} to {@code to}, both included. */
	static Chars range(int from, int to) {
		long low = 0;
		long high = 0;
		for (int c = Math.max(from, 0); c <= Math.min(to, 127); c++) {
			if (c < 64) {
				low |= 1L << c;
			}
			else {
				high |= 1L << (c - 64);
			}
		}
		return new Chars(low, high, to >= 128);
	}

	/** Every character in the string. */
	static Chars all(String chars) {
		Chars set = NONE;
		for (int i = 0; i < chars.length(); i++) {
			set = set.or(of(chars.charAt(i)));
		}
		return set;
	}

	Chars or(Chars other) {
		return new Chars(this.low | other.low, this.high | other.high, this.nonAscii || other.nonAscii);
	}

	/** The complement; beyond ASCII it keeps everything, which is never too little. */
	Chars negate() {
		return new Chars(~this.low, ~this.high, true);
	}

	boolean has(int c) {
		return (c < 64) ? (this.low & (1L << c)) != 0 : (this.high & (1L << (c - 64))) != 0;
	}

	/**
	 * With case ignored: both cases of each ASCII letter, everything beyond ASCII an
	 * ASCII letter may fold to, and the ASCII letters a character beyond ASCII may fold
	 * to.
	 */
	Chars fold() {
		Chars set = this;
		for (int c = 'a'; c <= 'z'; c++) {
			if (has(c) || has(c - 32)) {
				set = set.or(of(c)).or(of(c - 32));
			}
		}
		boolean beyond = set.nonAscii;
		for (int i = 0; i < FOLDS_BEYOND_ASCII.length(); i++) {
			beyond |= set.has(FOLDS_BEYOND_ASCII.charAt(i));
		}
		return beyond ? set.or(all(FOLDS_BEYOND_ASCII)).or(new Chars(0, 0, true)) : set;
	}

	boolean isEmpty() {
		return this.low == 0 && this.high == 0 && !this.nonAscii;
	}

}
