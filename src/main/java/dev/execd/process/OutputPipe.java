package dev.execd.process;

import java.io.File;

/**
 * A pipe for a child's stdout or stderr that execd owns, instead of the JDK's. When the
 * JDK sees its child exit, it drains what its pipes hold and closes them: a background
 * child that outlives the leader would lose every later byte and die of SIGPIPE on its
 * next write. The session's output belongs to every process of the session, so the read
 * end here stays open until the last writer is gone.
 * <p>
 * The write end reaches the child through {@code /proc/self/fd}: opening that path for a
 * pipe opens the same pipe, so it is a file {@link ProcessBuilder} can redirect to. The
 * read end is non-blocking, for the {@link Poller}, which closes it at EOF, so an ended
 * session kept for its retention holds no descriptor.
 */
final class OutputPipe implements AutoCloseable {

	private final Descriptor reader;

	private final int writeFd;

	private boolean writeEndClosed;

	private OutputPipe(Descriptor reader, int writeFd) {
		this.reader = reader;
		this.writeFd = writeFd;
	}

	static OutputPipe open() throws SpawnException {
		int[] fds = Libc.pipe();
		NativeIo.nonBlocking(fds[0]);
		return new OutputPipe(new Descriptor(fds[0]), fds[1]);
	}

	/** Where the child's stream goes ({@link ProcessBuilder.Redirect#to}). */
	File writeEnd() {
		return new File("/proc/self/fd/" + this.writeFd);
	}

	/** The read end, at EOF once every process holding the write end closed it. */
	Descriptor reader() {
		return this.reader;
	}

	/** Closes execd's write end: call once the child holds its own. */
	void closeWriteEnd() {
		if (!this.writeEndClosed) {
			this.writeEndClosed = true;
			Libc.close(this.writeFd);
		}
	}

	/** Closes both ends (a failed start). */
	@Override
	public void close() {
		closeWriteEnd();
		this.reader.close();
	}

}
