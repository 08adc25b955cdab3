package dev.execd.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

/**
 * Finds the program an {@code argv[0]} names the way {@code execvp} would in the child: a
 * name with a slash is a path from the working directory, any other is looked up on the
 * child's own {@code PATH}. glibc's {@code posix_spawnp} would search execd's
 * {@code PATH} instead, so {@link Spawn} execs the path found here.
 */
public final class Executables {

	/** The search path when the child's environment has no {@code PATH}. */
	private static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

	private Executables() {
	}

	/**
	 * The executable regular file {@code name} names, or null when there is none.
	 * @param name the program's name or path
	 * @param pathVariable the child's {@code PATH}, or null
	 * @param workdir the child's working directory, against which relative paths and
	 * relative {@code PATH} entries resolve
	 * @throws java.nio.file.InvalidPathException when {@code name} is no valid path
	 */
	public static @Nullable Path find(String name, @Nullable String pathVariable, Path workdir) {
		if (name.isEmpty()) {
			return null;
		}
		if (name.contains("/")) {
			Path candidate = workdir.resolve(name);
			return isExecutableFile(candidate) ? candidate.toAbsolutePath() : null;
		}
		String search = (pathVariable != null) ? pathVariable : DEFAULT_PATH;
		for (String dir : search.split(File.pathSeparator)) {
			Path candidate = workdir.resolve(dir.isEmpty() ? "." : dir).resolve(name);
			if (isExecutableFile(candidate)) {
				return candidate.toAbsolutePath();
			}
		}
		return null;
	}

	/** Whether {@code path} is a regular file this process may execute. */
	public static boolean isExecutableFile(Path path) {
		return Files.isRegularFile(path) && Files.isExecutable(path);
	}

}
