package dev.execd.process;

/**
 * A pipe for a child's stdin, stdout or stderr that execd owns, instead of the JDK's.
 * When the JDK sees its child exit, it drains what its output pipes hold and closes them:
 * a background child that outlives the leader would lose every later byte and die of
 * SIGPIPE on its next write. The session's output belongs to every process of the
 * session, so the read end here stays open until the last writer is gone. The JDK's stdin
 * pipe is a blocking stream; this one is written by a {@link PolledWrite}.
 * <p>
 * The child's end reaches it through {@code /proc/self/fd}: opening that path for a pipe
 * opens the same pipe (without blocking, as this process holds the other end), so it is a
 * file {@link ProcessBuilder} can redirect to. execd's end is non-blocking, for the
 * {@link Poller}, which closes it at the end, so an ended session kept for its retention
 * holds no descriptor.
 */
final class ChildPipe implements AutoCloseable {

	private final Descriptor ours;

	private final int theirs;

	private boolean theirsClosed;

	private ChildPipe(Descriptor ours, int theirs) {
		this.ours = ours;
		this.theirs = theirs;
	}

	/** A pipe the child writes and execd reads. */
	static ChildPipe forOutput() throws SpawnException {
		int[] fds = Libc.pipe();
		NativeIo.nonBlocking(fds[0]);
		return new ChildPipe(new Descriptor(fds[0]), fds[1]);
	}

	/** A pipe execd writes and the child reads. */
	static ChildPipe forInput() throws SpawnException {
		int[] fds = Libc.pipe();
		NativeIo.nonBlocking(fds[1]);
		return new ChildPipe(new Descriptor(fds[1]), fds[0]);
	}

	/** The child's end. */
	int theirs() {
		return this.theirs;
	}

	/** execd's end. */
	Descriptor ours() {
		return this.ours;
	}

	/** Closes execd's copy of the child's end: call once the child holds its own. */
	void closeTheirs() {
		if (!this.theirsClosed) {
			this.theirsClosed = true;
			Libc.close(this.theirs);
		}
	}

	/** Closes both ends (a failed start). */
	@Override
	public void close() {
		closeTheirs();
		this.ours.close();
	}

}
