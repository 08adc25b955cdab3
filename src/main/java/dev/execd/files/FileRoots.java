package dev.execd.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import org.jspecify.annotations.Nullable;

/**
 * Where a requested path lies, resolved like a session's workdir: relative to
 * {@code execd.process.default-workdir}, confined to {@code execd.process.workdir-roots}
 * when set (else to {@code /}). With tokens and {@code execd.files.tenant-roots}, each
 * tenant's root is its only root and its base, so no path names another tenant's files.
 * The server's output directory and execd's own process in {@code /proc} are never
 * reachable, under a root or not.
 * <p>
 * The check is lexical on purpose: {@link Dir} then walks the names from the root's
 * directory without following any symbolic link, so the lexical path is the real one.
 * Roots and the base are taken as real paths once, so a link above a root is fine.
 */
public final class FileRoots {

	private static final Path SLASH = Path.of("/");

	private static final Path PROC = Path.of("/proc");

	/** The threads of execd, one directory each named by its id; the first is the pid. */
	private static final Path OWN_TASKS = Path.of("/proc/self/task");

	private final Path base;

	private final List<Path> roots;

	private final Map<String, Path> tenantRoots;

	private final boolean tenantsConfined;

	private final Path outputDir;

	public FileRoots(ExecdProperties properties) {
		ExecdProperties.Processes process = properties.process();
		this.base = real(Path.of(process.defaultWorkdir()));
		this.roots = process.workdirRoots().isEmpty() ? List.of(SLASH)
				: process.workdirRoots().stream().map(FileRoots::real).toList();
		this.tenantsConfined = !properties.security().tokens().isEmpty() && !properties.files().tenantRoots().isEmpty();
		this.tenantRoots = Map.copyOf(properties.files().tenantRoots());
		refuseNested(this.tenantRoots);
		this.outputDir = properties.output().dir().toAbsolutePath().normalize();
	}

	/**
	 * Refuses tenant roots of which one is, or lies inside, another: the outer tenant
	 * would reach the inner one's files.
	 */
	private static void refuseNested(Map<String, Path> tenantRoots) {
		List<String> tenants = tenantRoots.keySet().stream().sorted().toList();
		for (String outer : tenants) {
			for (String inner : tenants) {
				Path outerRoot = real(tenantRoots.get(outer));
				Path innerRoot = real(tenantRoots.get(inner));
				if (!outer.equals(inner) && innerRoot.startsWith(outerRoot)) {
					throw new IllegalArgumentException("execd.files.tenant-roots." + inner + " (" + innerRoot + ") "
							+ (innerRoot.equals(outerRoot) ? "is" : "lies inside") + " execd.files.tenant-roots."
							+ outer + " (" + outerRoot + "): tenant roots must not nest, or one tenant reaches "
							+ "another's files");
				}
			}
		}
	}

	/**
	 * Resolves a requested path for a tenant.
	 * @param tenant the token name, or null without tokens
	 * @param requested the path as the caller wrote it
	 * @throws FilesException.InvalidRequest when it is blank or malformed
	 * @throws FilesException.PathNotAllowed when it lies outside the tenant's roots or in
	 * the output directory or execd's own process
	 */
	public FilePath locate(@Nullable String tenant, @Nullable String requested) {
		if (requested == null || requested.isEmpty()) {
			throw new FilesException.InvalidRequest("path is required");
		}
		Path given;
		try {
			given = Path.of(requested);
		}
		catch (InvalidPathException ex) {
			throw new FilesException.InvalidRequest("not a valid path: " + ex.getReason());
		}
		Path tenantRoot = tenantRoot(tenant);
		List<Path> allowed = (tenantRoot != null) ? List.of(tenantRoot) : this.roots;
		Path path = ((tenantRoot != null) ? tenantRoot : this.base).resolve(given).normalize();
		for (Path name : path) {
			if (name.toString().equals("..")) {
				throw notAllowed(requested);
			}
		}
		Path root = allowed.stream()
			.filter(path::startsWith)
			.max(Comparator.comparingInt(Path::getNameCount))
			.orElseThrow(() -> notAllowed(requested));
		FilePath located = new FilePath(root, path);
		if (reachesOutput(located)) {
			throw new FilesException.PathNotAllowed("'" + path + "' is in execd's own output directory");
		}
		if (inOwnProcess(path)) {
			throw new FilesException.PathNotAllowed("'" + path + "' is execd's own process");
		}
		return located;
	}

	/**
	 * Whether the path is in {@code /proc}'s directory of execd's own process or of one
	 * of its threads (a thread's id names a directory of {@code /proc} too, though
	 * unlisted): its {@code environ} holds every tenant's token. Being non-dumpable keeps
	 * other processes of execd's user out, but not root, and execd itself may run as
	 * root. {@code /proc/self} is execd too; the walk would refuse it as a symbolic link
	 * anyway.
	 */
	static boolean inOwnProcess(Path path) {
		if (path.getNameCount() < 2 || !path.startsWith(PROC)) {
			return false;
		}
		String id = path.getName(1).toString();
		if (id.equals("self") || id.equals("thread-self")) {
			return true;
		}
		return id.length() <= 10 && id.chars().allMatch((c) -> c >= '0' && c <= '9')
				&& Files.exists(OWN_TASKS.resolve(id), LinkOption.NOFOLLOW_LINKS);
	}

	/** Whether the path is the output directory or inside it. */
	boolean reachesOutput(FilePath path) {
		return outputDirs().stream().anyMatch(path.path()::startsWith);
	}

	/**
	 * Whether an entry is the output directory or inside it. A name that is not UTF-8
	 * never is: the output directory's path is a string, so its bytes are UTF-8.
	 */
	boolean reachesOutput(Dir dir, String name) {
		return !dir.lossy() && !Names.escaped(name) && reachesOutput(dir.path().child(name));
	}

	/** Whether the output directory is inside the path (moving or deleting it would). */
	boolean holdsOutput(FilePath path) {
		return outputDirs().stream().anyMatch((dir) -> dir.startsWith(path.path()));
	}

	/** The output directory as configured and as it really is (created after startup). */
	private List<Path> outputDirs() {
		Path real = real(this.outputDir);
		return real.equals(this.outputDir) ? List.of(real) : List.of(this.outputDir, real);
	}

	private @Nullable Path tenantRoot(@Nullable String tenant) {
		if (!this.tenantsConfined) {
			return null;
		}
		Path root = (tenant != null) ? this.tenantRoots.get(tenant) : null;
		if (root == null) {
			throw new FilesException.PathNotAllowed(
					"this tenant has no root in execd.files.tenant-roots and so reaches no file");
		}
		return real(root);
	}

	private static FilesException.PathNotAllowed notAllowed(String requested) {
		return new FilesException.PathNotAllowed("'" + requested + "' is outside the roots this caller may reach");
	}

	private static Path real(Path path) {
		Path absolute = path.toAbsolutePath().normalize();
		try {
			return absolute.toRealPath();
		}
		catch (IOException ex) {
			return absolute;
		}
	}

}
