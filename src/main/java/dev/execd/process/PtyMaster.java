package dev.execd.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import com.sun.jna.Native;

/**
 * The master side of a pseudo-terminal allocated in this process ({@code posix_openpt}),
 * as a raw non-blocking descriptor ({@link #fd()}) for a multiplexer and as blocking
 * {@link InputStream}/{@link OutputStream} views. Once the terminal's last holder is gone
 * a read reports EIO: the views report it as the end of the stream.
 * <p>
 * Closing wakes a reader or writer parked on the terminal and frees the descriptor once
 * no call uses it any more ({@link SharedDescriptor}).
 */
public final class PtyMaster implements AutoCloseable {

	/** The largest read or write handed to the kernel at once. */
	private static final int CHUNK = 64 * 1024;

	/** Native memory per I/O thread, not per terminal: idle terminals hold none. */
	private static final ThreadLocal<ByteBuffer> BUFFERS = ThreadLocal
		.withInitial(() -> ByteBuffer.allocateDirect(CHUNK));

	private final SharedDescriptor master;

	private final String slavePath;

	private final InputStream input = new Input();

	private final OutputStream output = new Output();

	private PtyMaster(SharedDescriptor master, String slavePath) {
		this.master = master;
		this.slavePath = slavePath;
	}

	/**
	 * Allocates a terminal of {@code cols} x {@code rows}: the size is set before any
	 * program opens it, so the first thing a program asks already gets it.
	 * @throws SpawnException when the system is out of terminals or descriptors
	 */
	static PtyMaster open(int cols, int rows) throws SpawnException {
		int fd = PtyCalls.posix_openpt(PtyCalls.O_RDWR | PtyCalls.O_NOCTTY | PtyCalls.O_NONBLOCK | PtyCalls.O_CLOEXEC);
		if (fd < 0) {
			throw new SpawnException(Native.getLastError(), "posix_openpt failed");
		}
		int wake = -1;
		try {
			check(PtyCalls.grantpt(fd), "grantpt");
			check(PtyCalls.unlockpt(fd), "unlockpt");
			byte[] name = new byte[64];
			int error = PtyCalls.ptsname_r(fd, name, name.length);
			if (error != 0) {
				throw new SpawnException(error, "ptsname_r failed");
			}
			int length = 0;
			while (name[length] != 0) {
				length++;
			}
			wake = PtyCalls.eventfd(0, PtyCalls.O_NONBLOCK | PtyCalls.O_CLOEXEC);
			check(wake, "eventfd");
			check(PtyCalls.ioctl(fd, PtyCalls.TIOCSWINSZ, winsize(cols, rows)), "TIOCSWINSZ");
			return new PtyMaster(new SharedDescriptor(fd, wake),
					new String(name, 0, length, StandardCharsets.US_ASCII));
		}
		catch (SpawnException | RuntimeException ex) {
			Libc.close(fd);
			if (wake >= 0) {
				Libc.close(wake);
			}
			throw ex;
		}
	}

	private static void check(int result, String call) throws SpawnException {
		if (result < 0) {
			throw new SpawnException(Native.getLastError(), call + " failed");
		}
	}

	private static short[] winsize(int cols, int rows) {
		return new short[] { (short) rows, (short) cols, 0, 0 };
	}

	/** The master's descriptor: non-blocking, closed on exec, valid until closed. */
	public int fd() {
		return this.master.fd();
	}

	/** The path of the terminal's slave side, e.g. {@code /dev/pts/3}. */
	public String slavePath() {
		return this.slavePath;
	}

	/** Reads what programs wrote to the terminal; -1 once its last holder is gone. */
	public InputStream input() {
		return this.input;
	}

	/** Types into the terminal. */
	public OutputStream output() {
		return this.output;
	}

	/** Sets the size; the kernel sends SIGWINCH to the terminal's foreground group. */
	void resize(int cols, int rows) {
		if (this.master.enter()) {
			try {
				PtyCalls.ioctl(this.master.fd(), PtyCalls.TIOCSWINSZ, winsize(cols, rows));
			}
			finally {
				this.master.leave();
			}
		}
	}

	/**
	 * Closes the master: the terminal hangs up (SIGHUP to its session's foreground group,
	 * EIO to every holder of the slave). Safe to call more than once.
	 */
	@Override
	public void close() {
		this.master.close();
	}

	private int read(byte[] b, int off, int len) throws IOException {
		if (len == 0) {
			return 0;
		}
		if (!this.master.enter()) {
			return -1;
		}
		try {
			ByteBuffer buffer = BUFFERS.get();
			while (!this.master.closed()) {
				long n = PtyCalls.read(this.master.fd(), buffer, Math.min(len, CHUNK));
				if (n > 0) {
					buffer.get(0, b, off, (int) n);
					return (int) n;
				}
				int errno = (n == 0) ? PtyCalls.EIO : Native.getLastError();
				if (errno == PtyCalls.EAGAIN) {
					this.master.await(PtyCalls.POLLIN);
				}
				else if (errno != PtyCalls.EINTR) {
					// EIO: the terminal hung up, every holder of its slave side is gone.
					return -1;
				}
			}
			return -1;
		}
		finally {
			this.master.leave();
		}
	}

	private void write(byte[] b, int off, int len) throws IOException {
		if (!this.master.enter()) {
			throw new IOException("Terminal closed");
		}
		try {
			ByteBuffer buffer = BUFFERS.get();
			int done = 0;
			while (done < len) {
				if (this.master.closed()) {
					throw new IOException("Terminal closed");
				}
				int chunk = Math.min(len - done, CHUNK);
				buffer.put(0, b, off + done, chunk);
				long n = PtyCalls.write(this.master.fd(), buffer, chunk);
				if (n > 0) {
					done += (int) n;
					continue;
				}
				int errno = Native.getLastError();
				if (errno == PtyCalls.EAGAIN) {
					this.master.await(PtyCalls.POLLOUT);
				}
				else if (errno != PtyCalls.EINTR) {
					throw new IOException("Write to terminal failed: errno " + errno);
				}
			}
		}
		finally {
			this.master.leave();
		}
	}

	private final class Input extends InputStream {

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) < 0) ? -1 : (one[0] & 0xff);
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			return PtyMaster.this.read(b, off, len);
		}

	}

	private final class Output extends OutputStream {

		@Override
		public void write(int b) throws IOException {
			write(new byte[] { (byte) b }, 0, 1);
		}

		@Override
		public void write(byte[] b, int off, int len) throws IOException {
			PtyMaster.this.write(b, off, len);
		}

	}

}
