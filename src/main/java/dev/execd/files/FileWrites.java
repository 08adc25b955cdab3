package dev.execd.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

import com.sun.jna.LastErrorException;
import org.jspecify.annotations.Nullable;

/**
 * Writing a whole file atomically: the body goes to a temporary file in the same
 * directory, which is then renamed over the target, so a reader sees the old bytes or the
 * new ones, never a mix. The temporary file is created and renamed through the
 * directory's descriptor ({@link Dir}), so it cannot land anywhere else.
 */
public final class FileWrites {

	private static final int BUFFER = 256 * 1024;

	/** Direct buffers kept for concurrent uploads; more uploads allocate their own. */
	private static final int KEPT_BUFFERS = 4;

	private static final int DEFAULT_MODE = 0644;

	// The precondition check and the rename happen under the lock of the path's stripe,
	// so two conditional writes of one version cannot both win. The upload itself is not
	// under it.
	private static final int STRIPES = 64;

	private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

	private final DirectBuffers buffers = new DirectBuffers(BUFFER, KEPT_BUFFERS);

	private final long maxSize;

	FileWrites(long maxSize) {
		this.maxSize = maxSize;
		for (int i = 0; i < STRIPES; i++) {
			this.locks[i] = new ReentrantLock();
		}
	}

	/**
	 * Writes a file from a channel.
	 * @param path where
	 * @param body the bytes; read to its end, not closed
	 * @param length the length the client declared, or -1; too large is refused before a
	 * byte is read
	 * @param mkdirs whether to create missing parent directories
	 * @param mode permission bits ({@code 0-0777}); null keeps a replaced file's, else
	 * 0644
	 * @param ifMatch an {@code If-Match} value the current file must match, or null
	 * @param ifNoneMatch an {@code If-None-Match} value it must not match ({@code *}: no
	 * file may be there), or null
	 * @throws FilesException.PayloadTooLarge past {@code execd.files.max-upload-size}
	 * @throws FilesException.PreconditionFailed when a condition is false
	 */
	public Written write(FilePath path, ReadableByteChannel body, long length, boolean mkdirs, @Nullable Integer mode,
			@Nullable String ifMatch, @Nullable String ifNoneMatch) throws IOException {
		if (length > this.maxSize) {
			throw new FilesException.PayloadTooLarge(this.maxSize);
		}
		try (Dir parent = Dir.parentOf(path, mkdirs)) {
			String leaf = path.leaf();
			FileStat before = existing(parent, leaf);
			check(path, before, ifMatch, ifNoneMatch);
			Path part = parent.child(PartFiles.name());
			boolean moved = false;
			try {
				copy(body, create(parent, part, leaf));
				// A link is not a file: its own bits (0777) are no mode to keep.
				int bits = (mode != null) ? mode
						: (before != null && before.type() != FileType.SYMLINK) ? before.mode() : DEFAULT_MODE;
				chmod(parent, part, leaf, bits);
				ReentrantLock lock = this.locks[Math.floorMod(path.path().hashCode(), STRIPES)];
				lock.lock();
				try {
					FileStat current = existing(parent, leaf);
					check(path, current, ifMatch, ifNoneMatch);
					// With If-None-Match: *, a file made meanwhile by anyone (a session
					// too) is not replaced either.
					move(parent, part, leaf, "*".equals((ifNoneMatch != null) ? ifNoneMatch.strip() : null), path);
					moved = true;
					return new Written(current == null, FileStat.read(parent, leaf));
				}
				finally {
					lock.unlock();
				}
			}
			finally {
				if (!moved) {
					PartFiles.discard(part);
				}
			}
		}
	}

	private static void chmod(Dir parent, Path part, String leaf, int mode) {
		try {
			Files.getFileAttributeView(part, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
				.setPermissions(permissions(mode));
		}
		catch (IOException ex) {
			throw parent.refusal(ex, leaf);
		}
	}

	private static void move(Dir parent, Path part, String leaf, boolean noReplace, FilePath path) {
		try {
			Fds.rename(parent.fd(), part.getFileName().toString(), parent.fd(), leaf,
					noReplace ? Fds.RENAME_NOREPLACE : 0);
		}
		catch (LastErrorException ex) {
			throw (noReplace && ex.getErrorCode() == Fds.EEXIST) ? noneMatch(path, null)
					: parent.refusal(ex.getErrorCode(), leaf);
		}
	}

	/** The temporary file; the directory may have been removed since the walk. */
	private static FileChannel create(Dir parent, Path part, String leaf) {
		try {
			return FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
					LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException ex) {
			throw (ex instanceof NoSuchFileException) ? new FilesException.NotFound(parent.path().toString())
					: parent.refusal(ex, leaf);
		}
	}

	/**
	 * Copies the body through a direct buffer, in whole buffers: a body arrives in reads
	 * of a few KiB, and one write per read would cost a system call for each. An I/O
	 * error here is the client's (it went away) and stays one.
	 */
	private void copy(ReadableByteChannel body, FileChannel channel) throws IOException {
		ByteBuffer buffer = this.buffers.take();
		try (FileChannel out = channel) {
			long total = 0;
			for (int n = fill(body, buffer); n > 0; n = fill(body, buffer)) {
				total += n;
				if (total > this.maxSize) {
					throw new FilesException.PayloadTooLarge(this.maxSize);
				}
				buffer.flip();
				while (buffer.hasRemaining()) {
					out.write(buffer);
				}
			}
		}
		finally {
			this.buffers.give(buffer);
		}
	}

	/** Reads until the buffer is full or the body has ended; the bytes read. */
	private static int fill(ReadableByteChannel body, ByteBuffer buffer) throws IOException {
		buffer.clear();
		while (buffer.hasRemaining() && body.read(buffer) >= 0) {
			// reads again
		}
		return buffer.position();
	}

	/**
	 * The current entry, or null when there is none; a directory or a device is refused.
	 */
	private static @Nullable FileStat existing(Dir parent, String leaf) {
		FileStat stat;
		try {
			stat = FileStat.read(parent, leaf);
		}
		catch (FilesException.NotFound ex) {
			return null;
		}
		if (stat.type() == FileType.DIR) {
			throw new FilesException.IsADirectory("'" + stat.path() + "' is a directory");
		}
		return stat.refuseDevice("replaces");
	}

	/** RFC 9110 section 13.2.2: If-Match first, then If-None-Match. */
	private static void check(FilePath path, @Nullable FileStat current, @Nullable String ifMatch,
			@Nullable String ifNoneMatch) {
		if (ifMatch != null && !EntityTags.matches(ifMatch, (current != null) ? current.etag() : null)) {
			throw new FilesException.PreconditionFailed((current != null)
					? "'" + path + "' is at version " + current.etag() + ", not the one If-Match names"
					: "'" + path + "' does not exist, and If-Match names a version");
		}
		if (ifNoneMatch != null && current != null && EntityTags.matchesWeakly(ifNoneMatch, current.etag())) {
			throw noneMatch(path, current);
		}
	}

	private static FilesException noneMatch(FilePath path, @Nullable FileStat current) {
		return new FilesException.PreconditionFailed(
				(current != null) ? "'" + path + "' is at version " + current.etag() + ", which If-None-Match names"
						: "'" + path + "' exists, and If-None-Match: * writes only a new file");
	}

	static Set<PosixFilePermission> permissions(int mode) {
		Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
		PosixFilePermission[] order = PosixFilePermission.values();
		// OWNER_READ is 0400 ... OTHERS_EXECUTE is 0001, in the enum's order.
		for (int i = 0; i < order.length; i++) {
			if ((mode & (0400 >> i)) != 0) {
				set.add(order[i]);
			}
		}
		return set;
	}

	/**
	 * A file written.
	 *
	 * @param created whether nothing was there before
	 * @param stat the new file's attributes
	 */
	public record Written(boolean created, FileStat stat) {

	}

}
