package dev.execd.session;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;

import dev.execd.output.IdleChannels;

/**
 * What every session of a registry shares: time, the timer thread, limits, metrics and
 * the log directory.
 *
 * @param clock the clock of every instant a session reports
 * @param killGrace the grace of terminations a session starts itself (timeouts)
 * @param timers the one timer thread of the registry
 * @param stdinCapacity bytes of input that may wait for a child to read them
 * @param metrics the metrics
 * @param files the log directory
 * @param scrollbackLines rows a screen keeps above its top
 * @param shells the command queues of shell sessions, by session id
 * @param journals where a session's events are published, by its scope
 * @param watches the watches of sessions, by session id
 * @param monitor follows the sessions' processes and ports
 * @param logChannels closes the log files of idle sessions
 */
record SessionContext(Clock clock, Duration killGrace, ScheduledExecutorService timers, long stdinCapacity,
		SessionMetrics metrics, SessionFiles files, int scrollbackLines, Shells shells, Journals journals,
		Watches watches, SessionMonitor monitor, IdleChannels logChannels) {

}
