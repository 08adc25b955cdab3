package dev.execd.session;

import java.util.function.Supplier;

import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import dev.execd.process.ProcessTable;

/**
 * A session's files: its metadata, rewritten on every change, and their deletion at
 * removal. One writer at a time, each writing the newest state, and nothing after the
 * deletion: a late write would bring a removed session back on restart.
 */
final class SessionPersistence {

	private final SessionFiles files;

	private final String id;

	/**
	 * The leader's start time (clock ticks since boot), to recognise it after a restart.
	 * A leader that already exited (and was reaped) is known to have started at most a
	 * few seconds ago: that lower bound still tells its leftover children apart, and no
	 * process that takes its pid later can have started that early.
	 */
	private final long leaderStartTime;

	private static final long START_SLACK_TICKS = 10 * 100;

	private boolean deleted;

	SessionPersistence(SessionFiles files, String id, Child child) {
		this.files = files;
		this.id = id;
		this.leaderStartTime = child.owned() ? ProcessTable.stat(child.pid())
			.map(ProcessTable.Stat::startTime)
			.orElseGet(() -> ProcessTable.ticksSinceBoot() - START_SLACK_TICKS) : -1L;
	}

	/** Writes the metadata file: at the start, on every change and at the end. */
	synchronized void save(Supplier<SessionSnapshot> state) {
		if (!this.deleted) {
			this.files.save(SessionRecord.of(state.get(), this.leaderStartTime));
		}
	}

	/**
	 * At removal: deletes the log and metadata, or at shutdown closes the log and writes
	 * the final metadata for the next server.
	 */
	void release(OutputLog log, boolean delete, Supplier<SessionSnapshot> state) {
		if (delete) {
			delete(log);
		}
		else {
			log.close();
			save(state);
		}
	}

	synchronized void delete(OutputLog log) {
		this.deleted = true;
		log.delete();
		this.files.delete(this.id);
	}

}
