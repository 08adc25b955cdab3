package dev.execd.session;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

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

	/**
	 * Resizes kept for a replay, applied or not; older ones fold into the size it starts
	 * at.
	 */
	private static final int MAX_RESIZES = 256;

	/**
	 * Bytes behind the log past which a read catches up on {@link CpuThreads}, not on the
	 * request's thread: a replay of a long log takes seconds of CPU.
	 */
	private static final long MAX_INLINE_BYTES = 1 << 20;

	/** Makes the emulators: {@link Emulators#create}, or one a test watches. */
	interface EmulatorFactory {

		Emulator create(int cols, int rows, int scrollbackLines);

	}

	private final OutputLog log;

	private final EmulatorFactory emulators;

	private final int scrollbackLines;

	private final ReentrantLock lock = new ReentrantLock();

	/** Whether a background catch-up is queued and has not begun. */
	private final AtomicBoolean queued = new AtomicBoolean();

	/** Set under the lock; read without it to skip work for a screen nobody asked for. */
	private volatile @Nullable ScreenFeed feed;

	// Guarded by the lock: the size a replay starts at, the resizes the live screen has
	// not applied yet, and those it has, which a replay applies again.
	private int cols;

	private int rows;

	private final Deque<ScreenFeed.Resize> resizes = new ArrayDeque<>();

	private final Deque<ScreenFeed.Resize> applied = new ArrayDeque<>();

	/**
	 * @param cols the terminal's width when the session started
	 * @param rows its height
	 */
	SessionScreen(OutputLog log, int cols, int rows, int scrollbackLines) {
		this(log, cols, rows, scrollbackLines, Emulators::create);
	}

	SessionScreen(OutputLog log, int cols, int rows, int scrollbackLines, EmulatorFactory emulators) {
		this.log = log;
		this.emulators = emulators;
		this.cols = cols;
		this.rows = rows;
		this.scrollbackLines = Math.max(0, scrollbackLines);
	}

	/**
	 * What the screen shows now, caught up with the log.
	 * @param scrollback rows above the screen to add, clamped to [0, the kept rows]
	 */
	ScreenSnapshot snapshot(int scrollback) {
		return read((live) -> snapshot(live, scrollback));
	}

	private ScreenSnapshot snapshot(ScreenFeed live, int scrollback) {
		Grid grid = live.emulator().grid(Math.clamp(scrollback, 0, this.scrollbackLines));
		return new ScreenSnapshot(grid.cols(), grid.rows(), grid.lines(),
				grid.styles().stream().map((row) -> row.stream().map(ScreenSnapshot.Run::of).toList()).toList(),
				grid.cursorRow(), grid.cursorCol(), grid.cursorVisible(), grid.altScreen(), grid.title(),
				grid.scrollback(), live.offset());
	}

	/** The rows joined by {@code \n}, caught up with the log. */
	String text() {
		return read((live) -> live.emulator().grid(0).text());
	}

	/**
	 * Reads the screen caught up with the log. Should the emulator fail on something, the
	 * screen is dropped and read once more from a fresh replay, which, like the first
	 * one, runs on {@link CpuThreads} when the log is long.
	 */
	private <T> T read(Function<ScreenFeed, T> read) {
		T result = onCpuIfLong(() -> readLocked(read, true));
		if (result == null) {
			result = onCpuIfLong(() -> readLocked(read, false));
		}
		return Objects.requireNonNull(result);
	}

	private <T> T onCpuIfLong(Supplier<T> work) {
		return (behind() > MAX_INLINE_BYTES) ? CpuThreads.callOrRun(work) : work.get();
	}

	/** The read, or null when the emulator failed and was dropped for a retry. */
	private <T> @Nullable T readLocked(Function<ScreenFeed, T> read, boolean retry) {
		this.lock.lock();
		try {
			return read.apply(catchUp());
		}
		catch (RuntimeException ex) {
			if (!retry) {
				throw ex;
			}
			drop();
			return null;
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
				drop();
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

	/** Bytes of the log the screen has yet to feed, about: read without the lock. */
	private long behind() {
		ScreenFeed live = this.feed;
		return this.log.total() - ((live != null) ? live.offset() : this.log.firstAvailable());
	}

	/** Bytes the emulator parsed so far (0 before it started): the rest was skipped. */
	long fed() {
		ScreenFeed live = this.feed;
		return (live != null) ? live.fed() : 0;
	}

	/**
	 * Drops the live screen: it is replayed from the log when it is next asked for, at
	 * the sizes the terminal had, the ones it took included.
	 */
	private void drop() {
		this.feed = null;
		while (!this.applied.isEmpty()) {
			this.resizes.addFirst(this.applied.removeLast());
		}
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
			Emulator emulator = this.emulators.create(this.cols, this.rows, this.scrollbackLines);
			live = new ScreenFeed(this.log, emulator, from, this.rows, this.scrollbackLines);
			this.feed = live;
		}
		live.catchUp(this.resizes, this.applied);
		while (this.applied.size() > MAX_RESIZES) {
			// A replay renders what came before the oldest kept at the size after it.
			ScreenFeed.Resize oldest = this.applied.removeFirst();
			this.cols = oldest.cols();
			this.rows = oldest.rows();
		}
		return live;
	}

}
