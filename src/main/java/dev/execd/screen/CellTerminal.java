package dev.execd.screen;

import java.text.Normalizer;

import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import org.jspecify.annotations.Nullable;

/**
 * JediTerm's terminal, writing text by cells as xterm does. JediTerm takes as many
 * characters as the row has cells left, then gives each wide one a second cell: text with
 * wide characters ran past the row's end (a wide character in the last column stayed
 * there, one cell too long; a wide character past the end was dropped by the next wrap).
 * Here text is written in pieces that fit the row, and a character that needs two cells
 * where one is left goes to the next row, leaving that cell as it was.
 * <p>
 * A wide character is one glyph over two cells: writing over either half blanks the
 * other, so a row never shows half of one next to what replaced the other.
 */
final class CellTerminal extends JediTerminal {

	private final TerminalTextBuffer buffer;

	private final boolean ambiguousWide;

	/** The first half of a surrogate pair whose second half comes with the next write. */
	private char high;

	CellTerminal(TerminalDisplay display, TerminalTextBuffer buffer, StyleState style) {
		super(display, buffer, style);
		this.buffer = buffer;
		this.ambiguousWide = display.ambiguousCharsAreDoubleWidth();
	}

	@Override
	public void writeCharacters(String string) {
		String whole = string;
		if (this.high != 0) {
			whole = this.high + whole;
			this.high = 0;
		}
		int last = whole.length() - 1;
		if (last >= 0 && Character.isHighSurrogate(whole.charAt(last))) {
			// JediTerm reads as many characters as the row has cells left, which can
			// part a surrogate pair: its first half waits for the second.
			this.high = whole.charAt(last);
			whole = whole.substring(0, last);
			if (whole.isEmpty()) {
				return;
			}
		}
		// JediTerm composes before it counts; the pieces are counted the same way.
		String text = Normalizer.normalize(whole, Normalizer.Form.NFC);
		int width = getTerminalWidth();
		// A cursor past the last column wraps before anything is written.
		int x = Math.min(getCursorX() - 1, width);
		if (x >= width) {
			x = 0;
		}
		int from = 0;
		int i = 0;
		@Nullable TerminalLine wrapped = null;
		while (i < text.length()) {
			int next = i + Character.charCount(text.codePointAt(i));
			int cells = cells(text, i, next);
			if (x + cells > width && x > 0) {
				if (i > from) {
					write(text.substring(from, i), wrapped);
					wrapped = null;
				}
				from = i;
				if (x < width && isAutoWrap()) {
					wrapped = wrap();
				}
				x = 0;
			}
			x += cells;
			i = next;
		}
		if (from < text.length() || text.isEmpty()) {
			write(text.substring(from), wrapped);
		}
	}

	/**
	 * DECSTBM as xterm takes it: 0 is the default (the first row, the last row), a bottom
	 * past the screen is its last row, and a region of fewer than two rows (top at or
	 * below bottom, or top past the screen) is ignored, leaving the region and the cursor
	 * as they were. JediTerm took an inverted region as it came, and lines written in it
	 * overwrote each other on one row. The whole screen, as a reset asks, always goes.
	 */
	@Override
	public void setScrollingRegion(int top, int bottom) {
		int height = getTerminalHeight();
		int from = Math.max(1, top);
		int to = (bottom < 1 || bottom > height) ? height : bottom;
		if (from < to || (from == 1 && to == height)) {
			super.setScrollingRegion(from, to);
		}
	}

	/** The cells JediTerm gives these characters: one each, a second for a wide one. */
	private int cells(String text, int from, int to) {
		int cells = 0;
		for (int i = from; i < to; i++) {
			boolean wide = CharUtils.isDoubleWidthCharacter(text.codePointAt(i), this.ambiguousWide);
			cells += wide ? 2 : 1;
		}
		return cells;
	}

	/**
	 * Writes a piece that fits the row, then blanks the halves of wide characters it
	 * wrote over (or the empty string, for the wrap JediTerm does first).
	 */
	private void write(String piece, @Nullable TerminalLine wrapped) {
		super.writeCharacters(piece);
		if (wrapped != null) {
			// After the write: JediTerm unmarks the row above a cursor that moved.
			wrapped.setWrapped(true);
		}
		if (piece.isEmpty()) {
			return;
		}
		int end = getCursorX() - 1;
		int start = end - cells(piece, 0, piece.length());
		int row = getCursorY() - 1;
		if (start < 0 || row < 0 || row >= this.buffer.getHeight()) {
			return;
		}
		TerminalLine line = this.buffer.getLine(row);
		String cells = line.getText();
		// The piece starts with a character, never with the second cell of one: a wide
		// character (or a pair of surrogates) left of it lost its second cell.
		if (start > 0 && start - 1 < cells.length() && firstHalf(cells.charAt(start - 1))) {
			line.clearArea(start - 1, start, TextStyle.EMPTY);
		}
		// The cell after the piece is the second cell of a character whose first cell
		// the piece wrote over.
		if (end < cells.length() && secondHalf(cells.charAt(end))) {
			line.clearArea(end, end + 1, TextStyle.EMPTY);
		}
	}

	private boolean firstHalf(char c) {
		return Character.isHighSurrogate(c)
				|| c != CharUtils.DWC && CharUtils.isDoubleWidthCharacter(c, this.ambiguousWide);
	}

	private static boolean secondHalf(char c) {
		return c == CharUtils.DWC || Character.isLowSurrogate(c);
	}

	/**
	 * Goes to the start of the next row, scrolling at the bottom: the row left is to be
	 * marked wrapped, as JediTerm marks one that text ran past the last column of.
	 */
	private TerminalLine wrap() {
		TerminalLine line = this.buffer.getLine(getCursorY() - 1);
		carriageReturn();
		index();
		return line;
	}

}
