package dev.execd.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import com.sun.jna.LastErrorException;

/**
 * A regular file open for reading, with the attributes of exactly the inode that is open
 * (a file renamed over it later does not change either).
 *
 * @param channel the open file; the caller closes it
 * @param stat its attributes
 * @param fd the descriptor the file was opened as, kept open with the channel
 */
public record OpenFile(FileChannel channel, FileStat stat, int fd) implements AutoCloseable {

	/**
	 * Opens a regular file of a directory: once, without following a link, and reads its
	 * attributes through that descriptor, so they belong to the bytes read.
	 * @throws FilesException.IsADirectory for a directory
	 * @throws FilesException.PathNotAllowed for a link or anything but a regular file
	 */
	static OpenFile open(Dir parent, String leaf) {
		refuseUnreadable(FileStat.read(parent, leaf));
		int fd;
		try {
			fd = Fds.openForReading(parent.fd(), leaf);
		}
		catch (LastErrorException ex) {
			throw parent.refusal(ex.getErrorCode(), leaf);
		}
		try {
			// The descriptor's own link in /proc: stat and reopen reach exactly its
			// inode.
			Path self = Path.of("/proc/self/fd/" + fd);
			FileStat stat = FileStat.read(self, parent.path().child(leaf).path(),
					parent.lossy() || Names.escaped(leaf));
			refuseUnreadable(stat);
			return new OpenFile(FileChannel.open(self, StandardOpenOption.READ), stat, fd);
		}
		catch (IOException | RuntimeException ex) {
			Fds.close(fd);
			throw (ex instanceof IOException io) ? parent.refusal(io, leaf) : (RuntimeException) ex;
		}
	}

	/**
	 * Opens a file the server keeps itself (a session's log) once, without following a
	 * link, for {@link #reopenable()}.
	 * @throws IOException when it is gone or cannot be opened
	 */
	public static OpenFile ofServer(Path path) throws IOException {
		int fd;
		try {
			fd = Fds.openForReading(Fds.AT_FDCWD, path.toString());
		}
		catch (LastErrorException ex) {
			throw new IOException("cannot open " + path + ": errno " + ex.getErrorCode(), ex);
		}
		try {
			Path self = Path.of("/proc/self/fd/" + fd);
			return new OpenFile(FileChannel.open(self, StandardOpenOption.READ), FileStat.read(self, path, false), fd);
		}
		catch (IOException | RuntimeException ex) {
			Fds.close(fd);
			throw (ex instanceof IOException io) ? io : new IOException("cannot open " + path, ex);
		}
	}

	/**
	 * A path that opens this very file (its inode, whatever happens to its name) for as
	 * long as this is open: for a reader that can only take a path, such as the web
	 * server's {@code sendfile}.
	 */
	public Path reopenable() {
		return Path.of("/proc/self/fd/" + this.fd);
	}

	private static void refuseUnreadable(FileStat stat) {
		switch (stat.type()) {
			case DIR -> throw new FilesException.IsADirectory(
					"'" + stat.path() + "' is a directory: list it with GET /files/list");
			case SYMLINK -> throw new FilesException.PathNotAllowed(
					"'" + stat.path() + "' is a symbolic link: links are never followed; read its target's path");
			case OTHER -> throw new FilesException.PathNotAllowed("'" + stat.path() + "' is not a regular file");
			case FILE -> {
			}
		}
	}

	@Override
	public void close() throws IOException {
		try {
			this.channel.close();
		}
		finally {
			Fds.close(this.fd);
		}
	}

}
