package dev.execd.session;

import java.util.concurrent.locks.ReentrantLock;

import dev.execd.output.OutputException;
import dev.execd.output.OutputLog;
import dev.execd.screen.Emulator;
import dev.execd.screen.Emulators;
import dev.execd.screen.Grid;
import org.jspecify.annotations.Nullable;

/**
 * The screen of a PTY session: a terminal emulator fed with the session's log in order.
 * It starts when it is first asked for, by replaying what the log still keeps; from then
 * on the output reader catches it up after every append, so it never lags the log by more
 * than one read. A session whose screen nobody asked for holds no emulator.
 */
final class SessionScreen {

	/** Bytes fed per log read while catching up. */
	private static final int READ_BYTES = 64 * 1024;

	private final OutputLog log;

	private final int scrollbackLines;

	private final ReentrantLock lock = new ReentrantLock();

	/** Set once, under the lock; read without it by the output reader. */
	private volatile @Nullable Emulator emulator;

	/** Guarded by the lock: the log offset the emulator was fed up to. */
	private long offset;

	SessionScreen(OutputLog log, int scrollbackLines) {
		this.log = log;
		this.scrollbackLines = scrollbackLines;
	}

	/**
	 * What the screen shows now, caught up with the log.
	 * @param scrollback rows above the screen to add, clamped to [0, the kept rows]
	 * @param cols the terminal's width, for a screen that starts now
	 * @param rows its height
	 */
	ScreenSnapshot snapshot(int scrollback, int cols, int rows) {
		this.lock.lock();
		try {
			Emulator live = catchUp(cols, rows);
			Grid grid = live.grid(Math.clamp(scrollback, 0, this.scrollbackLines));
			return new ScreenSnapshot(grid.cols(), grid.rows(), grid.lines(), grid.cursorRow(), grid.cursorCol(),
					grid.cursorVisible(), grid.altScreen(), grid.title(), grid.scrollback(), this.offset);
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The rows joined by {@code \n}, caught up with the log. */
	String text(int cols, int rows) {
		this.lock.lock();
		try {
			return catchUp(cols, rows).grid(0).text();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Output was appended: a live screen follows it at once. Runs on the output reader,
	 * which must go on whatever the emulator does: on a failure the screen is dropped, to
	 * be replayed from the log when it is next asked for.
	 */
	void appended() {
		if (this.emulator == null) {
			return;
		}
		this.lock.lock();
		try {
			// A live emulator has its size: catchUp only creates one with it.
			catchUp(0, 0);
		}
		catch (RuntimeException ex) {
			this.emulator = null;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The terminal was resized: a live screen renders what came before at the old size,
	 * then takes the new one.
	 */
	void resized(int cols, int rows) {
		if (this.emulator == null) {
			return;
		}
		this.lock.lock();
		try {
			catchUp(cols, rows).resize(cols, rows);
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Feeds what the log holds past the screen's offset; starts the emulator first. */
	private Emulator catchUp(int cols, int rows) {
		Emulator live = this.emulator;
		if (live == null) {
			live = Emulators.create(cols, rows, this.scrollbackLines);
			this.offset = this.log.firstAvailable();
			this.emulator = live;
		}
		long total = this.log.total();
		while (this.offset < total) {
			byte[] bytes;
			try {
				bytes = this.log.read(this.offset, (int) Math.min(READ_BYTES, total - this.offset));
			}
			catch (OutputException ex) {
				bytes = new byte[0];
			}
			if (bytes.length == 0) {
				// Past the log cap only the memory window is kept: go on where it starts.
				long next = this.log.nextAvailable(this.offset);
				if (next <= this.offset) {
					break;
				}
				this.offset = next;
				continue;
			}
			live.feed(bytes, 0, bytes.length);
			this.offset += bytes.length;
		}
		return live;
	}

}
