package dev.execd.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on plain pipes. The argv starts with {@code setsid} (after the signal reset of
 * {@link Launcher}), which execs the command as a new session leader without forking: a
 * freshly forked JVM child is not a group leader, so the pid the JDK reports is the
 * session id. Its three streams are {@link ChildPipe}s, which outlive the leader for its
 * background children.
 */
final class PipeChild implements Child {

	private final Process process;

	private final Descriptor stdin;

	private final Descriptor stdout;

	private final Descriptor stderr;

	private final CompletableFuture<Integer> exit;

	private PipeChild(Process process, Descriptor stdin, Descriptor stdout, Descriptor stderr) {
		this.process = process;
		this.stdin = stdin;
		this.stdout = stdout;
		this.stderr = stderr;
		// The JDK's reaper thread completes onExit(): no thread of our own per child.
		this.exit = process.onExit().thenApply(Process::exitValue);
	}

	static PipeChild start(LaunchSpec spec, List<String> argv) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(argv).directory(spec.workdir().toFile());
		builder.environment().clear();
		builder.environment().putAll(spec.environment());
		List<ChildPipe> pipes = new ArrayList<>(3);
		try {
			pipes.add(ChildPipe.forInput());
			pipes.add(ChildPipe.forOutput());
			pipes.add(ChildPipe.forOutput());
			Process process = builder.redirectInput(pipes.get(0).theirs())
				.redirectOutput(pipes.get(1).theirs())
				.redirectError(pipes.get(2).theirs())
				.start();
			return new PipeChild(process, pipes.get(0).ours(), pipes.get(1).ours(), pipes.get(2).ours());
		}
		catch (IOException | RuntimeException ex) {
			pipes.forEach(ChildPipe::close);
			throw ex;
		}
		finally {
			// The child has its own copies now; ours would keep the pipes from EOF.
			pipes.forEach(ChildPipe::closeTheirs);
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
	public Descriptor stdin() {
		return this.stdin;
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
		this.stdin.close();
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
