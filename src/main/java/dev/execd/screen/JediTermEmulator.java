package dev.execd.screen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import com.techsenger.jeditermfx.core.util.TermSize;

/**
 * An {@link Emulator} on JediTerm's model (a {@link JediTerminal} over a
 * {@link TerminalTextBuffer}), without its UI. JediTerm pulls characters and expects to
 * block for more; here a feed ends instead, so a sequence cut off by the end of a feed is
 * rewound and parsed again with the next feed, never acted on by halves.
 */
final class JediTermEmulator implements Emulator {

	/**
	 * The longest unfinished sequence kept for the next feed; past it (a CSI whose
	 * parameters never end) the escape is dropped and the rest shows as text. Control
	 * strings (OSC, DCS) never wait here: {@link ControlStrings} takes them out first.
	 */
	private static final int MAX_PENDING = 4096;

	/** Steps in a row that may consume nothing before the character is skipped. */
	private static final int MAX_STALLS = 8;

	private final HeadlessDisplay display = new HeadlessDisplay();

	private final CharFeed feed = new CharFeed();

	private final int scrollbackLines;

	// Replaced together when a resize fails inside JediTerm (see resize).
	private StyleState style;

	private TerminalTextBuffer buffer;

	private JediTerminal terminal;

	private JediEmulator emulator;

	JediTermEmulator(int cols, int rows, int scrollbackLines) {
		this.scrollbackLines = Math.max(0, scrollbackLines);
		start(cols, rows);
	}

	/** A blank model of the given size. */
	private void start(int cols, int rows) {
		// One style state for both: the terminal sets it (SGR), the buffer writes with
		// it. JediTerm reads a bound of 0 as none at all.
		this.style = new StyleState();
		this.buffer = new TerminalTextBuffer(cols, rows, this.style, Math.max(1, this.scrollbackLines), null);
		this.terminal = new CellTerminal(this.display, this.buffer, this.style);
		// Answers to queries (cursor position, colours) go nowhere: the program's
		// terminal is the real PTY, which answers nothing either.
		this.terminal.setTerminalOutput(null);
		this.emulator = new JediEmulator(this.feed, this.terminal);
	}

	@Override
	public void feed(byte[] bytes, int offset, int length) {
		this.feed.append(bytes, offset, length);
		int stalled = 0;
		while (!this.feed.isEmpty()) {
			int mark = this.feed.mark();
			try {
				this.emulator.next();
			}
			catch (IOException | RuntimeException ex) {
				// A sequence JediTerm cannot take: go on after it.
			}
			if (!this.emulator.hasNext()) {
				// The feed ended inside a sequence: keep it whole for the next one.
				this.emulator.resetEof();
				this.feed.rewind(mark);
				if (this.feed.remaining() <= MAX_PENDING) {
					break;
				}
				this.feed.skip();
			}
			else if (this.feed.mark() != mark) {
				stalled = 0;
			}
			else if (++stalled > MAX_STALLS) {
				// JediTerm pushes a character back once at the end of a row (it wraps
				// first, then writes it); one that never moves would loop forever.
				this.feed.skip();
				stalled = 0;
			}
		}
		this.feed.trim();
	}

	/**
	 * JediTerm reflows the primary screen on a change of width even while the alternate
	 * one is shown, keeping the alternate screen's cursor in view on it: a cursor below
	 * the primary's last row throws half-way, with the primary's history cleared. So the
	 * alternate screen's cursor goes home for the resize and comes back after, clamped to
	 * the new size, and its rows below the new height are dropped (JediTerm keeps them,
	 * and the cursor below the bottom); the program redraws for the new size anyway. The
	 * margins go back to the whole screen, as xterm does: JediTerm moves the bottom one
	 * by the change of height, past the top when a region shrinks. Should JediTerm throw
	 * still, the screen starts over at the new size with the rows that fit, so the new
	 * size is never lost.
	 */
	@Override
	public void resize(int cols, int rows) {
		int cursorX = this.terminal.getCursorX();
		int cursorY = this.terminal.getCursorY();
		boolean alt = this.buffer.isUsingAlternateBuffer();
		try {
			if (alt) {
				this.terminal.cursorPosition(1, 1);
			}
			this.terminal.resize(new TermSize(cols, rows), RequestOrigin.User);
			if (alt) {
				LinesBuffer screen = this.buffer.getScreenBuffer();
				int extra = screen.getLineCount() - this.buffer.getHeight();
				if (extra > 0) {
					screen.moveBottomLinesTo(extra, new LinesBuffer(null));
				}
			}
			else {
				cursorX = this.terminal.getCursorX();
				cursorY = this.terminal.getCursorY();
			}
		}
		catch (RuntimeException ex) {
			restart(cols, rows, alt);
		}
		this.terminal.resetScrollRegions();
		this.terminal.cursorPosition(Math.clamp(cursorX, 1, cols), Math.clamp(cursorY, 1, rows));
	}

	/** Starts over at a new size with the rows shown that fit, in the same style. */
	private void restart(int cols, int rows, boolean alt) {
		TerminalTextBuffer old = this.buffer;
		int kept = Math.min(rows, Math.min(old.getHeight(), old.getScreenLinesCount()));
		List<TerminalLine> lines = new ArrayList<>(kept);
		for (int row = 0; row < kept; row++) {
			lines.add(old.getLine(row).copy());
		}
		TextStyle current = this.style.getCurrent();
		boolean cursorVisible = this.display.cursorVisible();
		start(cols, rows);
		if (alt) {
			this.terminal.useAlternateBuffer(true);
		}
		LinesBuffer screen = this.buffer.getScreenBuffer();
		screen.clearAll();
		screen.addLines(lines);
		this.style.setCurrent(current);
		this.display.setCursorVisible(cursorVisible);
	}

	@Override
	public Grid grid(int scrollback) {
		int cols = this.buffer.getWidth();
		int rows = this.buffer.getHeight();
		List<String> lines = new ArrayList<>(rows);
		List<List<StyleRun>> styles = new ArrayList<>(rows);
		for (int row = 0; row < rows; row++) {
			TerminalLine line = this.buffer.getLine(row);
			lines.add(render(line.getText(), cols));
			styles.add(Styles.of(line, cols));
		}
		boolean alt = this.buffer.isUsingAlternateBuffer();
		List<String> history = List.of();
		int wanted = Math.min(scrollback, this.scrollbackLines);
		if (wanted > 0 && !alt) {
			LinesBuffer kept = this.buffer.getHistoryBuffer();
			int count = kept.getLineCount();
			int from = Math.max(0, count - wanted);
			history = new ArrayList<>(count - from);
			for (int i = from; i < count; i++) {
				history.add(render(kept.getLineText(i), cols));
			}
		}
		// JediTerm counts from 1; a cursor past the last column waits to wrap.
		int cursorRow = Math.clamp(this.terminal.getCursorY() - 1, 0, rows - 1);
		int cursorCol = Math.clamp(this.terminal.getCursorX() - 1, 0, cols - 1);
		return new Grid(cols, rows, lines, styles, cursorRow, cursorCol, this.display.cursorVisible(), alt,
				this.display.title(), history);
	}

	/**
	 * One row as text: at most {@code cols} cells, the filler JediTerm puts after a wide
	 * character dropped, empty cells as spaces, trailing blanks trimmed. Half of a wide
	 * character (or of a surrogate pair) without its other half shows as a blank cell, as
	 * does one whose second cell would fall past the last column, so a row never shows
	 * more cells than it has.
	 */
	static String render(String cells, int cols) {
		StringBuilder text = new StringBuilder(Math.min(cells.length(), cols));
		int n = Math.min(cells.length(), cols);
		for (int i = 0; i < n; i++) {
			char c = cells.charAt(i);
			char next = (i + 1 < n) ? cells.charAt(i + 1) : CharUtils.NUL_CHAR;
			if (c == CharUtils.DWC) {
				char before = (i > 0) ? cells.charAt(i - 1) : CharUtils.DWC;
				if (before == CharUtils.DWC || !Character.isHighSurrogate(before) && !wide(before)) {
					text.append(' ');
				}
			}
			else if (Character.isHighSurrogate(c)) {
				boolean whole = Character.isLowSurrogate(next)
						|| next == CharUtils.DWC && i + 2 < n && Character.isLowSurrogate(cells.charAt(i + 2));
				text.append(whole ? c : ' ');
			}
			else if (Character.isLowSurrogate(c)) {
				char before = (i > 0) ? cells.charAt(i - 1) : CharUtils.NUL_CHAR;
				boolean whole = Character.isHighSurrogate(before)
						|| before == CharUtils.DWC && i > 1 && Character.isHighSurrogate(cells.charAt(i - 2));
				text.append(whole ? c : ' ');
			}
			else if (wide(c) && next != CharUtils.DWC) {
				text.append(' ');
			}
			else {
				text.append((c == CharUtils.NUL_CHAR) ? ' ' : c);
			}
		}
		int length = text.length();
		while (length > 0 && text.charAt(length - 1) == ' ') {
			length--;
		}
		text.setLength(length);
		return text.toString();
	}

	private static boolean wide(char c) {
		return c != CharUtils.DWC && CharUtils.isDoubleWidthCharacter(c, false);
	}

}
