package dev.execd.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The file behind an {@link OutputLog}: only ever a regular file opened without following
 * a symbolic link, and written at given positions. A failed write (a full disk) is
 * reported, and the next write simply tries again.
 */
final class LogFile {

	private static final FileAttribute<?> OWNER_ONLY = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	final FileChannel channel;

	/** Whether the last write failed. Guarded by the log's append lock. */
	private boolean failing;

	private volatile WriteFailureListener listener = (error, first) -> {
	};

	LogFile(FileChannel channel) {
		this.channel = channel;
	}

	/** A new, empty file; an existing file or link of that name is an error. */
	static FileChannel create(Path path) {
		try {
			return FileChannel.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
					StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), OWNER_ONLY);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A file left by a previous server, read-only; created empty when missing.
	 * @throws IOException also when it is not a regular file (a symbolic link, a FIFO)
	 */
	static FileChannel openExisting(Path path) throws IOException {
		if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
			FileChannel
				.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
						OWNER_ONLY)
				.close();
		}
		if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
			throw new IOException(path + " is not a regular file");
		}
		return FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
	}

	void onFailure(WriteFailureListener listener) {
		this.listener = listener;
	}

	/**
	 * Writes {@code len} bytes at {@code pos}, as many as fit.
	 * @return how many bytes reached the file
	 */
	int write(byte[] b, int off, int len, long pos) {
		ByteBuffer buf = ByteBuffer.wrap(b, off, len);
		try {
			while (buf.hasRemaining()) {
				this.channel.write(buf, pos + buf.position() - off);
			}
			this.failing = false;
		}
		catch (IOException ex) {
			// A full disk stops the log, never the process; the next append retries.
			boolean first = !this.failing;
			this.failing = true;
			this.listener.failed(ex, first);
		}
		return buf.position() - off;
	}

}
