package dev.execd.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import dev.execd.process.Environments;
import dev.execd.process.Executables;
import dev.execd.process.LaunchSpec;

/**
 * Turns a session request into what to launch, checking the only inputs ever used as
 * paths: the workdir, the shell and {@code argv[0]}. A missing one is a clear refusal
 * rather than a process that dies at once with 127.
 */
final class Commands {

	private Commands() {
	}

	static LaunchSpec resolve(SessionSpec spec, ExecdProperties.Processes settings, String sessionId,
			Map<String, String> serverEnv) {
		Path workdir = workdir(spec.workdir(), settings);
		Map<String, String> env = Environments.forChild(serverEnv, spec.env(), sessionId, spec.tty(), spec.cols(),
				spec.rows());
		List<String> command = new ArrayList<>();
		if (spec.shellSession()) {
			if (!Executables.isExecutableFile(Path.of(ShellScript.BASH))) {
				throw new SessionException.ShellNotFound(ShellScript.BASH);
			}
			// The rc file's path is filled in by the launcher, which writes it.
			command.add(ShellScript.BASH);
		}
		else if (spec.cmd() != null) {
			String shell = (spec.shell() != null) ? spec.shell() : settings.shell();
			if (!Executables.isExecutableFile(path(shell))) {
				throw new SessionException.ShellNotFound(shell);
			}
			command.addAll(List.of(shell, spec.login() ? "-lc" : "-c", spec.cmd()));
		}
		else {
			List<String> argv = spec.argv();
			if (findExecutable(argv.get(0), env.get("PATH"), workdir) == null) {
				throw new SessionException.CommandNotFound(argv.get(0));
			}
			command.addAll(argv);
		}
		return new LaunchSpec(command, workdir, env, spec.tty(), spec.cols(), spec.rows());
	}

	static Path workdir(String requested, ExecdProperties.Processes settings) {
		Path base = Path.of(settings.defaultWorkdir());
		Path workdir = (requested != null) ? base.resolve(path(requested)).normalize() : base;
		if (!Files.isDirectory(workdir)) {
			throw new SessionException.WorkdirNotFound((requested != null) ? requested : workdir.toString());
		}
		if (!settings.workdirRoots().isEmpty()) {
			// Symlinks are resolved first, so a link cannot lead outside the roots.
			Path real = realPath(workdir);
			boolean allowed = settings.workdirRoots()
				.stream()
				.anyMatch((root) -> Files.isDirectory(root) && real.startsWith(realPath(root)));
			if (!allowed) {
				throw new SessionException.WorkdirNotAllowed(workdir.toString());
			}
		}
		return workdir;
	}

	private static Path realPath(Path path) {
		try {
			return path.toRealPath();
		}
		catch (IOException ex) {
			throw new SessionException.WorkdirNotFound(path.toString());
		}
	}

	/** What the child's {@code execvp} would run, or null. */
	private static Path findExecutable(String name, String pathVariable, Path workdir) {
		try {
			return Executables.find(name, pathVariable, workdir);
		}
		catch (InvalidPathException ex) {
			throw new SessionException.InvalidRequest("not a valid path: " + ex.getReason());
		}
	}

	private static Path path(String value) {
		try {
			return Path.of(value);
		}
		catch (InvalidPathException ex) {
			throw new SessionException.InvalidRequest("not a valid path: " + ex.getReason());
		}
	}

}
