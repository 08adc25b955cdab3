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

	});

	private int lines;

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
		this.bytes.rows(rows);
		int needed = 2 * rows + scrollback + 1;
		if (needed != this.lines) {
			this.lines = needed;
			this.lineEnds = new long[Math.min(needed, INITIAL_LINES)];
		}
		this.skips.clear();
		this.lineCount = 0;
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
			this.lineEnds = Arrays.copyOf(this.lineEnds, Math.min(this.lines, this.lineEnds.length * 4));
		}
		this.lineEnds[(int) (this.lineCount++ % this.lineEnds.length)] = end;
	}

	private void startAt(long at) {
		this.runStart = at;
		this.lineCount = 0;
	}

	/** A byte that is not plain at {@code at}: the run before it ends there. */
	private void broken(long at) {
		closeRun(at);
		this.runStart = -1;
		this.lineCount = 0;
	}

	private void closeRun(long end) {
		if (this.runStart < 0 || this.bytes.regionSet() || this.lineCount < this.lines) {
			return;
		}
		long cut = this.lineEnds[(int) (this.lineCount % this.lines)];
		if (cut > this.runStart && cut <= end) {
			this.skips.add(new Skip(this.runStart, cut));
		}
	}

}
