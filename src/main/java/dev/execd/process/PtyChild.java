package dev.execd.process;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on a pseudo-terminal that execd allocates itself ({@link PtyMaster}) and
 * starts with {@link Spawn} ({@code posix_spawn}, the command's exec and no other), never
 * forking the JVM, reaped by the {@link ChildReaper}: it costs no thread. The child, a
 * new session's leader, opens the slave side itself for reading and writing, which makes
 * it the session's controlling terminal, and has it on descriptors 0, 1 and 2 as one open
 * file, as a terminal login does.
 * <p>
 * Why the child opens the terminal rather than the JVM: a JVM that leads a session with
 * no terminal (a systemd service, a daemon started with {@code setsid}) would take the
 * first terminal it opens for reading without {@code O_NOCTTY} as its own controlling
 * terminal, and its hang-up would send SIGHUP to the server; and separate opens would
 * give stdin read-only and stdout/stderr write-only, while programs read keys from stderr
 * ({@code more}).
 */
final class PtyChild implements Child {

	private final long pid;

	private final String slavePath;

	/**
	 * The master: read as output and written as stdin by one {@link Poller} through one
	 * epoll registration, and resized.
	 */
	private final Descriptor master;

	private final CompletableFuture<Integer> exit;

	private PtyChild(long pid, String slavePath, Descriptor master, CompletableFuture<Integer> exit) {
		this.pid = pid;
		this.slavePath = slavePath;
		this.master = master;
		this.exit = exit;
	}

	/** Starts the command of {@code spec} on a new terminal of its size. */
	static PtyChild start(LaunchSpec spec) throws SpawnException {
		PtyMaster terminal = PtyMaster.open(spec.cols(), spec.rows());
		Descriptor master = new Descriptor(terminal.fd());
		try {
			// Both started before the child: neither can fail once it runs.
			Poller.running();
			ChildReaper reaper = ChildReaper.running();
			long pid = Spawn.start(spec, Spawn.terminal(terminal.slavePath()));
			return new PtyChild(pid, terminal.slavePath(), master, reaper.reaping(pid));
		}
		catch (SpawnException | RuntimeException ex) {
			master.close();
			throw ex;
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
		return this.master;
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
		this.master.use((fd) -> {
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
		this.master.close();
		// Only a live child is signalled: after the reap its pid may belong to another.
		if (!this.exit.isDone()) {
			Libc.kill(this.pid, Signals.SIGTERM.number());
		}
	}

}
