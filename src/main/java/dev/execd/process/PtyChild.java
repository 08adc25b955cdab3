package dev.execd.process;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.pty4j.WinSize;
import com.pty4j.unix.UnixPtyProcess;

/**
 * A leader on a pseudo-terminal (pty4j makes it a session leader with the terminal as its
 * controlling tty).
 */
final class PtyChild implements Child {

	private static final int ESRCH = 3;

	private final PtyProcess process;

	private final CompletableFuture<Integer> exit = new CompletableFuture<>();

	/**
	 * The master, read by the {@link Poller}, and written as stdin: duplicates, as pty4j
	 * closes its own, and one each, as epoll watches a descriptor once.
	 */
	private final Descriptor master;

	private final Descriptor input;

	private PtyChild(PtyProcess process, int master) throws SpawnException {
		this.process = process;
		NativeIo.nonBlocking(master);
		this.master = Descriptor.dup(master);
		try {
			this.input = Descriptor.dup(master);
		}
		catch (SpawnException ex) {
			this.master.close();
			throw ex;
		}
	}

	static PtyChild start(LaunchSpec spec, List<String> argv) throws IOException {
		PtyProcess process = new PtyProcessBuilder(argv.toArray(String[]::new)).setEnvironment(spec.environment())
			.setDirectory(spec.workdir().toString())
			.setInitialColumns(spec.cols())
			.setInitialRows(spec.rows())
			.setRedirectErrorStream(true)
			.start();
		// The first spawn in a JVM can come up with a 0x0 window: set it again.
		process.setWinSize(new WinSize(spec.cols(), spec.rows()));
		PtyChild child;
		try {
			child = new PtyChild(process, ((UnixPtyProcess) process).getPty().getMasterFD());
			// pty4j reaps the child on a thread of its own but offers no callback. The
			// poller sees the end through a pidfd; a virtual thread then takes the
			// status from pty4j, which has it within moments.
			child.watchExit();
		}
		catch (SpawnException ex) {
			process.destroy();
			throw ex;
		}
		return child;
	}

	private void watchExit() throws SpawnException {
		try {
			PolledExit.of(this.process.pid(), false).thenRun(() -> Thread.ofVirtual().start(this::awaitExit));
		}
		catch (SpawnException ex) {
			if (ex.errno() != ESRCH) {
				throw ex;
			}
			// Already reaped by pty4j.
			Thread.ofVirtual().start(this::awaitExit);
		}
	}

	private void awaitExit() {
		try {
			this.exit.complete(this.process.waitFor());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.exit.completeExceptionally(ex);
		}
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
		this.process.setWinSize(new WinSize(cols, rows));
	}

	@Override
	public void release() {
		this.input.close();
		this.master.close();
		PipeChild.closeQuietly(this.process.getOutputStream());
		PipeChild.closeQuietly(this.process.getInputStream());
		PipeChild.closeQuietly(this.process.getErrorStream());
		// Only a live child is destroyed: after the reap its pid may belong to another.
		if (!this.exit.isDone()) {
			this.process.destroy();
		}
	}

}
