package dev.execd.process;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A pipe for a child's stdout or stderr that execd owns, instead of the JDK's. When the
 * JDK sees its child exit, it drains what its pipes hold and closes them: a background
 * child that outlives the leader would lose every later byte and die of SIGPIPE on its
 * next write. The session's output belongs to every process of the session, so the read
 * end here stays open until the last writer is gone.
 * <p>
 * Both ends are reached through {@code /proc/self/fd}: opening that path for a pipe opens
 * the same pipe, so the read end becomes a plain {@link FileInputStream} and the write
 * end a file {@link ProcessBuilder} can redirect to.
 */
final class OutputPipe implements AutoCloseable {

	private final InputStream reader;

	private final int writeFd;

	private boolean writeEndClosed;

	private OutputPipe(InputStream reader, int writeFd) {
		this.reader = reader;
		this.writeFd = writeFd;
	}

	static OutputPipe open() throws IOException {
		int[] fds = Libc.pipe();
		try {
			// Does not block: this process holds a write end.
			return new OutputPipe(new ClosedAtEof(procFd(fds[0])), fds[1]);
		}
		catch (IOException | RuntimeException ex) {
			Libc.close(fds[1]);
			throw ex;
		}
		finally {
			Libc.close(fds[0]);
		}
	}

	/** Where the child's stream goes ({@link ProcessBuilder.Redirect#to}). */
	File writeEnd() {
		return procFd(this.writeFd);
	}

	/** The read end, at EOF once every process holding the write end closed it. */
	InputStream reader() {
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
		try {
			this.reader.close();
		}
		catch (IOException ex) {
			// Nothing was read from it.
		}
	}

	private static File procFd(int fd) {
		return new File("/proc/self/fd/" + fd);
	}

	/**
	 * Gives its descriptor back at EOF, so an ended session kept for its retention holds
	 * none.
	 */
	private static final class ClosedAtEof extends FileInputStream {

		ClosedAtEof(File file) throws IOException {
			super(file);
		}

		@Override
		public int read(byte[] b) throws IOException {
			return read(b, 0, b.length);
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			int n = super.read(b, off, len);
			if (n < 0) {
				close();
			}
			return n;
		}

	}

}
