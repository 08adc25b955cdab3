package dev.execd.session;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.execd.output.OutputLog;
import dev.execd.process.GoneChild;
import dev.execd.process.ProcessTable;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Brings back the sessions a previous server left in the log directory. A session that
 * was running when that server stopped without shutting down is {@code lost}. Whatever is
 * left of any recorded session is terminated: its whole Unix session when its leader
 * still runs (same pid and same start time, so never a recycled pid), and also when the
 * leader is gone but children it left behind are not ({@code sleep 1000 &} after the
 * leader exited): the kernel never reuses a pid that is still some process's session id,
 * so processes whose session id is the leader's pid and that started no earlier than it
 * are its own. Logs stay readable until the ended retention passes.
 */
final class Recovery {

	private static final Log logger = LogFactory.getLog(Recovery.class);

	private Recovery() {
	}

	static List<Session> recover(SessionFiles files, SessionContext context, Duration grace) {
		List<Session> recovered = new ArrayList<>();
		Set<Long> liveSessions = ProcessTable.liveSessionIds();
		for (SessionRecord record : files.load()) {
			if (liveSessions.contains(record.pid())) {
				terminateSurvivors(record, grace);
			}
			try {
				recovered.add(restore(record, files, context));
			}
			catch (IOException | RuntimeException ex) {
				logger.warn("Cannot recover session " + record.id() + ": " + ex.getMessage());
			}
		}
		return recovered;
	}

	static void terminateSurvivors(SessionRecord record, Duration grace) {
		long sid = record.pid();
		long start = record.leaderStartTime();
		if (start < 0) {
			return;
		}
		Optional<ProcessTable.Stat> leader = ProcessTable.stat(sid);
		boolean ours;
		if (leader.isPresent()) {
			// A different start time: the pid now names an unrelated process.
			ours = leader.get().startTime() == start && leader.get().session() == sid;
		}
		else {
			ours = ProcessTable.sessionMembers(sid)
				.stream()
				.anyMatch((pid) -> ProcessTable.stat(pid).filter((stat) -> stat.startTime() >= start).isPresent());
		}
		if (ours) {
			logger.info("Terminating the processes of session " + record.id() + " left by a previous server (Unix "
					+ "session " + sid + ")");
			// An interactive bash ignores SIGTERM: a shell is hung up first, as a tty is.
			Terminator.terminate(sid, record.tty() || shell(record), Signals.SIGTERM, grace);
		}
	}

	private static Session restore(SessionRecord record, SessionFiles files, SessionContext context)
			throws IOException {
		OutputLog log = OutputLog.recovered(files.log(record.id()), record.outputBytesTotal(),
				(record.lostBytes() != null) ? record.lostBytes() : 0, context.logChannels());
		SessionSpec spec = new SessionSpec(record.cmd(), record.argv(), record.workdir(), null, false, Map.of(),
				record.tty(), Math.max(record.cols(), 20), Math.max(record.rows(), 5),
				Duration.ofMillis(record.maxRuntimeMs()), Duration.ofMillis(record.idleTimeoutMs()), record.name(),
				null, null, shell(record));
		Session session = new Session(record.id(), new Scope(record.tenant(), record.conversation()), spec,
				record.workdir(), new GoneChild(record.pid(), record.tty()), log, record.startedAt(), context);
		boolean lost = record.running();
		session.restore(record, lost ? EndReason.LOST : record.endReason(),
				(lost || record.endedAt() == null) ? context.clock().instant() : record.endedAt());
		if (shell(record)) {
			// The shell that read them is gone; a server that died first left them.
			files.deleteShellFiles(record.id());
			ShellSetup.recovered(session, log, context);
		}
		return session;
	}

	/** A persistent shell's record has neither a command line nor an argv. */
	private static boolean shell(SessionRecord record) {
		return record.cmd() == null && record.argv() == null;
	}

}
