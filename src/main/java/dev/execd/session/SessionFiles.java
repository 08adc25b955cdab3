package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The log directory: execd's alone (see {@link OutputDirectory}), reserved for one server
 * by an OS lock that the kernel releases if the server dies, with one metadata file per
 * session written atomically (a temporary file, then a rename) so a crash never leaves a
 * torn one. No file is ever opened through a symbolic link, and only well-formed session
 * ids ever become file names.
 */
final class SessionFiles implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SessionFiles.class);

	private static final FileAttribute<?> OWNER_ONLY_FILE = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	private static final JsonMapper JSON = SessionRecords.JSON;

	/** A persistent shell's rc file and command file, beside its log: see ShellSetup. */
	static final String RC_SUFFIX = ".bashrc";

	static final String COMMAND_SUFFIX = ".cmd";

	private final Path dir;

	private final FileChannel lockChannel;

	private final FileLock lock;

	/**
	 * Opens the log directory, or runs {@code onFailure} (which releases what the caller
	 * set up before) and rethrows.
	 */
	static SessionFiles open(Path dir, Runnable onFailure) {
		try {
			return new SessionFiles(dir);
		}
		catch (RuntimeException ex) {
			onFailure.run();
			throw ex;
		}
	}

	SessionFiles(Path dir) {
		this.dir = dir;
		try {
			OutputDirectory.prepare(dir);
			Path lockFile = dir.resolve("execd.lock");
			if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)
					&& !Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
				throw new IllegalStateException(lockFile
						+ " is not a regular file (a symbolic link?); execd never follows one there. Remove it.");
			}
			this.lockChannel = FileChannel.open(lockFile,
					Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
					OWNER_ONLY_FILE);
			FileLock acquired;
			try {
				acquired = this.lockChannel.tryLock();
			}
			catch (OverlappingFileLockException ex) {
				acquired = null;
			}
			if (acquired == null) {
				this.lockChannel.close();
				throw new IllegalStateException("another execd server uses the log directory " + dir
						+ " (execd.output.dir); give each server its own");
			}
			this.lock = acquired;
			removeLeftovers();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot use the log directory " + dir, ex);
		}
	}

	/** Temporary metadata files of writes a crash interrupted. */
	private void removeLeftovers() throws IOException {
		try (DirectoryStream<Path> files = Files.newDirectoryStream(this.dir, "*.json.tmp")) {
			for (Path file : files) {
				Files.deleteIfExists(file);
			}
		}
	}

	/**
	 * A session's file; the id must be well-formed, so the name stays in the directory.
	 */
	private Path file(String id, String suffix) {
		if (!SessionIds.isWellFormed(id)) {
			throw new IllegalArgumentException("Not a session id: " + id);
		}
		return this.dir.resolve(id + suffix);
	}

	Path log(String id) {
		return file(id, ".log");
	}

	void save(SessionRecord record) {
		Path target = file(record.id(), ".json");
		Path temp = file(record.id(), ".json.tmp");
		try {
			Files.deleteIfExists(temp);
			try (FileChannel out = FileChannel.open(temp,
					Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
					OWNER_ONLY_FILE)) {
				ByteBuffer bytes = ByteBuffer.wrap(JSON.writeValueAsBytes(record));
				while (bytes.hasRemaining()) {
					out.write(bytes);
				}
			}
			Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			// Metadata is for restarts; a full disk must not fail the session itself.
			logger.warn("Cannot write metadata of session " + record.id() + ": " + ex.getMessage());
		}
	}

	void delete(String id) {
		try {
			Files.deleteIfExists(file(id, ".json"));
			Files.deleteIfExists(file(id, ".json.tmp"));
			Files.deleteIfExists(log(id));
			Files.deleteIfExists(file(id, ".streams"));
		}
		catch (IOException ex) {
			logger.warn("Cannot delete files of session " + id + ": " + ex.getMessage());
		}
		deleteShellFiles(id);
	}

	/**
	 * A shell's rc and command files. Its end deletes them, but a server that died first
	 * left them: they go when the next server recovers the session.
	 */
	void deleteShellFiles(String id) {
		try {
			Files.deleteIfExists(file(id, RC_SUFFIX));
			Files.deleteIfExists(file(id, COMMAND_SUFFIX));
		}
		catch (IOException ex) {
			logger.warn("Cannot delete the shell files of session " + id + ": " + ex.getMessage());
		}
	}

	/**
	 * Every valid metadata file; unreadable or invalid ones are skipped with a warning,
	 * never followed.
	 */
	List<SessionRecord> load() {
		List<SessionRecord> records = new ArrayList<>();
		try (DirectoryStream<Path> files = Files.newDirectoryStream(this.dir, "*.json")) {
			for (Path file : files) {
				try {
					records.add(SessionRecords.read(file));
				}
				catch (SessionRecords.InvalidRecord ex) {
					logger.warn("Skipping session metadata " + file + ": " + ex.getMessage());
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return records;
	}

	@Override
	public void close() {
		try {
			this.lock.release();
			this.lockChannel.close();
		}
		catch (IOException ex) {
			// The kernel drops the lock with the process anyway.
		}
	}

}
