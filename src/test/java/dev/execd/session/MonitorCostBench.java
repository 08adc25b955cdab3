package dev.execd.session;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost of the {@link SessionMonitor} with many idle sessions: the CPU time of its
 * thread per tick, from {@link ThreadMXBean}. Not part of the suite (the name matches no
 * test pattern); run it with
 * {@code ./mvnw -B -q test -Dtest=MonitorCostBench -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dbench.sessions=N} for another count).
 */
class MonitorCostBench {

	private static final int SESSIONS = Integer.getInteger("bench.sessions", 1000);

	private static final Duration MEASURED = Duration.ofSeconds(30);

	@Test
	void idleSessionsCostLittleCpu(@TempDir Path dir) throws Exception {
		Map<String, String> source = Map.of("execd.output.dir", dir.toString(), "execd.limits.max-sessions",
				Integer.toString(SESSIONS + 100), "execd.limits.max-sessions-per-conversation",
				Integer.toString(SESSIONS + 100), "execd.limits.warn-sessions-per-conversation",
				Integer.toString(SESSIONS + 100), "execd.process.kill-grace", "500ms");
		ExecdProperties properties = new Binder(new MapConfigurationPropertySource(source)).bindOrCreate("execd",
				ExecdProperties.class);
		try (SessionRegistry registry = new SessionRegistry(properties, Clock.systemUTC(), new SimpleMeterRegistry())) {
			Scope scope = new Scope("anonymous", "bench");
			for (int i = 0; i < SESSIONS; i++) {
				registry.start(scope, new SessionSpec(null, List.of("sleep", "600"), null, null, false, Map.of(), false,
						120, 30, Duration.ofMinutes(30), Duration.ZERO, null, null, null));
			}
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			long monitor = monitorThread(threads);
			// Let the first scans (usage of every session) pass.
			Thread.sleep(3000);
			long cpuBefore = threads.getThreadCpuTime(monitor);
			long wallBefore = System.nanoTime();
			Thread.sleep(MEASURED.toMillis());
			long cpu = threads.getThreadCpuTime(monitor) - cpuBefore;
			long wall = System.nanoTime() - wallBefore;
			double ticks = (double) wall / SessionMonitor.TICK.toNanos();
			double share = 100.0 * cpu / wall;
			report("idle: %d sessions, %.0f ticks in %d s: %.2f ms CPU per tick, %.2f%% of one core", SESSIONS, ticks,
					MEASURED.toSeconds(), cpu / ticks / 1e6, share);

			// A socket nobody's session owns appears: every session's descriptors are
			// looked through, on two ticks, then it is known as foreign.
			long changeBefore = threads.getThreadCpuTime(monitor);
			try (ServerSocket server = new ServerSocket()) {
				server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
				Thread.sleep(3000);
			}
			long changeCpu = threads.getThreadCpuTime(monitor) - changeBefore;
			report("a new foreign listening socket: %.2f ms CPU over its 6 ticks (2 of them scan every session's fds)",
					changeCpu / 1e6);
			breakdown(registry, threads);
			assertThat(share).isLessThan(5.0);
		}
	}

	/** What each part of a tick costs, run on this thread. */
	private static void breakdown(SessionRegistry registry, ThreadMXBean threads) {
		java.util.Set<Long> sids = new java.util.HashSet<>();
		registry.list(new Scope("anonymous", "bench"), true).forEach((s) -> sids.add(s.pid()));
		report("parts, ms CPU per call: listening sockets %.2f, process scan of %d sessions %.2f",
				cpu(threads, dev.execd.process.ProcNet::listening), sids.size(),
				cpu(threads, () -> dev.execd.process.ProcessScan.bySession(sids)));
	}

	private static double cpu(ThreadMXBean threads, Runnable part) {
		part.run();
		long before = threads.getCurrentThreadCpuTime();
		for (int i = 0; i < 10; i++) {
			part.run();
		}
		return (threads.getCurrentThreadCpuTime() - before) / 10 / 1e6;
	}

	private static long monitorThread(ThreadMXBean threads) {
		for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
			if (info != null && info.getThreadName().equals("execd-monitor")) {
				return info.getThreadId();
			}
		}
		throw new IllegalStateException("no execd-monitor thread");
	}

	private static void report(String format, Object... args) {
		System.out.println("MONITOR-BENCH " + String.format(format, args));
	}

}
