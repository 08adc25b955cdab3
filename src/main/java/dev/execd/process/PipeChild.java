package dev.execd.process;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A leader on plain pipes, spawned by {@link Spawn} as a new session's leader (its pid is
 * the session id) and reaped by the {@link ChildReaper}, so it costs no thread. Its three
 * streams are {@link ChildPipe}s, which outlive the leader for its background children.
 */
final class PipeChild implements Child {

	private final long pid;

	private final Descriptor stdin;

	private final Descriptor stdout;

	private final Descriptor stderr;

	private final CompletableFuture<Integer> exit;

	private PipeChild(long pid, Descriptor stdin, Descriptor stdout, Descriptor stderr,
			CompletableFuture<Integer> exit) {
		this.pid = pid;
		this.stdin = stdin;
		this.stdout = stdout;
		this.stderr = stderr;
		this.exit = exit;
	}

	static PipeChild start(LaunchSpec spec) throws SpawnException {
		List<ChildPipe> pipes = new ArrayList<>(3);
		try {
			pipes.add(ChildPipe.forInput());
			pipes.add(ChildPipe.forOutput());
			pipes.add(ChildPipe.forOutput());
			// Both started before the child: neither can fail once it runs.
			Poller.running();
			ChildReaper reaper = ChildReaper.running();
			long pid = Spawn.start(spec,
					Spawn.descriptors(pipes.get(0).theirs(), pipes.get(1).theirs(), pipes.get(2).theirs()));
			// One loop reads both outputs, never both at once, so a receiver of stderr
			// can have stdout read first (see Descriptor#readPending).
			pipes.get(2).ours().sameLoopAs(pipes.get(1).ours());
			return new PipeChild(pid, pipes.get(0).ours(), pipes.get(1).ours(), pipes.get(2).ours(),
					reaper.reaping(pid));
		}
		catch (SpawnException | RuntimeException ex) {
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
		return this.pid;
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
