package dev.execd.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import dev.execd.process.ProcNet;
import dev.execd.process.ProcessInfo;
import dev.execd.process.ProcessScan;
import dev.execd.process.ProcessTable;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * One thread that follows the processes of every session that ran within the reap
 * interval: every {@link #TICK} it reads the listening sockets and publishes the ports
 * opened and closed; every {@link #SCAN} (or when a socket appeared) it reads the
 * sessions' processes in one pass over {@code /proc} for their usage, the new sockets'
 * owners and the sessions waiting for input.
 */
public final class SessionMonitor implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SessionMonitor.class);

	static final Duration TICK = Duration.ofMillis(500);

	// A scan of 1000 sessions' processes costs about 25 ms of CPU: every 2 s keeps the
	// monitor's share of a core near 4% with the /proc/net reads of every tick.
	static final Duration SCAN = Duration.ofSeconds(2);

	/** Output or input this recent is no prompt yet: the program may still be talking. */
	private static final Duration QUIET = Duration.ofMillis(200);

	private final ScheduledExecutorService thread = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("execd-monitor").daemon().factory());

	private final Supplier<Collection<Session>> sessions;

	private final Journals journals;

	private final Clock clock;

	private final Duration recent;

	private final PortTracker ports;

	private long lastScanNanos = System.nanoTime() - SCAN.toNanos();

	/**
	 * @param recent how long after its end a session is still followed: the reap
	 * interval, for the processes it left behind
	 */
	SessionMonitor(Supplier<Collection<Session>> sessions, Journals journals, Clock clock, Duration recent) {
		this.sessions = sessions;
		this.journals = journals;
		this.clock = clock;
		this.recent = recent;
		this.ports = new PortTracker(this::publish);
	}

	void start() {
		this.thread.scheduleWithFixedDelay(this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** One tick; on the monitor's thread, {@code execd-monitor}. */
	void tick() {
		try {
			List<Session> followed = followed();
			synchronized (this) {
				if (followed.isEmpty() && this.ports.idle()) {
					// Nothing to follow: an idle server reads nothing from /proc.
					return;
				}
			}
			Map<Long, ProcNet.Socket> listening = ProcNet.listening();
			long now = System.nanoTime();
			boolean scan = now - this.lastScanNanos >= SCAN.toNanos();
			Map<Long, List<ProcessTable.Stat>> members = null;
			synchronized (this) {
				if (scan || this.ports.hasNew(listening)) {
					members = ProcessScan.bySession(sids(followed));
				}
				this.ports.update(listening, followed, members);
			}
			if (scan && members != null) {
				this.lastScanNanos = now;
				for (Session session : followed) {
					List<ProcessTable.Stat> own = members.getOrDefault(session.watch().sid(), List.of());
					session.watch().measured(own);
					checkInput(session, own);
				}
			}
		}
		catch (RuntimeException ex) {
			logger.warn("The session monitor's tick failed", ex);
		}
	}

	/**
	 * Publishes the close of the session's ports that no longer listen: called when its
	 * exit is reported, before {@code session_exited}.
	 */
	synchronized void exited(Session session) {
		// Most sessions never listened: their exit reads no table.
		if (this.ports.owns(session)) {
			this.ports.closeGone(session, ProcNet.listening());
		}
	}

	/** Publishes the close of every port of a removed session, before its removal. */
	synchronized void released(Session session) {
		this.ports.closeAll(session);
	}

	/**
	 * The live processes of a session while it is followed (running, or ended within the
	 * reap interval), else none: once a session ended, its Unix session id may be reused.
	 */
	public List<SessionProcess> processes(Session session) {
		if (!followed().contains(session)) {
			return List.of();
		}
		long sid = session.watch().sid();
		List<ProcessTable.Stat> members = ProcessScan.bySession(Set.of(sid)).getOrDefault(sid, List.of());
		return ProcessInfo.of(members, ProcNet.listening()).stream().map(SessionProcess::of).toList();
	}

	/**
	 * The sessions whose processes are followed: ours, running or ended within the reap
	 * interval, and not ended ones whose Unix session id a running session now has.
	 */
	private List<Session> followed() {
		Instant since = this.clock.instant().minus(this.recent);
		List<Session> running = new ArrayList<>();
		List<Session> ended = new ArrayList<>();
		for (Session session : this.sessions.get()) {
			if (!session.watch().owned() || session.removed()) {
				continue;
			}
			Instant endedAt = session.endedAt();
			if (session.isRunning()) {
				running.add(session);
			}
			else if (endedAt != null && endedAt.isAfter(since)) {
				ended.add(session);
			}
		}
		Set<Long> live = sids(running);
		ended.removeIf((session) -> live.contains(session.watch().sid()));
		running.addAll(ended);
		return running;
	}

	private static Set<Long> sids(List<Session> sessions) {
		Set<Long> sids = new HashSet<>();
		sessions.forEach((session) -> sids.add(session.watch().sid()));
		return sids;
	}

	/** Publishes {@code session_waiting_for_input} once per quiet spell at a prompt. */
	private void checkInput(Session session, List<ProcessTable.Stat> members) {
		// A prompt prints something: a session that never printed is not asked, which
		// spares the idle ones (sleep, a silent build step) a /proc read each.
		if (!session.isRunning() || session.removed() || members.isEmpty() || session.log().total() == 0) {
			return;
		}
		SessionSnapshot before = session.snapshot();
		Instant lastActivity = before.lastActivityAt();
		boolean quiet = !lastActivity.plus(QUIET).isAfter(this.clock.instant());
		if (before.stdinOpen() && session.watch().inputAwaited(lastActivity, quiet, members, SCAN.toNanos())) {
			SessionSnapshot at = session.snapshot();
			this.journals.publish(session.scope(), "session_waiting_for_input", at,
					new InputWaitEvent(at.outputBytesTotal()));
		}
	}

	private void publish(Session session, String type, @Nullable EventDetail detail) {
		this.journals.publish(session.scope(), type, session.snapshot(), detail);
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
	}

}
