package dev.execd.process;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on a pseudo-terminal that execd allocates itself ({@link PtyMaster}) and
 * starts with the JDK's launcher ({@code posix_spawn}), never forking the JVM. After the
 * signal reset of {@link Launcher} the argv continues with
 * {@code setsid sh -c 'exec "$@" <>tty >&0 2>&0'}: {@code setsid} makes the process a
 * session leader without forking (a child of the JVM leads no group), and the shell, a
 * session leader without a terminal, opens the slave side for reading and writing, which
 * makes it the session's controlling terminal, puts it on descriptors 0, 1 and 2 as one
 * open file, as a terminal login does, and execs the command.
 * <p>
 * Why the child opens the terminal rather than the JDK's redirects: the JDK opens a
 * redirect file in the JVM without {@code O_NOCTTY}, so a JVM that leads a session with
 * no terminal (a systemd service, a daemon started with {@code setsid}) would take the
 * first terminal it opens for reading as its own controlling terminal, and its hang-up
 * would send SIGHUP to the server. And redirects would give stdin read-only and
 * stdout/stderr write-only, while programs read keys from stderr ({@code more}).
 */
final class PtyChild implements Child {

	/** Opens the terminal as the controlling one, then execs the command ($@). */
	static final List<String> OPEN_TERMINAL = List.of("setsid", "/bin/sh", "-c",
			"t=$1; shift; exec \"$@\" <>\"$t\" >&0 2>&0", "sh");

	private static final File DEV_NULL = new File("/dev/null");

	private final Process process;

	private final PtyMaster master;

	private final CompletableFuture<Integer> exit;

	private PtyChild(Process process, PtyMaster master) {
		this.process = process;
		this.master = master;
		// The JDK's reaper thread completes onExit(): no thread of our own per child.
		this.exit = process.onExit().thenApply(Process::exitValue);
	}

	/**
	 * Starts {@code command} on a new terminal behind {@code reset}, the signal reset of
	 * {@link Launcher} (possibly empty).
	 */
	static PtyChild start(LaunchSpec spec, List<String> reset, List<String> command) throws IOException {
		PtyMaster master = PtyMaster.open(spec.cols(), spec.rows());
		try {
			List<String> argv = new ArrayList<>(reset);
			argv.addAll(OPEN_TERMINAL);
			argv.add(master.slavePath());
			argv.addAll(command);
			ProcessBuilder builder = new ProcessBuilder(argv).directory(spec.workdir().toFile())
				.redirectInput(DEV_NULL)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(ProcessBuilder.Redirect.DISCARD);
			builder.environment().clear();
			builder.environment().putAll(spec.environment());
			return new PtyChild(builder.start(), master);
		}
		catch (IOException | RuntimeException ex) {
			master.close();
			throw ex;
		}
	}

	/** The terminal's master side. */
	PtyMaster master() {
		return this.master;
	}

	@Override
	public long pid() {
		return this.process.pid();
	}

	@Override
	public boolean tty() {
		return true;
	}

	@Override
	public OutputStream stdin() {
		return this.master.output();
	}

	@Override
	public List<Source> outputs() {
		return List.of(new Source("pty", this.master.input()));
	}

	@Override
	public CompletableFuture<Integer> exit() {
		return this.exit;
	}

	@Override
	public void resize(int cols, int rows) {
		this.master.resize(cols, rows);
	}

	@Override
	public void release() {
		this.master.close();
		// Only a live child is destroyed: after the reap its pid may belong to another.
		if (!this.exit.isDone()) {
			this.process.destroy();
		}
	}

}
