package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The log directory: owner-only, reserved for one server by an OS lock that the kernel
 * releases if the server dies, with one metadata file per session written atomically (a
 * temporary file, then a rename) so a crash never leaves a torn one.
 */
final class SessionFiles implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SessionFiles.class);

	private static final FileAttribute<?> OWNER_ONLY_FILE = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Path dir;

	private final FileChannel lockChannel;

	private final FileLock lock;

	SessionFiles(Path dir) {
		this.dir = dir;
		try {
			Files.createDirectories(dir,
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
			Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
			this.lockChannel = FileChannel.open(dir.resolve("execd.lock"),
					Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), OWNER_ONLY_FILE);
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
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot use the log directory " + dir, ex);
		}
	}

	Path log(String id) {
		return this.dir.resolve(id + ".log");
	}

	void save(SessionRecord record) {
		Path target = this.dir.resolve(record.id() + ".json");
		Path temp = this.dir.resolve(record.id() + ".json.tmp");
		try {
			Files.deleteIfExists(temp);
			Files.write(Files.createFile(temp, OWNER_ONLY_FILE), JSON.writeValueAsBytes(record));
			Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			// Metadata is for restarts; a full disk must not fail the session itself.
			logger.warn("Cannot write metadata of session " + record.id() + ": " + ex.getMessage());
		}
	}

	void delete(String id) {
		try {
			Files.deleteIfExists(this.dir.resolve(id + ".json"));
			Files.deleteIfExists(log(id));
		}
		catch (IOException ex) {
			logger.warn("Cannot delete files of session " + id + ": " + ex.getMessage());
		}
	}

	/** Every readable metadata file; unreadable ones are skipped with a warning. */
	List<SessionRecord> load() {
		List<SessionRecord> records = new ArrayList<>();
		try (DirectoryStream<Path> files = Files.newDirectoryStream(this.dir, "*.json")) {
			for (Path file : files) {
				try {
					records.add(JSON.readValue(file.toFile(), SessionRecord.class));
				}
				catch (JacksonException ex) {
					logger.warn("Skipping unreadable session metadata " + file + ": " + ex.getOriginalMessage());
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
