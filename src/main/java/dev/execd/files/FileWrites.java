package dev.execd.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

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

	// The If-Match check and the rename happen under the lock of the path's stripe, so
	// two conditional writes of one version cannot both win. The upload itself is not
	// under it.
	private static final int STRIPES = 64;

	private static final SecureRandom RANDOM = new SecureRandom();

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
	 * @throws FilesException.PayloadTooLarge past {@code execd.files.max-upload-size}
	 * @throws FilesException.PreconditionFailed when {@code ifMatch} does not match
	 */
	public Written write(FilePath path, ReadableByteChannel body, long length, boolean mkdirs, @Nullable Integer mode,
			@Nullable String ifMatch) throws IOException {
		if (length > this.maxSize) {
			throw new FilesException.PayloadTooLarge(this.maxSize);
		}
		try (Dir parent = Dir.parentOf(path, mkdirs)) {
			String leaf = path.leaf();
			FileStat before = existing(parent, leaf);
			check(path, before, ifMatch);
			Path part = parent.child(partName());
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
					check(path, current, ifMatch);
					move(parent, part, leaf);
					moved = true;
					return new Written(current == null, FileStat.read(parent, leaf));
				}
				finally {
					lock.unlock();
				}
			}
			finally {
				if (!moved) {
					discard(part);
				}
			}
		}
	}

	/**
	 * A temporary file's name: hidden, and of a fixed length, so any valid leaf (up to
	 * 255 bytes) can be written through one.
	 */
	static String partName() {
		byte[] bytes = new byte[8];
		RANDOM.nextBytes(bytes);
		return ".execd-" + HexFormat.of().formatHex(bytes) + ".part";
	}

	/**
	 * Removes a temporary file after a failure; a failure to remove it is not reported,
	 * so it never hides the error the caller is about to see.
	 */
	static void discard(Path part) {
		try {
			Files.deleteIfExists(part);
		}
		catch (IOException ex) {
			// The first error is the one that matters; a stray .part is only litter.
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

	private static void move(Dir parent, Path part, String leaf) {
		try {
			Files.move(part, parent.child(leaf), StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw parent.refusal(ex, leaf);
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

	/** The current entry, or null when there is none; a directory is refused. */
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
		return stat;
	}

	private static void check(FilePath path, @Nullable FileStat current, @Nullable String ifMatch) {
		if (ifMatch != null && !EntityTags.matches(ifMatch, (current != null) ? current.etag() : null)) {
			throw new FilesException.PreconditionFailed((current != null)
					? "'" + path + "' is at version " + current.etag() + ", not the one If-Match names"
					: "'" + path + "' does not exist, and If-Match names a version");
		}
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
