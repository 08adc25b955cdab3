package dev.execd.screen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds output a screen may skip without changing what it shows: the head of a long run
 * of plain lines. Plain is what only writes characters and moves the cursor along and
 * down: printable text, CR, LF, TAB, BS, BEL, and SGR sequences (colours: a skip carries
 * those its head set, to be fed in its place). When such a run holds at least
 * {@code lines} line ends ({@code \r\n}) after a point, every row written before that
 * point has scrolled off the screen and out of a scrollback of
 * {@code lines - 2 * rows - 1} rows, and the point itself is at the first column: the
 * run's head can be left out. This is what keeps a screen up with a flood of lines
 * ({@code yes}, a build log, {@code cat} of a big file) far faster than the emulator
 * parses.
 * <p>
 * A scroll region set by the program (DECSTBM) confines scrolling to part of the screen,
 * so while one may be set nothing is skipped. The scanner sees every byte in order, fed
 * or skipped, so its idea of the sequence it is in and of the region never drifts from
 * the emulator's.
 */
public final class PlainRuns {

	/**
	 * The most characters of SGR sequences a run keeps for its skip; past it the run ends
	 * and the emulator sees the sequences itself.
	 */
	private static final int MAX_STYLE = 256;

	private static final int MAX_PARAMS = 32;

	/** The ring of line ends a scanner starts with. */
	private static final int INITIAL_LINES = 16;

	private final PlainBytes bytes = new PlainBytes(new PlainBytes.Listener() {

		@Override
		public void lineEnded(long end) {
			PlainRuns.this.lineEnded(end);
		}

		@Override
		public void broken(long at) {
			PlainRuns.this.broken(at);
		}

		@Override
		public void startAt(long at) {
			PlainRuns.this.startAt(at);
		}

		@Override
		public void styled(long at, String params) {
			PlainRuns.this.styled(at, params);
		}

	});

	private int lines;

	// The run being scanned: where it starts, and the ends of its last `lines` lines.
	private long runStart = -1;

	private long[] lineEnds = new long[0];

	/** The run's SGR sequences up to each line end in the ring, as {@link #style}. */
	private String[] lineStyles = new String[0];

	/**
	 * The SGR sequences of the run so far, from its last reset on: what a skip of the
	 * run's head must still feed, for the style the rest is drawn in.
	 */
	private String style = "";

	private long lineCount;

	private final List<Skip> skips = new ArrayList<>();

	/**
	 * A range of output that changes nothing on the screen once what follows it is fed.
	 *
	 * @param from its first byte
	 * @param to its end (exclusive), at the first column of a line
	 * @param style the SGR sequences to feed in its place, so what follows is drawn in
	 * the colours it would have had (empty: none)
	 */
	public record Skip(long from, long to, String style) {

	}

	/**
	 * Starts a scan of output that the screen has not been fed yet.
	 * @param from where it starts
	 * @param rows the screen's height now
	 * @param scrollback the rows of scrollback the screen keeps
	 */
	public void begin(long from, int rows, int scrollback) {
		this.bytes.rows(rows);
		int needed = 2 * rows + scrollback + 1;
		if (needed != this.lines) {
			this.lines = needed;
			this.lineEnds = new long[Math.min(needed, INITIAL_LINES)];
			this.lineStyles = new String[this.lineEnds.length];
		}
		this.skips.clear();
		this.lineCount = 0;
		this.style = "";
		this.runStart = this.bytes.inGround() ? from : -1;
	}

	/**
	 * Output the screen never saw was left out (past a log cap): which sequence the
	 * emulator is in is no longer known, nor whether a scroll region is set. Nothing is
	 * skipped until a sequence ends and the program resets the region.
	 */
	public void lost() {
		this.bytes.lost();
		this.runStart = -1;
		this.lineCount = 0;
		this.style = "";
	}

	/** Scans the next bytes of the output, which start at {@code offset}. */
	public void scan(byte[] bytes, int from, int to, long offset) {
		for (int i = from; i < to; i++) {
			this.bytes.step(bytes[i] & 0xff, offset + (i - from));
		}
	}

	/**
	 * Ends the scan at {@code end}: the ranges to skip, in order, none overlapping.
	 */
	public List<Skip> end(long end) {
		closeRun(end);
		this.runStart = this.bytes.inGround() ? end : -1;
		return List.copyOf(this.skips);
	}

	/**
	 * Keeps the end of a line. The ring starts small and grows to {@code lines} only for
	 * a run that gets that long, so a screen that never sees one stays small; it wraps
	 * only at its full size.
	 */
	private void lineEnded(long end) {
		if (this.runStart < 0) {
			return;
		}
		if (this.lineCount == this.lineEnds.length && this.lineEnds.length < this.lines) {
			int grown = Math.min(this.lines, this.lineEnds.length * 4);
			this.lineEnds = Arrays.copyOf(this.lineEnds, grown);
			this.lineStyles = Arrays.copyOf(this.lineStyles, grown);
		}
		int slot = (int) (this.lineCount++ % this.lineEnds.length);
		this.lineEnds[slot] = end;
		this.lineStyles[slot] = this.style;
	}

	private void startAt(long at) {
		this.runStart = at;
		this.lineCount = 0;
		this.style = "";
	}

	/**
	 * Keeps an SGR sequence of the run. A reset drops what came before it; a run with
	 * more than {@link #MAX_STYLE} characters of them since, or with one cut short, ends
	 * here rather than skip with the wrong colours.
	 */
	private void styled(long at, String params) {
		if (this.runStart < 0) {
			return;
		}
		if (params.isEmpty() || "0".equals(params)) {
			this.style = "\u001b[m";
		}
		else if (params.length() >= MAX_PARAMS || this.style.length() + params.length() + 3 > MAX_STYLE) {
			broken(at);
			startAt(at + 1);
		}
		else {
			this.style = this.style + "\u001b[" + params + "m";
		}
	}

	/** A byte that is not plain at {@code at}: the run before it ends there. */
	private void broken(long at) {
		closeRun(at);
		this.runStart = -1;
		this.lineCount = 0;
		this.style = "";
	}

	private void closeRun(long end) {
		if (this.runStart < 0 || this.bytes.regionSet() || this.lineCount < this.lines) {
			return;
		}
		int slot = (int) (this.lineCount % this.lines);
		long cut = this.lineEnds[slot];
		if (cut > this.runStart && cut <= end) {
			this.skips.add(new Skip(this.runStart, cut, this.lineStyles[slot]));
		}
	}

}
