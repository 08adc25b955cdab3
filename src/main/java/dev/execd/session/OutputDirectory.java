package dev.execd.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.execd.config.EffectiveUid;

/**
 * Creates the log directory, or adopts an existing one only if it belongs to execd alone:
 * owned by execd's effective uid and writable by nobody else. Whoever else could write
 * there could plant a lock-file symlink or a forged session record and make execd (maybe
 * root) create, serve or delete files anywhere.
 */
final class OutputDirectory {

	private static final int GROUP_OR_OTHER_WRITE = 0022;

	private OutputDirectory() {
	}

	/**
	 * Creates {@code dir} (and missing parents) 0700, or checks an existing one, then
	 * makes it 0700.
	 * @throws IllegalStateException naming the path and the fix when it is not execd's
	 * alone
	 */
	static void prepare(Path dir) throws IOException {
		Path absolute = dir.toAbsolutePath().normalize();
		List<Path> checked = new ArrayList<>();
		for (Path p = absolute; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
			checked.add(p);
		}
		if (!checked.contains(absolute)) {
			checked.add(absolute);
		}
		Files.createDirectories(absolute,
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
		int uid = EffectiveUid.get();
		for (Path p : checked) {
			check(p, uid);
		}
		Files.setPosixFilePermissions(absolute, PosixFilePermissions.fromString("rwx------"));
	}

	private static void check(Path path, int uid) throws IOException {
		Map<String, Object> link = Files.readAttributes(path, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
		int linkOwner = (Integer) link.get("uid");
		if (linkOwner != uid) {
			throw refused(path, "is owned by uid " + linkOwner + ", not by execd's uid " + uid);
		}
		Map<String, Object> target = Files.isSymbolicLink(path) ? Files.readAttributes(path, "unix:uid,mode") : link;
		int owner = (Integer) target.get("uid");
		int mode = (Integer) target.get("mode");
		if (owner != uid) {
			throw refused(path, "leads to a directory owned by uid " + owner + ", not by execd's uid " + uid);
		}
		if ((mode & GROUP_OR_OTHER_WRITE) != 0) {
			throw refused(path,
					"is writable by its group or others (mode " + Integer.toOctalString(mode & 07777) + ")");
		}
	}

	private static IllegalStateException refused(Path path, String problem) {
		return new IllegalStateException("execd.output.dir: " + path + " " + problem
				+ "; someone else could plant files there. Remove it (execd creates it 0700), make it execd's alone"
				+ " (chown to execd's user, chmod 700), or set execd.output.dir to a directory of execd's own.");
	}

}
