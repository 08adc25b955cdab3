package dev.execd.output;

/**
 * The row of the cursor as far as {@link AnsiStripper} can follow it, and what a cursor
 * move means for stripped text. Full-screen programs (vim, top) draw with cursor
 * addressing instead of newlines: once the escape sequences are removed, a move to
 * another row must still separate lines, or two rows (and two frames) come out glued.
 * <p>
 * Rows are 1-based; {@link #UNKNOWN} before the first absolute move (and after a reset or
 * a scroll region change), when every absolute move counts as a move to another row. The
 * screen's height is unknown, so scrolling at the bottom and wrapped lines are not
 * followed; the cost is an extra line break, never glued text.
 */
final class CursorRows {

	static final int UNKNOWN = 0;

	// Far beyond any screen, small enough never to overflow.
	private static final int MAX_PARAMETER = 100_000;

	/** What a sequence means for the stripped text. */
	enum Move {

		/** Nothing: not a cursor move, or one within the row that needs no separator. */
		NONE,

		/** The cursor went to another row. */
		LINE_BREAK,

		/** The cursor went forward within the row. */
		SPACE,

		/** The cursor went to the first column of the same row, as {@code \r} does. */
		CARRIAGE_RETURN

	}

	private int row = UNKNOWN;

	private int savedRow = UNKNOWN;

	// A forward move waits for the next character on the row: at the end of a row it
	// would only leave a trailing blank.
	private boolean spacePending;

	// The first two parameters of the CSI sequence being read.
	private final int[] parameters = new int[2];

	private int parameterIndex;

	// False once the sequence has a private marker, an intermediate or a sub-parameter:
	// then it is not one of the cursor moves below.
	private boolean plain;

	void csiStart() {
		this.parameters[0] = 0;
		this.parameters[1] = 0;
		this.parameterIndex = 0;
		this.plain = true;
	}

	/** A parameter or intermediate byte of the CSI sequence. */
	void csiParameter(char c) {
		if (c >= '0' && c <= '9') {
			if (this.parameterIndex < this.parameters.length) {
				int value = this.parameters[this.parameterIndex] * 10 + (c - '0');
				this.parameters[this.parameterIndex] = Math.min(value, MAX_PARAMETER);
			}
		}
		else if (c == ';') {
			this.parameterIndex++;
		}
		else {
			this.plain = false;
		}
	}

	/** The final byte of the CSI sequence. */
	Move csiFinal(char c) {
		if (!this.plain) {
			return Move.NONE;
		}
		int count = parameter(0);
		return switch (c) {
			case 'H', 'f' -> absolute(parameter(0), parameter(1));
			case 'd' -> toRow(parameter(0), Move.NONE);
			case 'A' -> relative(-count, Move.NONE);
			case 'B', 'e' -> relative(count, Move.NONE);
			case 'E' -> relative(count, Move.CARRIAGE_RETURN);
			case 'F' -> relative(-count, Move.CARRIAGE_RETURN);
			case 'C', 'a' -> Move.SPACE;
			case 'G', '`' -> (count == 1) ? Move.CARRIAGE_RETURN : Move.SPACE;
			case 'r' -> forget();
			case 's' -> (this.parameterIndex == 0 && this.parameters[0] == 0) ? save() : Move.NONE;
			case 'u' -> restore();
			default -> Move.NONE;
		};
	}

	/** The final byte of an escape sequence without intermediates ({@code ESC M}...). */
	Move escapeFinal(char c) {
		return switch (c) {
			case 'M' -> relative(-1, Move.NONE);
			case 'D' -> relative(1, Move.NONE);
			case 'E' -> relative(1, Move.CARRIAGE_RETURN);
			case '7' -> save();
			case '8' -> restore();
			case 'c' -> forget();
			default -> Move.NONE;
		};
	}

	/**
	 * Adds what a move leaves in stripped text: one line break unless the text ends with
	 * one; for a move forward, one space before the next character unless the text ends
	 * with whitespace.
	 * @param out the text of the chunk so far
	 * @param lastReturned the last character of earlier chunks
	 * @param carriageReturnPending whether a {@code \r} waits to rewind the row
	 * @return whether a {@code \r} waits afterwards
	 */
	boolean apply(Move move, StringBuilder out, char lastReturned, boolean carriageReturnPending) {
		switch (move) {
			case LINE_BREAK -> {
				this.spacePending = false;
				if (last(out, lastReturned) != '\n') {
					out.append('\n');
				}
				// As after \r\n: the row is kept.
				return false;
			}
			// After a pending \r the next character starts the row anyway.
			case SPACE -> this.spacePending = !carriageReturnPending;
			case CARRIAGE_RETURN -> {
				this.spacePending = false;
				return true;
			}
			case NONE -> {
			}
		}
		return carriageReturnPending;
	}

	/** Called before a visible character is added to {@code out}. */
	void beforeCharacter(StringBuilder out, char lastReturned) {
		if (this.spacePending) {
			this.spacePending = false;
			if (!Character.isWhitespace(last(out, lastReturned))) {
				out.append(' ');
			}
		}
	}

	void carriageReturn() {
		this.spacePending = false;
	}

	void lineFeed() {
		this.spacePending = false;
		if (this.row != UNKNOWN) {
			this.row = Math.min(this.row + 1, MAX_PARAMETER);
		}
	}

	/** Forgets the row, as after a gap in the stream. */
	void reset() {
		this.row = UNKNOWN;
		this.savedRow = UNKNOWN;
		this.spacePending = false;
	}

	private static char last(StringBuilder out, char lastReturned) {
		return out.isEmpty() ? lastReturned : out.charAt(out.length() - 1);
	}

	// A parameter that is absent or 0 means 1 for every move here.
	private int parameter(int index) {
		return Math.max(1, this.parameters[index]);
	}

	private Move absolute(int target, int column) {
		return toRow(target, (column == 1) ? Move.CARRIAGE_RETURN : Move.SPACE);
	}

	private Move toRow(int target, Move sameRow) {
		if (this.row != UNKNOWN && target == this.row) {
			return sameRow;
		}
		this.row = target;
		return Move.LINE_BREAK;
	}

	private Move relative(int delta, Move sameRow) {
		if (this.row == UNKNOWN) {
			return Move.LINE_BREAK;
		}
		// Up stops at the top row; down has no known bottom.
		return toRow(Math.max(1, Math.min(this.row + delta, MAX_PARAMETER)), sameRow);
	}

	private Move save() {
		this.savedRow = this.row;
		return Move.NONE;
	}

	private Move restore() {
		if (this.savedRow == this.row) {
			return Move.NONE;
		}
		this.row = this.savedRow;
		return Move.LINE_BREAK;
	}

	// The cursor went home, or somewhere this class does not follow.
	private Move forget() {
		this.row = UNKNOWN;
		return Move.NONE;
	}

}
