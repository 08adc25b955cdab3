package dev.execd.process;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on plain pipes. {@code setsid} execs the command as a new session leader
 * without forking (its caller, a freshly forked JVM child, is not a group leader), so the
 * pid the JDK reports is the session id.
 */
final class PipeChild implements Child {

	private final Process process;

	private final CompletableFuture<Integer> exit;

	private PipeChild(Process process) {
		this.process = process;
		// The JDK's reaper thread completes onExit(): no thread of our own per child.
		this.exit = process.onExit().thenApply(Process::exitValue);
	}

	static PipeChild start(LaunchSpec spec, List<String> argv) throws IOException {
		List<String> command = new ArrayList<>(argv.size() + 1);
		command.add("setsid");
		command.addAll(argv);
		ProcessBuilder builder = new ProcessBuilder(command).directory(spec.workdir().toFile());
		builder.environment().clear();
		builder.environment().putAll(spec.environment());
		return new PipeChild(builder.start());
	}

	@Override
	public long pid() {
		return this.process.pid();
	}

	@Override
	public boolean tty() {
		return false;
	}

	@Override
	public OutputStream stdin() {
		return this.process.getOutputStream();
	}

	@Override
	public List<Source> outputs() {
		return List.of(new Source("stdout", this.process.getInputStream()),
				new Source("stderr", this.process.getErrorStream()));
	}

	@Override
	public CompletableFuture<Integer> exit() {
		return this.exit;
	}

	@Override
	public void resize(int cols, int rows) {
		throw new UnsupportedOperationException("not a terminal");
	}

	@Override
	public void release() {
		closeQuietly(this.process.getOutputStream());
		closeQuietly(this.process.getInputStream());
		closeQuietly(this.process.getErrorStream());
	}

	static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// Already closed or the child is gone: nothing to release.
		}
	}

}
