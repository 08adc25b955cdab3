package dev.execd.process;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on plain pipes. The argv starts with {@code setsid} (after the signal reset of
 * {@link Launcher}), which execs the command as a new session leader without forking: a
 * freshly forked JVM child is not a group leader, so the pid the JDK reports is the
 * session id. stdout and stderr are {@link OutputPipe}s, which outlive the leader for its
 * background children; stdin is the JDK's pipe.
 */
final class PipeChild implements Child {

	private final Process process;

	private final Descriptor stdout;

	private final Descriptor stderr;

	private final CompletableFuture<Integer> exit;

	private PipeChild(Process process, Descriptor stdout, Descriptor stderr) {
		this.process = process;
		this.stdout = stdout;
		this.stderr = stderr;
		// The JDK's reaper thread completes onExit(): no thread of our own per child.
		this.exit = process.onExit().thenApply(Process::exitValue);
	}

	static PipeChild start(LaunchSpec spec, List<String> argv) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(argv).directory(spec.workdir().toFile());
		builder.environment().clear();
		builder.environment().putAll(spec.environment());
		OutputPipe out = OutputPipe.open();
		OutputPipe err;
		try {
			err = OutputPipe.open();
		}
		catch (IOException ex) {
			out.close();
			throw ex;
		}
		try {
			Process process = builder.redirectOutput(out.writeEnd()).redirectError(err.writeEnd()).start();
			return new PipeChild(process, out.reader(), err.reader());
		}
		catch (IOException | RuntimeException ex) {
			out.close();
			err.close();
			throw ex;
		}
		finally {
			// The child has its own copies now; ours would keep the pipes from EOF.
			out.closeWriteEnd();
			err.closeWriteEnd();
		}
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
		return List.of(new Source("stdout", this.stdout), new Source("stderr", this.stderr));
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
		this.stdout.close();
		this.stderr.close();
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
