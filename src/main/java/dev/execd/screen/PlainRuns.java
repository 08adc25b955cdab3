package dev.execd.screen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds output a screen may skip without changing what it shows: the head of a long run
 * of plain lines. Plain is what only writes characters and moves the cursor along and
 * down: printable text, CR, LF, TAB, BS, BEL, and SGR sequences (colours, which a grid of
 * text does not show). When such a run holds at least {@code lines} line ends
 * ({@code \r\n}) after a point, every row written before that point has scrolled off the
 * screen and out of a scrollback of {@code lines - 2 * rows - 1} rows, and the point
 * itself is at the first column: the run's head can be left out. This is what keeps a
 * screen up with a flood of lines ({@code yes}, a build log, {@code cat} of a big file)
 * far faster than the emulator parses.
 * <p>
 * A scroll region set by the program (DECSTBM) confines scrolling to part of the screen,
 * so while one may be set nothing is skipped. The scanner sees every byte in order, fed
 * or skipped, so its idea of the sequence it is in and of the region never drifts from
 * the emulator's.
 */
public final class PlainRuns {

	/** The ring of line ends a scanner starts with. */
	private static final int INITIAL_LINES = 16;

	private enum State {

		GROUND, ESCAPE, CSI, CSI_OTHER, STRING, STRING_ESCAPE, ESCAPE_INTERMEDIATE

	}

	private State state = State.GROUND;

	private boolean sgrOnly;

	/** Whether the last CSI's parameters were all digits, {@code ;} or {@code :}. */
	private final StringBuilder params = new StringBuilder();

	private boolean lastWasCr;

	private boolean lastWasC2;

	private boolean regionSet;

	private int lines;

	private int rows;

	// The run being scanned: where it starts, and the ends of its last `lines` lines.
	private long runStart = -1;

	private long[] lineEnds = new long[0];

	private long lineCount;

	private final List<Skip> skips = new ArrayList<>();

	/**
	 * A range of output that changes nothing on the screen once what follows it is fed.
	 *
	 * @param from its first byte
	 * @param to its end (exclusive), at the first column of a line
	 */
	public record Skip(long from, long to) {

	}

	/**
	 * Starts a scan of output that the screen has not been fed yet.
	 * @param from where it starts
	 * @param rows the screen's height now
	 * @param scrollback the rows of scrollback the screen keeps
	 */
	public void begin(long from, int rows, int scrollback) {
		this.rows = rows;
		int needed = 2 * rows + scrollback + 1;
		if (needed != this.lines) {
			this.lines = needed;
			this.lineEnds = new long[Math.min(needed, INITIAL_LINES)];
		}
		this.skips.clear();
		this.lineCount = 0;
		this.runStart = (this.state == State.GROUND) ? from : -1;
	}

	/**
	 * Output the screen never saw was left out (past a log cap): which sequence the
	 * emulator is in is no longer known, nor whether a scroll region is set. Nothing is
	 * skipped until a sequence ends and the program resets the region.
	 */
	public void lost() {
		this.state = State.GROUND;
		this.regionSet = true;
		this.runStart = -1;
		this.lineCount = 0;
		this.lastWasCr = false;
		this.lastWasC2 = false;
	}

	/** Scans the next bytes of the output, which start at {@code offset}. */
	public void scan(byte[] bytes, int from, int to, long offset) {
		for (int i = from; i < to; i++) {
			step(bytes[i] & 0xff, offset + (i - from));
		}
	}

	/**
	 * Ends the scan at {@code end}: the ranges to skip, in order, none overlapping.
	 */
	public List<Skip> end(long end) {
		closeRun(end);
		this.runStart = (this.state == State.GROUND) ? end : -1;
		return List.copyOf(this.skips);
	}

	private void step(int b, long at) {
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
				if (b == 0x07) {
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
				else {
					this.state = (b == 0x1b) ? State.STRING_ESCAPE : State.STRING;
				}
			}
		}
	}

	private void ground(int b, long at) {
		boolean c2 = this.lastWasC2;
		this.lastWasC2 = (b == 0xc2);
		if (b == '\n') {
			if (this.lastWasCr && this.runStart >= 0) {
				lineEnded(at + 1);
			}
		}
		else if (b == 0x1b) {
			this.state = State.ESCAPE;
		}
		else if (c2 && b >= 0x80 && b <= 0x9f) {
			// A C1 control in UTF-8: the emulator may act on it.
			breakRun(at - 1);
			this.runStart = at + 1;
		}
		else if (b < 0x20 && b != '\r' && b != '\t' && b != '\b' && b != 0x07 || b == 0x7f) {
			breakRun(at);
			this.runStart = at + 1;
		}
		this.lastWasCr = (b == '\r');
	}

	/**
	 * Keeps the end of a line. The ring starts small and grows to {@code lines} only for
	 * a run that gets that long, so a screen that never sees one stays small; it wraps
	 * only at its full size.
	 */
	private void lineEnded(long end) {
		if (this.lineCount == this.lineEnds.length && this.lineEnds.length < this.lines) {
			this.lineEnds = Arrays.copyOf(this.lineEnds, Math.min(this.lines, this.lineEnds.length * 4));
		}
		this.lineEnds[(int) (this.lineCount++ % this.lineEnds.length)] = end;
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
			breakRun(at - 1);
			this.state = State.STRING;
		}
		else if (b >= 0x20 && b <= 0x2f) {
			breakRun(at - 1);
			this.state = State.ESCAPE_INTERMEDIATE;
		}
		else {
			breakRun(at - 1);
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
				return;
			}
			breakRun(at);
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
			breakRun(at);
			this.state = State.CSI_OTHER;
		}
		else if (b == '!' || b == '?' || b == '>' || b == '<' || b == '=' || b == ' ' || b == '"' || b == '$') {
			this.state = State.CSI_OTHER;
			breakRun(at);
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
		this.runStart = at + 1;
		this.lineCount = 0;
	}

	/** A byte that is not plain at {@code at}: the run before it ends there. */
	private void breakRun(long at) {
		closeRun(at);
		this.runStart = -1;
		this.lineCount = 0;
	}

	private void closeRun(long end) {
		if (this.runStart < 0 || this.regionSet || this.lineCount < this.lines) {
			return;
		}
		long cut = this.lineEnds[(int) (this.lineCount % this.lines)];
		if (cut > this.runStart && cut <= end) {
			this.skips.add(new Skip(this.runStart, cut));
		}
	}

}
