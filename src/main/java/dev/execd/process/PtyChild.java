package dev.execd.process;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on a pseudo-terminal that execd allocates itself ({@link PtyMaster}) and
 * starts with {@link Spawn} ({@code posix_spawn}), never forking the JVM, reaped by a
 * {@link Poller}: it costs no thread. After the signal reset of {@link Launcher} the argv
 * continues with {@code setsid sh -c 'exec "$@" <>tty >&0 2>&0'}: {@code setsid} makes
 * the process a session leader without forking (a freshly spawned child leads no group),
 * and the shell, a session leader without a terminal, opens the slave side for reading
 * and writing, which makes it the session's controlling terminal, puts it on descriptors
 * 0, 1 and 2 as one open file, as a terminal login does, and execs the command.
 * <p>
 * Why the child opens the terminal rather than the JVM: a JVM that leads a session with
 * no terminal (a systemd service, a daemon started with {@code setsid}) would take the
 * first terminal it opens for reading without {@code O_NOCTTY} as its own controlling
 * terminal, and its hang-up would send SIGHUP to the server; and separate opens would
 * give stdin read-only and stdout/stderr write-only, while programs read keys from stderr
 * ({@code more}).
 */
final class PtyChild implements Child {

	/** Opens the terminal as the controlling one, then execs the command ($@). */
	static final List<String> OPEN_TERMINAL = List.of("setsid", "/bin/sh", "-c",
			"t=$1; shift; exec \"$@\" <>\"$t\" >&0 2>&0", "sh");

	private final long pid;

	private final String slavePath;

	/** The master, read by the {@link Poller}. */
	private final Descriptor master;

	/**
	 * The master again, written as stdin and resized: epoll watches a descriptor once.
	 */
	private final Descriptor input;

	private final CompletableFuture<Integer> exit;

	private PtyChild(long pid, String slavePath, Descriptor master, Descriptor input, CompletableFuture<Integer> exit) {
		this.pid = pid;
		this.slavePath = slavePath;
		this.master = master;
		this.input = input;
		this.exit = exit;
	}

	/**
	 * Starts {@code command} on a new terminal behind {@code reset}, the signal reset of
	 * {@link Launcher} (possibly empty).
	 */
	static PtyChild start(LaunchSpec spec, List<String> reset, List<String> command) throws SpawnException {
		PtyMaster terminal = PtyMaster.open(spec.cols(), spec.rows());
		Descriptor master = new Descriptor(terminal.fd());
		Descriptor input = null;
		int devNull = -1;
		try {
			input = Descriptor.dup(terminal.fd());
			devNull = PtyCalls.open("/dev/null", PtyCalls.O_RDWR | PtyCalls.O_CLOEXEC);
			if (devNull < 0) {
				int errno = NativeIo.errno();
				throw new SpawnException(errno, "open of /dev/null failed with errno " + errno);
			}
			List<String> argv = new ArrayList<>(reset);
			argv.addAll(OPEN_TERMINAL);
			argv.add(terminal.slavePath());
			argv.addAll(command);
			long pid = Spawn.start(argv, spec.workdir(), spec.environment(), devNull, devNull, devNull);
			return new PtyChild(pid, terminal.slavePath(), master, input, PolledExit.reaping(pid));
		}
		catch (SpawnException | RuntimeException ex) {
			master.close();
			if (input != null) {
				input.close();
			}
			throw ex;
		}
		finally {
			if (devNull >= 0) {
				NativeIo.close(devNull);
			}
		}
	}

	/** The path of the terminal's slave side. */
	String slavePath() {
		return this.slavePath;
	}

	@Override
	public long pid() {
		return this.pid;
	}

	@Override
	public boolean tty() {
		return true;
	}

	@Override
	public Descriptor stdin() {
		return this.input;
	}

	@Override
	public List<Source> outputs() {
		return List.of(new Source("pty", this.master));
	}

	@Override
	public CompletableFuture<Integer> exit() {
		return this.exit;
	}

	@Override
	public void resize(int cols, int rows) {
		// Under the descriptor's lock: closed, its number may be another file's already.
		this.input.use((fd) -> {
			try {
				PtyMaster.resize(fd, cols, rows);
			}
			catch (SpawnException ex) {
				// The terminal is gone: there is nothing left to resize.
			}
		});
	}

	@Override
	public void release() {
		// Closing the master hangs the terminal up: SIGHUP to its foreground group.
		this.input.close();
		this.master.close();
		// Only a live child is signalled: after the reap its pid may belong to another.
		if (!this.exit.isDone()) {
			Libc.kill(this.pid, Signals.SIGTERM.number());
		}
	}

}
