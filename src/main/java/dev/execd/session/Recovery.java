package dev.execd.session;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.execd.output.OutputLog;
import dev.execd.process.GoneChild;
import dev.execd.process.ProcessTable;
import dev.execd.process.Signals;
import dev.execd.process.Terminator;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Brings back the sessions a previous server left in the log directory. A session that
 * was running when that server stopped without shutting down is {@code lost}; if its
 * leader still runs (same pid and same start time, so never a recycled pid), every
 * process of its Unix session is terminated. Logs stay readable until the ended retention
 * passes.
 */
final class Recovery {

	private static final Log logger = LogFactory.getLog(Recovery.class);

	private Recovery() {
	}

	static List<Session> recover(SessionFiles files, SessionContext context, Duration grace) {
		List<Session> recovered = new ArrayList<>();
		for (SessionRecord record : files.load()) {
			if (record.running()) {
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

	private static void terminateSurvivors(SessionRecord record, Duration grace) {
		boolean sameProcess = record.leaderStartTime() >= 0 && ProcessTable.stat(record.pid())
			.filter((stat) -> stat.startTime() == record.leaderStartTime() && stat.session() == record.pid())
			.isPresent();
		if (sameProcess) {
			logger.info("Terminating session " + record.id() + " left running by a previous server (pid " + record.pid()
					+ ")");
			Terminator.terminate(record.pid(), record.tty(), Signals.SIGTERM, grace);
		}
	}

	private static Session restore(SessionRecord record, SessionFiles files, SessionContext context)
			throws IOException {
		OutputLog log = OutputLog.recovered(files.log(record.id()), record.outputBytesTotal());
		SessionSpec spec = new SessionSpec(record.cmd(), record.argv(), record.workdir(), null, false, Map.of(),
				record.tty(), Math.max(record.cols(), 20), Math.max(record.rows(), 5),
				Duration.ofMillis(record.maxRuntimeMs()), Duration.ofMillis(record.idleTimeoutMs()), record.name(),
				null, null);
		Session session = new Session(record.id(), new Scope(record.tenant(), record.conversation()), spec,
				record.workdir(), new GoneChild(record.pid(), record.tty()), log, record.startedAt(), context);
		boolean lost = record.running();
		session.restore(record, lost ? EndReason.LOST : record.endReason(),
				(lost || record.endedAt() == null) ? context.clock().instant() : record.endedAt());
		return session;
	}

}
