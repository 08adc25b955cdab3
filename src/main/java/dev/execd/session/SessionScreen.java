package dev.execd.session;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import dev.execd.output.OutputLog;
import dev.execd.screen.Emulator;
import dev.execd.screen.Emulators;
import dev.execd.screen.Grid;
import org.jspecify.annotations.Nullable;

/**
 * The screen of a PTY session: a terminal emulator fed with the session's log in order,
 * resized at the offsets where the terminal was. It starts when it is first asked for, by
 * replaying what the log still keeps at the sizes the terminal had; from then on a
 * background thread catches it up after appends, and every read catches up the rest, so
 * what a read returns is the screen at the log's end. A session whose screen nobody asked
 * for holds no emulator, only its list of resizes.
 */
final class SessionScreen {

	/** Resizes kept for a screen that has not started; older ones fold into the first. */
	private static final int MAX_RESIZES = 256;

	private final OutputLog log;

	private final int scrollbackLines;

	private final ReentrantLock lock = new ReentrantLock();

	/** Whether a background catch-up is queued and has not begun. */
	private final AtomicBoolean queued = new AtomicBoolean();

	/** Set under the lock; read without it to skip work for a screen nobody asked for. */
	private volatile @Nullable ScreenFeed feed;

	// Guarded by the lock: the size the replay starts at, and resizes not yet applied.
	private int cols;

	private int rows;

	private final Deque<ScreenFeed.Resize> resizes = new ArrayDeque<>();

	/**
	 * @param cols the terminal's width when the session started
	 * @param rows its height
	 */
	SessionScreen(OutputLog log, int cols, int rows, int scrollbackLines) {
		this.log = log;
		this.cols = cols;
		this.rows = rows;
		this.scrollbackLines = Math.max(0, scrollbackLines);
	}

	/**
	 * What the screen shows now, caught up with the log.
	 * @param scrollback rows above the screen to add, clamped to [0, the kept rows]
	 */
	ScreenSnapshot snapshot(int scrollback) {
		this.lock.lock();
		try {
			ScreenFeed live = catchUp();
			Grid grid = live.emulator().grid(Math.clamp(scrollback, 0, this.scrollbackLines));
			return new ScreenSnapshot(grid.cols(), grid.rows(), grid.lines(),
					grid.styles().stream().map((row) -> row.stream().map(ScreenSnapshot.Run::of).toList()).toList(),
					grid.cursorRow(), grid.cursorCol(), grid.cursorVisible(), grid.altScreen(), grid.title(),
					grid.scrollback(), live.offset());
		}
		finally {
			this.lock.unlock();
		}
	}

	/** The rows joined by {@code \n}, caught up with the log. */
	String text() {
		this.lock.lock();
		try {
			return catchUp().emulator().grid(0).text();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Output was appended: a live screen follows it on a background thread, never on the
	 * output reader, which must not wait for the emulator. Appends while a catch-up is
	 * queued ride along with it.
	 */
	void appended() {
		if (this.feed == null || !this.queued.compareAndSet(false, true)) {
			return;
		}
		ScreenThread.submit(() -> {
			this.queued.set(false);
			if (!this.lock.tryLock()) {
				// A read is catching up right now, or another catch-up is running.
				return;
			}
			try {
				if (this.feed != null) {
					catchUp();
				}
			}
			catch (RuntimeException ex) {
				// Dropped: replayed from the log when it is next asked for.
				this.feed = null;
			}
			finally {
				this.lock.unlock();
			}
		});
	}

	/**
	 * The terminal is being resized: output up to the log's end now is rendered at the
	 * old size, output after it at the new one. Called before the terminal changes size,
	 * so a program's redraw for the new size always comes after this point.
	 */
	void resized(int cols, int rows) {
		this.lock.lock();
		try {
			this.resizes.addLast(new ScreenFeed.Resize(this.log.total(), cols, rows));
			if (this.feed == null && this.resizes.size() > MAX_RESIZES) {
				ScreenFeed.Resize oldest = this.resizes.removeFirst();
				this.cols = oldest.cols();
				this.rows = oldest.rows();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Bytes the emulator parsed so far (0 before it started): the rest was skipped. */
	long fed() {
		ScreenFeed live = this.feed;
		return (live != null) ? live.fed() : 0;
	}

	/** Feeds what the log holds past the screen's offset; starts the emulator first. */
	private ScreenFeed catchUp() {
		ScreenFeed live = this.feed;
		if (live == null) {
			long from = this.log.firstAvailable();
			while (!this.resizes.isEmpty() && this.resizes.peekFirst().at() <= from) {
				ScreenFeed.Resize passed = this.resizes.removeFirst();
				this.cols = passed.cols();
				this.rows = passed.rows();
			}
			Emulator emulator = Emulators.create(this.cols, this.rows, this.scrollbackLines);
			live = new ScreenFeed(this.log, emulator, from, this.rows, this.scrollbackLines);
			this.feed = live;
		}
		live.catchUp(this.resizes);
		return live;
	}

}
