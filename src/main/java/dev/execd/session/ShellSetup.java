package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import dev.execd.process.Descriptor;
import dev.execd.process.FilteredChild;
import dev.execd.process.LaunchSpec;
import org.jspecify.annotations.Nullable;

/**
 * Prepares a shell session: its rc file and command file next to its log (owner-only, in
 * the owner-only log directory), the filter that takes the markers out of its output, and
 * its {@link ShellCommands}.
 */
final class ShellSetup {

	private final ShellScript script;

	private final Path rcFile;

	private @Nullable ShellCommands commands;

	private ShellSetup(ShellScript script, Path rcFile) {
		this.script = script;
		this.rcFile = rcFile;
	}

	static ShellSetup prepare(Path logFile, boolean tty) {
		String base = logFile.getFileName().toString().replaceFirst("\\.log$", "");
		Path rcFile = logFile.resolveSibling(base + SessionFiles.RC_SUFFIX);
		ShellScript script = new ShellScript(tty, logFile.resolveSibling(base + SessionFiles.COMMAND_SUFFIX));
		try {
			for (Path file : new Path[] { rcFile, script.commandFile() }) {
				Files.deleteIfExists(file);
				Files.createFile(file,
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			}
			Files.writeString(rcFile, script.rcFile());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new ShellSetup(script, rcFile);
	}

	/** The launch with the shell's own argv. */
	LaunchSpec launch(LaunchSpec resolved) {
		return new LaunchSpec(ShellScript.command(this.rcFile), resolved.workdir(), resolved.environment(),
				resolved.tty(), resolved.cols(), resolved.rows());
	}

	/** The child whose output is read through the marker filter. */
	Child filter(Child child, OutputLog log, SessionContext context) {
		this.commands = new ShellCommands(log, this.script, context);
		ShellCommands target = this.commands;
		MarkerJoin join = new MarkerJoin(child.outputs().size());
		Descriptor stdout = child.outputs().get(0).descriptor();
		return new FilteredChild(child,
				(index, out) -> new MarkedOutput(out, this.script.nonce(), log::total, (body, position) -> {
					MarkerJoin.Boundary boundary = join.add(index, body, position);
					if (boundary != null) {
						target.boundary(boundary);
					}
				}, (index > 0) ? stdout::readPending : null));
	}

	/** Registers the commands of the new session and ends them with it. */
	void attach(Session session, SessionContext context) {
		ShellCommands target = this.commands;
		target.attach(session);
		context.shells().put(session.id(), target);
		session.ended().whenComplete((last, failure) -> {
			target.shellExited((last != null) ? last.exitCode() : null);
			delete(this);
		});
	}

	/**
	 * Registers the commands of a shell recovered after a restart: none is known (they
	 * are not kept on disk) and none can be submitted, as in any ended shell.
	 */
	static void recovered(Session session, OutputLog log, SessionContext context) {
		// An ended shell is typed nothing, so its command file is never written.
		Path commandFile = log.path().resolveSibling(session.id() + SessionFiles.COMMAND_SUFFIX);
		ShellCommands commands = new ShellCommands(log, new ShellScript(session.tty(), commandFile), context);
		commands.attach(session);
		commands.recovered();
		context.shells().put(session.id(), commands);
	}

	static void delete(@Nullable ShellSetup setup) {
		if (setup != null) {
			deleteQuietly(setup.rcFile);
			deleteQuietly(setup.script.commandFile());
		}
	}

	private static void deleteQuietly(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			// Left in the owner-only log directory.
		}
	}

}
