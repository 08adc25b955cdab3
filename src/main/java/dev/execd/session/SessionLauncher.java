package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import dev.execd.process.LaunchSpec;
import dev.execd.process.Launcher;
import dev.execd.process.Signals;
import dev.execd.process.SpawnException;
import dev.execd.process.Terminator;
import io.micrometer.core.instrument.Timer;

/**
 * Turns a {@link SessionSpec} into a running {@link Session}: resolves the command, opens
 * the log, spawns the process, and once the registry holds the session, announces it and
 * starts its readers. A failure before the registry holds it leaves nothing behind: no
 * process, no log, no metadata.
 */
final class SessionLauncher {

	private final ExecdProperties properties;

	private final SessionContext context;

	private final Map<String, String> serverEnv = System.getenv();

	SessionLauncher(ExecdProperties properties, SessionContext context) {
		this.properties = properties;
		this.context = context;
	}

	/**
	 * Spawns the process of a new session, not yet started: see {@link #announce}.
	 * @throws SessionException when the process cannot be spawned
	 */
	Session spawn(Scope scope, SessionSpec spec) {
		String id = SessionIds.next();
		LaunchSpec launch = Commands.resolve(spec, this.properties.process(), id, this.serverEnv);
		ShellSetup shell = spec.shellSession() ? ShellSetup.prepare(this.context.files().log(id), spec.tty()) : null;
		if (shell != null) {
			launch = shell.launch(launch);
		}
		ExecdProperties.Output output = this.properties.output();
		OutputLog log;
		try {
			log = new OutputLog(this.context.files().log(id), output.maxLogSize().toBytes(),
					(int) output.memoryWindow().toBytes(), this.context.logChannels());
		}
		catch (UncheckedIOException ex) {
			// Out of descriptors, the log cannot be opened either.
			throw SpawnRefusals.of(SpawnException.of(ex.getCause()), launch.command().get(0));
		}
		Child child;
		Timer.Sample spawn = Timer.start();
		try {
			child = Launcher.start(launch);
		}
		catch (IOException ex) {
			log.delete();
			ShellSetup.delete(shell);
			throw SpawnRefusals.of(SpawnException.of(ex), launch.command().get(0));
		}
		finally {
			spawn.stop(this.context.metrics().spawn());
		}
		try {
			if (shell != null) {
				child = shell.filter(child, log, this.context);
			}
			Session session = new Session(id, scope, spec, launch.workdir().toString(), child, log,
					this.context.clock().instant(), this.context);
			if (shell != null) {
				shell.attach(session, this.context);
			}
			return session;
		}
		catch (RuntimeException | Error ex) {
			ShellSetup.delete(shell);
			Terminator.terminate(child.pid(), child.tty(), Signals.SIGKILL, Duration.ZERO);
			child.release();
			log.delete();
			this.context.files().delete(id);
			this.context.watches().remove(id);
			throw ex;
		}
	}

	/**
	 * Announces a session the registry now holds, starts copying its output and queues
	 * its initial input, which is dropped when the process already ended. On failure the
	 * caller discards it.
	 * @param journal where its start and its exit are published
	 */
	void announce(Session session, SessionSpec spec, EventJournal journal) {
		this.context.metrics().started();
		SessionSnapshot started = session.snapshot();
		journal.publish("session_started", started);
		Audit.started(started);
		session.start((ended) -> {
			Audit.ended(ended);
			this.context.monitor().exited(session);
			journal.publish("session_exited", ended);
		});
		if (spec.stdin() != null && spec.stdin().length > 0) {
			try {
				session.write(spec.stdin(), true, false, null);
			}
			catch (SessionException.Exited ex) {
				// A command that ended before reading its input just ended: the start
				// answers with its output and exit code, and the input is dropped as a
				// pipe to an ended process drops it. Its stdin cannot have been closed
				// yet: only a write with eof closes it, and nobody else knows the id.
			}
		}
	}

}
